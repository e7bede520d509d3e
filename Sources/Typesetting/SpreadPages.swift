import BookModel
import Geometry

/// Pages shown two to a screen: the spread chosen for a book and font, and
/// a spread laid out as one picture of the screen's size.
extension Typesetter {
    /// Running text whose average character width stands for the font's.
    static let characterSample = "the quick brown fox jumps over the lazy dog, and she said: Where are you going?"

    /// The screen cut into pages for `book`: only reflowed horizontal text
    /// is shown two pages to a spread.
    static func spread(of book: Book, screen: PageGeometry, columns: ColumnChoice?, fonts: FontSet, language: String?,
                       vertical: Bool, choice: WritingModeChoice) -> (SpreadLayout, rightToLeft: Bool, allows: Bool) {
        let allows = !vertical && !book.hasFixedPages
        let width = setsSquareCharacters(language) ? Double(fonts.body.pixelSize) : averageCharacterWidth(fonts.body)
        let layout = SpreadLayout.plan(screen: screen, choice: columns, characterWidth: width, allowsColumns: allows)
        return (layout, layout.columns > 1 && book.pageProgression(choice) == .rightToLeft, allows)
    }

    /// Chinese, Japanese and Korean text: each character fills a square em.
    static func setsSquareCharacters(_ language: String?) -> Bool {
        guard let primary = language?.lowercased().split(separator: "-").first else { return false }
        return ["zh", "ja", "ko"].contains(primary)
    }

    /// The average advance of the sample's characters in pixels; half the
    /// size when the face lacks one of them.
    static func averageCharacterWidth(_ face: FontFace) -> Double {
        var total: Int32 = 0, count = 0
        for scalar in characterSample.unicodeScalars {
            guard let glyph = face.glyph(for: scalar.value) else { return Double(face.pixelSize) / 2 }
            total += face.advance(ofGlyph: glyph)
            count += 1
        }
        return Double(total) / 64 / Double(max(1, count))
    }

    /// Which pages of `pagination` make which spread.
    public func spreads(of pagination: Pagination) -> SpreadMap {
        SpreadMap(columns: spread.columns, pagesBefore: pagination.pagesBefore)
    }

    /// The pages of spread `index` laid out side by side as one picture of
    /// the screen: each page moved to its place, with its own footer.
    public func layoutSpread(_ index: Int, of pagination: Pagination) -> PageLayout {
        let map = spreads(of: pagination)
        guard map.columns > 1 else { return layoutPage(index, of: pagination) }
        return combined(map.pages(ofSpread: index, pageCount: pagination.pages.count), map: map, pagination: pagination) {
            layoutPage($0, of: pagination)
        }
    }

    /// Only the footers of spread `index`'s pages, in their places.
    public func layoutSpreadFooter(_ index: Int, of pagination: Pagination) -> PageLayout {
        let map = spreads(of: pagination)
        guard map.columns > 1 else { return layoutFooter(index, of: pagination) }
        return combined(map.pages(ofSpread: index, pageCount: pagination.pages.count), map: map, pagination: pagination) {
            layoutFooter($0, of: pagination)
        }
    }

    private func combined(_ pages: Range<Int>, map: SpreadMap, pagination: Pagination,
                          layout: (Int) -> PageLayout) -> PageLayout {
        guard let first = pages.first else { return PageLayout(pageIndex: 0, entry: pagination.pages[0]) }
        var entry = pagination.pages[first]
        entry.end = pagination.pages[pages.upperBound - 1].end
        var spread = PageLayout(pageIndex: first, entry: entry)
        for page in pages {
            spread.append(layout(page), atX: self.spread.originX(ofSlot: map.slot(ofPage: page),
                                                                  rightToLeft: spreadsRightToLeft))
        }
        return spread
    }
}

extension PageLayout {
    /// Adds what `page` draws, moved `x` pixels to the right.
    mutating func append(_ page: PageLayout, atX x: Int) {
        let shift = Int32(x * 64)
        func moved(_ glyph: PlacedGlyph) -> PlacedGlyph {
            var glyph = glyph
            glyph.x += shift
            return glyph
        }
        func moved(_ rect: PixelRect) -> PixelRect { PixelRect(x: rect.x + x, y: rect.y, width: rect.width, height: rect.height) }
        glyphs += page.glyphs.map(moved)
        lines += page.lines
        lineExtents += page.lineExtents.map { ($0.lowerBound + shift)...($0.upperBound + shift) }
        footer = footer.isEmpty ? page.footer : footer + "\t" + page.footer
        images += page.images.map { image in
            var image = image
            image.box = moved(image.box)
            image.alternative = image.alternative.map(moved)
            return image
        }
        rules += page.rules.map(moved)
        underlines += page.underlines.map(moved)
        links += page.links.map { link in
            var link = link
            link.box = moved(link.box)
            return link
        }
        text.append(page.text, atX: shift)
        resources = resources ?? page.resources
        writingMode = page.writingMode
    }
}
