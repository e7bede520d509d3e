/// A glyph at its place on the page.
public struct PlacedGlyph: Sendable, Equatable {
    /// Index into the typesetter's FontSet faces.
    public var face: Int
    public var glyph: UInt32
    /// Pen position in 26.6 pixels from the page's top-left corner.
    public var x: Int32
    public var y: Int32
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
}

extension Typesetter {
    /// Lays out page `index` of `pagination`, line by line as pagination did.
    public func layoutPage(_ index: Int, of pagination: Pagination) -> PageLayout {
        let entry = pagination.pages[index]
        var page = PageLayout(pageIndex: index, entry: entry)
        var flow = PageFlow(geometry: geometry)
        var paragraphIndex = entry.paragraph
        var firstLine = entry.line
        pageLoop: while paragraphIndex < book.paragraphs.count {
            let layout = layoutParagraph(paragraphIndex)
            if firstLine == 0, !flow.beginParagraph(layout.style) { break }
            for line in firstLine..<layout.lines.count {
                if layout.offset(ofLine: line) >= entry.end, index + 1 < pagination.pages.count { break pageLoop }
                guard let top = flow.place(lineHeight: layout.lineHeight, style: layout.style) else { break pageLoop }
                let baseline = geometry.marginTop + top + baselineOffset(layout)
                place(line: line, of: layout, baseline: baseline, into: &page)
            }
            paragraphIndex += 1
            firstLine = 0
        }
        placeFooter(for: index, of: pagination, into: &page)
        return page
    }

    /// Distance from a line's top to its baseline: the ascender, with the
    /// leading split above and below.
    private func baselineOffset(_ layout: ParagraphLayout) -> Int {
        let ascender = Int(layout.face.ascender) / 64
        let descender = Int(-layout.face.descender) / 64
        let leading = layout.lineHeight - ascender - descender
        return leading / 2 + ascender
    }

    private func place(line lineIndex: Int, of layout: ParagraphLayout, baseline: Int, into page: inout PageLayout) {
        let line = layout.lines[lineIndex]
        let shaped = layout.shaped
        let measure = geometry.measure
        let available = measure - line.indent
        var x = Int32(geometry.marginLeft * 64)
        var stretch: Int32 = 0, remainder: Int32 = 0
        switch line.alignment {
        case .justified:
            let extra = max(0, available - line.naturalWidth)
            stretch = extra / Int32(line.glueCount)
            remainder = extra % Int32(line.glueCount)
            x += shaped.isRightToLeft ? 0 : line.indent
        case .centred:
            x += (measure - line.naturalWidth) / 2
        case .start:
            x += shaped.isRightToLeft ? measure - line.indent - line.naturalWidth : line.indent
        }
        let left = x
        var inkEnd = line.range.upperBound
        while inkEnd > line.range.lowerBound, shaped.isGlue[inkEnd - 1] { inkEnd -= 1 }
        let y = Int32(baseline * 64)
        for glyph in shaped.glyphs.indices {
            let cluster = Int(shaped.clusters[glyph])
            guard cluster >= line.range.lowerBound, cluster < inkEnd else { continue }
            if shaped.isGlue[cluster] {
                let width = shaped.widths[cluster]
                x += width
                if width > 0, line.alignment == .justified {
                    x += stretch
                    if remainder > 0 { x += 1; remainder -= 1 }
                }
                continue
            }
            page.glyphs.append(PlacedGlyph(face: layout.face.id, glyph: shaped.glyphs[glyph],
                                           x: x + shaped.xOffsets[glyph], y: y - shaped.yOffsets[glyph]))
            x += shaped.advances[glyph]
        }
        page.lines.append(layout.text(ofLine: lineIndex))
        page.lineExtents.append(left...max(left, x))
    }

    private func placeFooter(for index: Int, of pagination: Pagination, into page: inout PageLayout) {
        let total = max(1, book.text.scalarCount)
        let percent = index == pagination.pages.count - 1 ? 100 : pagination.pages[index].end * 100 / total
        let text = "\(index + 1) / \(pagination.pages.count) · \(percent)%"
        page.footer = text
        let shaped = ShapedParagraph(source: text.unicodeScalars.map(\.value), style: .preserved, face: fonts.footer)
        let width = shaped.widths.reduce(0, +)
        var x = Int32(geometry.width * 64) / 2 - width / 2
        let y = Int32(geometry.footerBaseline * 64)
        for glyph in shaped.glyphs.indices {
            page.glyphs.append(PlacedGlyph(face: fonts.footer.id, glyph: shaped.glyphs[glyph],
                                           x: x + shaped.xOffsets[glyph], y: y - shaped.yOffsets[glyph]))
            x += shaped.advances[glyph]
        }
    }
}
