import BookModel
import Glibc

/// Cuts lines into paragraphs: blank lines separate blocks; a block of
/// hard-wrapped prose becomes one paragraph, a block of short or indented
/// lines keeps its breaks, and in files that are not hard-wrapped every line
/// is a paragraph. Headings are recognised here too, and the frame some
/// sources put around a book (a Project Gutenberg header and licence,
/// Aozora Bunko's notes on its notation) is marked as front and back matter.
enum ParagraphSplitter {
    /// Files whose long lines exceed this many columns are not hard-wrapped.
    static let hardWrapLimit = 100

    static func split(lines: [SourceLine], utf8: [UInt8]) -> (paragraphs: [Paragraph], chapters: [Chapter], metadata: BookMetadata) {
        var splitter = BlockSplitter(utf8: utf8, wrapWidth: typicalWrapWidth(lines))
        splitter.hasAnnotations = contains(utf8, AozoraBlocks.annotationOpening)
        var blockStart: Int? = nil
        for (index, line) in lines.enumerated() {
            if !splitter.isHardWrapped {
                // One paragraph per line: every line is a block of its own.
                if !line.isBlank { splitter.emit(lines[index...index], at: index) }
            } else if line.isBlank {
                if let start = blockStart {
                    splitter.emit(lines[start..<index], at: start)
                    blockStart = nil
                }
            } else if blockStart == nil {
                blockStart = index
            }
        }
        if let start = blockStart { splitter.emit(lines[start...], at: start) }
        return splitter.finish(lines: lines)
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

    /// Whether `needle` (not empty) occurs in `utf8`: memchr to each
    /// place its first byte is, then a compare.
    private static func contains(_ utf8: [UInt8], _ needle: [UInt8]) -> Bool {
        utf8.withUnsafeBytes { haystack in
            needle.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let pattern = needle.baseAddress, needle.count > 0 else { return false }
                let lead = Int32(needle[0])
                var offset = 0
                while offset + needle.count <= haystack.count,
                      let found = memchr(base + offset, lead, haystack.count - offset - needle.count + 1) {
                    if memcmp(found, pattern, needle.count) == 0 { return true }
                    offset = UnsafeRawPointer(found) - base + 1
                }
                return false
            }
        }
    }
}

/// The state of one split: paragraphs so far, heading candidates, and the
/// frame markers found.
private struct BlockSplitter {
    let utf8: [UInt8]
    let wrapWidth: Int
    var isHardWrapped: Bool { wrapWidth <= ParagraphSplitter.hardWrapLimit }
    /// The text holds `［＃`: Aozora Bunko's block annotations are looked for.
    var hasAnnotations = false
    var paragraphs: [Paragraph] = []
    var candidates: [HeadingDetector.Candidate] = []
    /// Paragraphs whose block is a few short lines (title page material).
    var shortBlocks: [Bool] = []
    /// The Gutenberg START line: its line index and paragraph.
    var start: (line: Int, paragraph: Int)?
    /// The first paragraph of the back matter.
    var backMatter: Int?
    /// Aozora: the rules of dashes around the notes (paragraph indices).
    var notesRules: [Int] = []
    var notesLine: Int?
    private var indent = 0
    private var pendingPageBreak = false
    /// The last paragraph, when it is a heading of a keyword and number
    /// alone (`CHAPTER II.`), with the line it ends on: a title line after
    /// it is part of it.
    private var bareHeading: (paragraph: Int, line: Int)?

    init(utf8: [UInt8], wrapWidth: Int) {
        self.utf8 = utf8
        self.wrapWidth = wrapWidth
    }

    /// The paragraph of one block of lines, and its heading candidate if it is one.
    mutating func emit(_ block: ArraySlice<SourceLine>, at lineIndex: Int) {
        guard let first = block.first, let last = block.last else { return }
        if start == nil || backMatter == nil, let marker = findMarker(in: block) {
            // The marker line is a paragraph of its own, whatever it touches.
            if block.count > 1 {
                emit(block[..<marker], at: lineIndex)
                emit(block[marker...marker], at: marker)
                emit(block[(marker + 1)...], at: marker + 1)
                return
            }
            switch GutenbergHeader.marker(first, utf8: utf8) {
            case .start?: start = (marker, paragraphs.count)
            case .end?: backMatter = paragraphs.count
            case nil: break
            }
        }
        var blockIndent = indent
        if hasAnnotations, block.count == 1, let annotated = annotatedBlock(first) {
            guard let indent = annotated else { return }
            blockIndent = indent
        }
        let traits: ParagraphTraits = pendingPageBreak ? .startsPage : []
        pendingPageBreak = false
        if hasAnnotations, let heading = aozoraHeading(block) {
            candidates.append(.init(title: heading.title, key: heading.title, offset: first.scalarStart + first.indent,
                                    paragraphIndex: paragraphs.count, rank: heading.rank))
            append(paragraph(.heading, from: first, to: last, traits: traits), short: false)
            return
        }
        if let bare = bareHeading {
            bareHeading = nil
            if traits.isEmpty, block.count == 1, lineIndex - bare.line <= 3, isTitleLine(first),
               let heading = candidates.last, heading.paragraphIndex == bare.paragraph {
                // `CHAPTER II.`, a blank line, `The Pool of Tears`: one heading.
                let opening = paragraphs[bare.paragraph]
                paragraphs[bare.paragraph] = Paragraph(
                    style: .heading, bytes: opening.bytes.lowerBound..<last.bytes.upperBound,
                    scalars: opening.scalars.lowerBound..<(last.scalarStart + last.scalarCount), traits: opening.traits)
                candidates[candidates.count - 1].title += " " + text(of: first).reversed().drop(while: \.isWhitespace).reversed()
                return
            }
        }
        switch HeadingDetector.classify(block, utf8: utf8) {
        case let .heading(title, key, rank):
            candidates.append(.init(title: title, key: key, offset: first.scalarStart + first.indent,
                                    paragraphIndex: paragraphs.count, rank: rank))
            append(paragraph(.heading, from: first, to: last, traits: traits), short: false)
            // Only in hard-wrapped text, where a title line stands apart; a
            // bare digit is more often a footnote's mark.
            if isHardWrapped, block.count == 1, title.first?.isNumber == false,
               HeadingDetector.numberKey(title) == HeadingDetector.numberKey(title + " x") {
                bareHeading = (paragraphs.count - 1, lineIndex)
            }
            return
        case .contentsList:
            append(paragraph(.contents, from: first, to: last, traits: traits), short: false)
        case .text:
            let keepsBreaks = block.count > 1 && ParagraphSplitter.keepsLineBreaks(block, wrapWidth: wrapWidth)
            var made = paragraph(keepsBreaks ? .preserved : .body, from: first, to: last, traits: traits)
            made.blockIndent = UInt8(clamping: blockIndent)
            append(made, short: isShort(block))
            if notesLine == nil, hasAnnotations, AozoraBlocks.isRule(text(of: first)) {
                notesRules.append(paragraphs.count - 1)
                if notesRules.count == 1 { notesLine = lineIndex }
            } else if notesRules.count == 1, hasAnnotations, AozoraBlocks.isRule(text(of: first)) {
                notesRules.append(paragraphs.count - 1)
            }
        }
        if hasAnnotations, backMatter == nil, text(of: first).hasPrefix(AozoraBlocks.colophonStart) {
            backMatter = paragraphs.count - 1
        }
    }

    private mutating func append(_ paragraph: Paragraph, short: Bool) {
        paragraphs.append(paragraph)
        shortBlocks.append(short)
    }

    /// An Aozora line of one annotation: nil when the line holds text,
    /// `.some(nil)` when it makes no paragraph (its command is applied),
    /// `.some(indent)` for a line indented by `［＃N字下げ］`.
    private mutating func annotatedBlock(_ line: SourceLine) -> Int?? {
        let text = text(of: line)
        guard text.hasPrefix("［＃") else { return nil }
        if let command = AozoraBlocks.command(ofLine: text) {
            switch command {
            case let .indentFrom(count): indent = count
            case .indentEnd: indent = 0
            case .pageBreak: pendingPageBreak = true
            case .ignored: break
            }
            return .some(nil)
        }
        if let count = AozoraBlocks.leadingIndent(text) { return .some(count) }
        return nil
    }

    private func aozoraHeading(_ block: ArraySlice<SourceLine>) -> (title: String, rank: Int)? {
        guard block.count == 1, let line = block.first, line.columns <= HeadingDetector.maximumColumns * 2 else { return nil }
        let text = text(of: line)
        guard text.contains("見出し") else { return nil }
        return AozoraBlocks.heading(in: text)
    }

    /// The line of the block that is the next marker looked for.
    private func findMarker(in block: ArraySlice<SourceLine>) -> Int? {
        block.indices.first { index in
            switch GutenbergHeader.marker(block[index], utf8: utf8) {
            case .start?: return start == nil
            case .end?: return start != nil && backMatter == nil
            case nil: return false
            }
        }
    }

    /// A chapter's title on a line of its own: short, opening with a
    /// capital, no quotation marks (`“TOM!”` opens a chapter's text), no
    /// exclamation or question unless in capitals, and ending without a
    /// full stop unless in capitals or shorter still and without a comma
    /// (`Le père et le fils.`); not a heading itself.
    private func isTitleLine(_ line: SourceLine) -> Bool {
        guard line.columns <= 50, line.indent < 8 else { return false }
        let text = text(of: line)
        if line.mayBeHeading, HeadingDetector.isHeadingLine(String(text)) { return false }
        let capitals = !text.contains(where: \.isLowercase)
        guard let firstCharacter = text.first, firstCharacter.isUppercase,
              !text.contains(where: { "“”\"‘’;«»".contains($0) || !capitals && "!?".contains($0) }),
              let lastCharacter = text.last else { return false }
        if lastCharacter.isLetter || lastCharacter.isNumber { return true }
        return capitals && ".!?".contains(lastCharacter) || lastCharacter == "." && line.columns <= 40 && !text.contains(",")
    }

    /// A block of at most four lines, each well short of the wrap width.
    private func isShort(_ block: ArraySlice<SourceLine>) -> Bool {
        let limit = isHardWrapped ? wrapWidth * 80 / 100 : 60
        return block.count <= 4 && block.allSatisfy { $0.columns + $0.indent <= limit }
    }

    private func text(of line: SourceLine) -> Substring {
        Substring(String(decoding: utf8[(line.bytes.lowerBound + line.indent)..<line.bytes.upperBound], as: UTF8.self))
    }

    private func paragraph(_ style: ParagraphStyle, from first: SourceLine, to last: SourceLine,
                           traits: ParagraphTraits) -> Paragraph {
        Paragraph(style: style, bytes: first.bytes.lowerBound..<last.bytes.upperBound,
                  scalars: first.scalarStart..<(last.scalarStart + last.scalarCount), traits: traits)
    }

    /// Marks the frame, centres the title page and picks the chapters.
    mutating func finish(lines: [SourceLine]) -> (paragraphs: [Paragraph], chapters: [Chapter], metadata: BookMetadata) {
        var metadata = BookMetadata()
        var bodyParagraph = 0
        if let start {
            metadata = GutenbergHeader.metadata(header: lines[..<start.line], utf8: utf8)
            bodyParagraph = start.paragraph + 1
        } else if notesRules.count == 2, let notesLine, notesLine + 1 < lines.count,
                  text(of: lines[notesLine + 1]).hasPrefix(AozoraBlocks.notesTitle) {
            metadata = aozoraMetadata(lines: lines[..<notesLine])
            bodyParagraph = notesRules[1] + 1
            for index in notesRules[0]...notesRules[1] { paragraphs[index].traits.insert(.frontMatter) }
            // The title and author above the notes are the title page.
            centreTitlePage(from: 0, before: notesRules[0])
        }
        if bodyParagraph > 0 {
            if start != nil { for index in 0..<bodyParagraph { paragraphs[index].traits.insert(.frontMatter) } }
            if bodyParagraph < paragraphs.count {
                paragraphs[bodyParagraph].traits.insert(.startsPage)
                metadata.bodyStart = paragraphs[bodyParagraph].scalars.lowerBound
            }
        }
        if let backMatter, backMatter < paragraphs.count {
            paragraphs[backMatter].traits.insert(.startsPage)
            for index in backMatter..<paragraphs.count { paragraphs[index].traits.insert(.backMatter) }
        }
        // Headings in the frame are not the book's.
        candidates.removeAll { candidate in
            guard paragraphs[candidate.paragraphIndex].traits.isMatter else { return false }
            paragraphs[candidate.paragraphIndex].style = .preserved
            return true
        }
        let chapters = HeadingDetector.chapters(from: candidates, paragraphs: paragraphs)
        // Candidates that turned out to be a table of contents are a list.
        let chapterParagraphs = Set(chapters.map(\.paragraphIndex))
        for candidate in candidates where !chapterParagraphs.contains(candidate.paragraphIndex) {
            paragraphs[candidate.paragraphIndex].style = .contents
        }
        centreTitlePage(from: bodyParagraph, before: chapters.first?.paragraphIndex ?? paragraphs.count)
        metadata.usesAozoraNotation = hasAnnotations
        // Kept for the whole session: copied to its own size, not the
        // doubling capacity it grew to (a long novel's 16,000 paragraphs).
        let kept = paragraphs.withUnsafeBufferPointer { Array($0) }
        return (kept, HeadingDetector.levelled(chapters), metadata)
    }

    /// The run of short blocks the book opens with, before its first
    /// chapter or contents list, is its title page.
    private mutating func centreTitlePage(from first: Int, before end: Int) {
        var index = first
        while index < min(end, paragraphs.count), shortBlocks[index],
              paragraphs[index].style == .body || paragraphs[index].style == .preserved,
              !paragraphs[index].traits.isMatter {
            paragraphs[index].traits.insert(.centred)
            index += 1
        }
    }

    /// An Aozora file opens with the title and the author, one a line.
    private func aozoraMetadata(lines: ArraySlice<SourceLine>) -> BookMetadata {
        let named = lines.filter { !$0.isBlank }.map { String(text(of: $0)) }
        return BookMetadata(title: named.first, authors: Array(named.dropFirst().prefix(1)), language: "ja")
    }
}
