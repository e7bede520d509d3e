import BookModel

/// A few blocks of a book set on their own, at the page's measure and
/// without a page's height: what a note panel shows.
extension Typesetter {
    /// The blocks `paragraphs` laid out from a top of 0 (page breaks inside
    /// ignored), and their height in pixels.
    public func layoutExcerpt(paragraphs: Range<Int>) -> (layout: PageLayout, height: Int) {
        // The note panel is a horizontal strip: a vertical book's note is set in horizontal lines there.
        if paragraphs.contains(where: { writingMode(ofParagraph: $0).isVertical }),
           let across = try? Typesetter(matching: self, writingMode: .horizontal) {
            return across.layoutExcerpt(paragraphs: paragraphs)
        }
        var page = PageLayout(interfaceGlyphs: [])
        page.resources = book.document?.resources
        var tall = geometry
        tall.height = PageGeometry.maximumSide
        var flow = PageFlow(geometry: tall)
        excerpt: for index in paragraphs.clamped(to: 0..<book.paragraphs.count) {
            for window in 0..<paragraphWindows.windows(of: index, in: book).count {
                let layout = pageParagraphs.layout(.init(paragraph: index, window: window)) {
                    layoutParagraph($0.paragraph, window: $0.window)
                }
                if window == 0 { _ = flow.begin(layout) }
                for line in layout.lines.indices {
                    guard let top = flow.place(lineHeight: layout.lineHeight, style: layout.style) else { break excerpt }
                    if let block = layout.block {
                        placeBlock(line: line, of: layout, block: block, top: top, into: &page)
                    } else {
                        place(line: line, of: layout, baseline: top + layout.lineHeight * 4 / 5, into: &page)
                    }
                }
            }
        }
        return (page, flow.y)
    }
}

extension Book {
    /// The blocks a note at `target` is made of: the one holding it and
    /// those after it in its section, up to a heading, the target of
    /// another link (the next note) or `limit` blocks.
    public func noteParagraphs(at target: Int, limit: Int = 24) -> Range<Int> {
        let first = paragraphIndex(containing: target)
        guard let document else { return first..<min(paragraphs.count, first + 1) }
        let sectionEnd = document.sections.first { $0.paragraphs.contains(first) }?.paragraphs.upperBound ?? paragraphs.count
        let targets = Set(document.blocks.flatMap { $0.links.map(\.target) })
        var end = first + 1
        while end < min(sectionEnd, first + limit) {
            if case .heading = document.blocks[end].kind { break }
            if targets.contains(paragraphs[end].scalars.lowerBound) { break }
            end += 1
        }
        return first..<end
    }

    /// The paragraphs of the sections no page shows (reached by links
    /// only), when the book has sections that pages do show.
    var offPageParagraphs: [Range<Int>] {
        guard let document, document.sections.contains(where: \.isLinear) else { return [] }
        return document.sections.filter { !$0.isLinear && !$0.paragraphs.isEmpty }.map(\.paragraphs)
    }

    /// Whether scalar offset `offset` lies in a section no page shows (reached by links only).
    public func isOffPages(_ offset: Int) -> Bool {
        guard let document, document.sections.contains(where: \.isLinear) else { return false }
        return document.sections.contains { !$0.isLinear && $0.offsets.contains(offset) }
    }
}
