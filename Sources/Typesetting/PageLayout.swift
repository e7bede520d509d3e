import BookModel
import Geometry

/// A glyph at its place on the page.
public struct PlacedGlyph: Sendable, Equatable {
    /// Index into the typesetter's FontSet faces.
    public var face: Int
    public var glyph: UInt32
    /// Pen position in 26.6 pixels from the page's top-left corner.
    public var x: Int32
    public var y: Int32
    /// Drawn turned a quarter clockwise (Latin in a vertical line).
    public var sideways = false
}

/// Everything drawn on one page.
public struct PageLayout: Sendable {
    public var pageIndex: Int
    public var entry: PageEntry
    public var glyphs: [PlacedGlyph] = []
    /// The text lines as placed, for inspection and tests.
    public var lines: [String] = []
    /// Each line's left and right ink edges in 26.6 pixels.
    public var lineExtents: [ClosedRange<Int32>] = []
    public var footer: String = ""
    /// A structured book's images, rules and links on the page.
    public var images: [PlacedImage] = []
    /// Filled in the text's colour (a horizontal rule).
    public var rules: [PixelRect] = []
    /// Filled in the quieter colour: the lines under links within the book.
    public var underlines: [PixelRect] = []
    public var links: [PageLink] = []
    /// Where the text's characters were set.
    public var text = PlacedText()
    /// Where the images' bytes are read from.
    public var resources: DocumentResources?
    /// The fixed pages shown (a PDF or comic page, a spread of two).
    public var fixedPages: [PlacedFixedPage] = []
    /// How the page's lines run (`VerticalPage`).
    public var writingMode = WritingMode.horizontalTB
}

extension Typesetter {
    /// Only the footer of page `index`: its numbers change as pagination
    /// goes on while the page's text does not.
    public func layoutFooter(_ index: Int, of pagination: Pagination) -> PageLayout {
        var page = PageLayout(pageIndex: index, entry: pagination.pages[index])
        placeFooter(for: index, of: pagination, into: &page)
        return page
    }

    /// Page `index` shows fixed pages (pictures edge to edge, no footer).
    public func showsFixedPages(_ index: Int, of pagination: Pagination) -> Bool {
        guard let sections = book.document?.sections, pagination.pages.indices.contains(index),
              let section = section(holdingParagraph: pagination.pages[index].paragraph) else { return false }
        return sections[section].fixedPage != nil
    }

    /// The rows the footer may ink, below every row of text.
    public var footerRows: Range<Int> {
        let size = geometry.footerFontSize
        return max(0, geometry.footerBaseline - 2 * size)..<min(geometry.height, geometry.footerBaseline + size)
    }

    /// Lays out page `index` of `pagination`, line by line as pagination did.
    public func layoutPage(_ index: Int, of pagination: Pagination) -> PageLayout {
        let entry = pagination.pages[index]
        if let fixed = layoutFixedPages(index, entry: entry) { return fixed }
        var page = PageLayout(pageIndex: index, entry: entry)
        page.resources = book.document?.resources
        var flow = PageFlow(geometry: flowGeometry(forParagraph: entry.paragraph))
        var paragraphIndex = entry.paragraph
        // The page's line is one of the window its first character is in.
        var window = entry.paragraph < book.paragraphs.count
            ? paragraphWindows.windows(of: entry.paragraph, in: book)
                .window(containing: entry.start - book.paragraphs[entry.paragraph].scalars.lowerBound)
            : 0
        var firstLine = entry.line
        pageLoop: while paragraphIndex < book.paragraphs.count {
            // A part no page shows ends the page (the next shown part starts a page of its own).
            if window == 0, offPageRun(at: paragraphIndex) != nil { break }
            var layout = pageParagraphs.layout(.init(paragraph: paragraphIndex, window: window)) {
                layoutParagraph($0.paragraph, window: $0.window)
            }
            if firstLine == 0, window == 0, !flow.begin(layout) { break }
            if let float = layout.block?.float {
                if layout.start >= entry.end, index + 1 < pagination.pages.count { break }
                guard let top = flow.placeFloat(float) else { break }
                placeFloat(layout, box: float, top: geometry.marginTop + top, into: &page)
            } else if let wrap = firstLine > 0 ? entry.wrap : flow.wrap(lineHeight: layout.lineHeight) {
                // Set again beside the floated pictures, as pagination set it.
                layout = pageParagraphs.layout(.init(paragraph: paragraphIndex, window: window, wrap: wrap)) {
                    layoutParagraph($0.paragraph, window: $0.window, wrap: $0.wrap)
                }
            }
            // A floated picture has no line in the flow.
            let lines = layout.block?.float == nil ? firstLine..<layout.lines.count : firstLine..<firstLine
            for line in lines {
                if layout.offset(ofLine: line) >= entry.end, index + 1 < pagination.pages.count { break pageLoop }
                guard let top = flow.place(lineHeight: layout.lineHeight, style: layout.style) else { break pageLoop }
                if let block = layout.block {
                    placeBlock(line: line, of: layout, block: block, top: geometry.marginTop + top, into: &page)
                } else {
                    let baseline = geometry.marginTop + top + baselineOffset(layout)
                    place(line: line, of: layout, baseline: baseline, into: &page)
                }
            }
            if layout.endsParagraph {
                paragraphIndex += 1
                window = 0
            } else {
                window += 1
            }
            firstLine = 0
        }
        if let turn = pageTurn(forParagraph: entry.paragraph) { page.turn(turn) }
        if !geometry.fillsPage { placeFooter(for: index, of: pagination, into: &page) }
        return page
    }

    /// Distance from a line's top to its baseline: the ascender, with the
    /// leading split above and below.
    private func baselineOffset(_ layout: ParagraphLayout) -> Int {
        let ascender = Int(layout.face.ascender) / 64
        let descender = Int(-layout.face.descender) / 64
        // Room for ruby is all above the line.
        let leading = layout.lineHeight - layout.marksHeight - ascender - descender
        return layout.marksHeight + leading / 2 + ascender
    }

    /// Sets one line: its runs reordered for display (UAX #9 rule L2 over
    /// the runs' levels; each run's glyphs are already in visual order),
    /// spaces stretched or shrunk when justified, the hyphen at its end.
    func place(line lineIndex: Int, of layout: ParagraphLayout, baseline: Int, into page: inout PageLayout) {
        let line = layout.lines[lineIndex]
        let shaped = layout.shaped
        let geometry = flowGeometry(forParagraph: layout.index)
        let rightToLeft = shaped.isRightToLeft
        let measure = geometry.measure
        let available = measure - line.indent - line.endIndent
        var x = Int32(geometry.marginLeft * 64)
        var stretch: Int32 = 0, remainder: Int32 = 0
        // Chinese and Japanese: blanks trimmed and compressed, space between characters.
        let adjustment = InlineAdjustment(line: line, of: shaped, available: available)
        switch line.alignment {
        case .justified:
            if adjustment == nil {
                let extra = available - line.naturalWidth
                stretch = extra / Int32(line.glueCount)
                remainder = extra % Int32(line.glueCount)
            }
            x += rightToLeft ? line.endIndent : line.indent
        case .centred:
            // A text book's centred lines ignore indents, as they always have.
            x += layout.block == nil ? (measure - line.naturalWidth) / 2
                : (rightToLeft ? line.endIndent : line.indent) + (available - line.naturalWidth) / 2
        case .start:
            x += rightToLeft ? measure - line.indent - line.naturalWidth : line.indent
        case .end:
            x += rightToLeft ? line.endIndent : measure - line.endIndent - line.naturalWidth
        }
        let left = x
        var inkEnd = line.range.upperBound
        while inkEnd > line.range.lowerBound, shaped.isGlue[inkEnd - 1] { inkEnd -= 1 }

        var pieces: [(run: Int, range: Range<Int>)] = []
        var levels: [UInt8] = []
        for (index, run) in shaped.runs.enumerated() {
            let lower = max(run.range.lowerBound, line.range.lowerBound), upper = min(run.range.upperBound, inkEnd)
            guard lower < upper else { continue }
            pieces.append((index, lower..<upper))
            levels.append(run.level)
        }
        if line.hyphenated { levels.append(levels.last ?? shaped.bidi.baseLevel) }

        let top = baseline - (layout.block?.baselineOffset ?? baselineOffset(layout))
        // A vertical line's glyphs stand on its middle (`VerticalText`), below the room for ruby.
        let y = shaped.vertical == nil ? Int32(baseline * 64) : Int32((2 * top + layout.marksHeight + layout.lineHeight) * 32)
        page.text.beginLine(top: top, height: layout.lineHeight)
        // Where each character was set, for marks drawn over it.
        var spans: [Int: ClosedRange<Int32>] = [:]
        let links = layout.block?.links ?? []
        let marksAbove = layout.marksHeight > 0
        let tracksSpans = marksAbove || links.contains { $0.range.overlaps(line.range) }
        for piece in BidiReordering.visualOrder(levels: levels) {
            guard piece < pieces.count else {
                let face = layout.face
                page.glyphs.append(PlacedGlyph(face: face.id, glyph: face.hyphenGlyph, x: x, y: y,
                                               sideways: shaped.vertical != nil))
                x += face.hyphenAdvance
                continue
            }
            let run = shaped.runs[pieces[piece].run], range = pieces[piece].range
            var previousCluster = -1
            for glyph in run.glyphs {
                let cluster = Int(shaped.clusters[glyph])
                guard range.contains(cluster), !shaped.hides(cluster) else { continue }
                let moves = adjustment?.moves(at: cluster) ?? (before: 0, after: 0, space: 0)
                if shaped.isGlue[cluster] {
                    let width = shaped.widths[cluster]
                    x += width + moves.space
                    if width > 0, line.alignment == .justified {
                        x += stretch
                        if remainder > 0 { x += 1; remainder -= 1 }
                        if remainder < 0 { x -= 1; remainder += 1 }
                    }
                    continue
                }
                // The character's box starts where the pen stood, before a blank taken away.
                let boxLeft = x
                if cluster != previousCluster { x -= moves.before }
                previousCluster = cluster
                let endsCluster = glyph + 1 >= run.glyphs.upperBound || Int(shaped.clusters[glyph + 1]) != cluster
                let cutAfter = endsCluster ? moves.after : 0
                page.glyphs.append(PlacedGlyph(face: run.face, glyph: shaped.glyphs[glyph],
                                               x: x + shaped.xOffsets[glyph], y: y - shaped.yOffsets[glyph] - run.rise,
                                               sideways: run.form == .sideways))
                // A combined group's characters all take its one em.
                let span = run.form == .combined ? Int32(fonts.faces[run.face].pixelSize * 64) : shaped.advances[glyph]
                page.text.add(offset: layout.start + cluster, left: boxLeft, right: max(boxLeft, x + span - cutAfter),
                              sideways: run.form == .sideways)
                if tracksSpans {
                    let span = spans[cluster].map { min($0.lowerBound, x)...max($0.upperBound, x + shaped.advances[glyph]) }
                    spans[cluster] = span ?? x...(x + max(0, shaped.advances[glyph]))
                }
                x += shaped.advances[glyph]
                if endsCluster { x += moves.space - moves.after }
            }
        }
        if marksAbove { placeMarks(over: line, of: layout, spans: spans, baseline: y, into: &page) }
        if tracksSpans, let block = layout.block {
            placeLinks(links, over: line, of: layout, spans: spans, top: baseline - block.baselineOffset, into: &page)
        }
        page.lines.append(layout.text(ofLine: lineIndex))
        page.lineExtents.append(left...max(left, x))
    }

    private func placeFooter(for index: Int, of pagination: Pagination, into page: inout PageLayout) {
        let text = pagination.footer(forPage: index, of: book)
        page.footer = text
        let shaped = ShapedParagraph(source: text.unicodeScalars.map(\.value), style: .preserved, fonts: fonts,
                                     face: fonts.footer, services: services)
        let width = shaped.widths.reduce(0, +)
        var x = Int32(geometry.width * 64) / 2 - width / 2
        let y = Int32(geometry.footerBaseline * 64)
        for run in shaped.runs {
            for glyph in run.glyphs {
                page.glyphs.append(PlacedGlyph(face: run.face, glyph: shaped.glyphs[glyph],
                                               x: x + shaped.xOffsets[glyph], y: y - shaped.yOffsets[glyph]))
                x += shaped.advances[glyph]
            }
        }
    }
}
