import BookModel
import Geometry

/// A vertical page is laid out as the page turned a quarter
/// (`WritingModes`); these turn what was placed back onto the page:
/// vertical-rl turns it a quarter clockwise (the first line becomes the
/// rightmost column), vertical-lr mirrors it across the diagonal (the
/// first line the leftmost). Glyphs keep their own orientation: upright
/// ones were placed by their vertical origin, sideways ones are drawn
/// turned (`PlacedGlyph.sideways`).
public struct PageTurn: Sendable, Equatable {
    public var mode: WritingMode
    /// The page's width in pixels.
    public var width: Int

    /// The page's point of a point of the layout, 26.6 pixels.
    func point(x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        mode == .verticalLR ? (y, x) : (Int32(width * 64) - y, x)
    }

    /// The page's rectangle of a rectangle of the layout.
    public func rect(_ rect: PixelRect) -> PixelRect {
        let x = mode == .verticalLR ? rect.y : width - rect.y - rect.height
        return PixelRect(x: x, y: rect.x, width: rect.height, height: rect.width)
    }

    /// The layout's point of a point on the page (pixels).
    func layoutPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        mode == .verticalLR ? (y, x) : (y, Double(width) - x)
    }
}

extension PageLayout {
    /// Turns everything placed so far onto the page (the footer is placed after, as on every page).
    mutating func turn(_ turn: PageTurn) {
        for index in glyphs.indices { glyphs[index].turn(turn) }
        for index in images.indices {
            images[index].box = turn.rect(images[index].box)
            for glyph in images[index].alternative.indices { images[index].alternative[glyph].turn(turn) }
        }
        rules = rules.map(turn.rect)
        underlines = underlines.map(turn.rect)
        for index in links.indices { links[index].box = turn.rect(links[index].box) }
        text.turn = turn
        writingMode = turn.mode
    }
}

extension PlacedGlyph {
    mutating func turn(_ turn: PageTurn) {
        (x, y) = turn.point(x: x, y: y)
    }
}

extension Typesetter {
    /// The turn that puts a page of paragraph `index`'s section onto the page; nil when it is horizontal.
    func pageTurn(forParagraph index: Int) -> PageTurn? {
        let mode = writingMode(ofParagraph: index)
        return mode.isVertical ? PageTurn(mode: mode, width: geometry.width) : nil
    }
}
