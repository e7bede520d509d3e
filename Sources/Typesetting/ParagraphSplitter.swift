/// Cuts lines into paragraphs: blank lines separate blocks; a block of
/// hard-wrapped prose becomes one paragraph, a block of short or indented
/// lines keeps its breaks, and in files that are not hard-wrapped every line
/// is a paragraph. Headings are recognised here too.
enum ParagraphSplitter {
    /// Files whose long lines exceed this many columns are not hard-wrapped.
    static let hardWrapLimit = 100

    static func split(lines: [SourceLine], utf8: [UInt8]) -> (paragraphs: [Paragraph], chapters: [Chapter]) {
        let wrapWidth = typicalWrapWidth(lines)
        let isHardWrapped = wrapWidth <= hardWrapLimit
        var paragraphs: [Paragraph] = []
        var candidates: [HeadingDetector.Candidate] = []
        var blockStart: Int? = nil
        for (index, line) in lines.enumerated() {
            if !isHardWrapped {
                // One paragraph per line: every line is a block of its own.
                if !line.isBlank {
                    emit(lines[index...index], utf8: utf8, wrapWidth: wrapWidth, into: &paragraphs, candidates: &candidates)
                }
            } else if line.isBlank {
                if let start = blockStart {
                    emit(lines[start..<index], utf8: utf8, wrapWidth: wrapWidth, into: &paragraphs, candidates: &candidates)
                    blockStart = nil
                }
            } else if blockStart == nil {
                blockStart = index
            }
        }
        if let start = blockStart {
            emit(lines[start...], utf8: utf8, wrapWidth: wrapWidth, into: &paragraphs, candidates: &candidates)
        }

        let chapters = HeadingDetector.chapters(from: candidates, paragraphs: paragraphs)
        // Candidates that turned out to be a table of contents are a list.
        let chapterParagraphs = Set(chapters.map(\.paragraphIndex))
        for candidate in candidates where !chapterParagraphs.contains(candidate.paragraphIndex) {
            paragraphs[candidate.paragraphIndex].style = .contents
        }
        return (paragraphs, chapters.map { Chapter(title: $0.title, offset: $0.offset) })
    }

    /// The paragraph of one block of lines, and its heading candidate if it is one.
    private static func emit(_ block: ArraySlice<SourceLine>, utf8: [UInt8], wrapWidth: Int,
                             into paragraphs: inout [Paragraph], candidates: inout [HeadingDetector.Candidate]) {
        guard let first = block.first, let last = block.last else { return }
        if let heading = HeadingDetector.title(of: block, utf8: utf8) {
            candidates.append(.init(title: heading.title, key: heading.key, offset: first.scalarStart + first.indent,
                                    paragraphIndex: paragraphs.count))
            paragraphs.append(paragraph(.heading, from: first, to: last))
            return
        }
        let keepsBreaks = block.count > 1 && keepsLineBreaks(block, wrapWidth: wrapWidth)
        paragraphs.append(paragraph(keepsBreaks ? .preserved : .body, from: first, to: last))
    }

    private static func paragraph(_ style: ParagraphStyle, from first: SourceLine, to last: SourceLine) -> Paragraph {
        Paragraph(style: style, bytes: first.bytes.lowerBound..<last.bytes.upperBound,
                  scalars: first.scalarStart..<(last.scalarStart + last.scalarCount))
    }

    /// The column at which the file's prose lines wrap: the 95th percentile
    /// of non-blank line widths.
    static func typicalWrapWidth(_ lines: [SourceLine]) -> Int {
        var histogram = [Int](repeating: 0, count: 257)
        var counted = 0
        for line in lines where !line.isBlank {
            histogram[min(line.columns + line.indent, 256)] += 1
            counted += 1
        }
        guard counted > 0 else { return 0 }
        let target = Int((Double(counted) * 0.95).rounded(.up))
        var seen = 0
        for (width, count) in histogram.enumerated() {
            seen += count
            if seen >= target { return width }
        }
        return 256
    }

    /// Verse and tables: every line indented, or many lines that end well
    /// short of the wrap width.
    static func keepsLineBreaks(_ block: ArraySlice<SourceLine>, wrapWidth: Int) -> Bool {
        if block.allSatisfy({ $0.indent > 0 }) { return true }
        let shortLimit = wrapWidth * 65 / 100
        let innerLines = block.dropLast()
        var shortLines = 0
        for line in innerLines where line.columns + line.indent < shortLimit { shortLines += 1 }
        return shortLines > max(1, innerLines.count / 3)
    }
}
