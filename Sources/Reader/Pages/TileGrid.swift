import Geometry

/// A square of a zoomed page: `column` and `row` count tiles from the
/// magnified page's top-left corner.
struct TileCell: Hashable, Sendable {
    var column: Int
    var row: Int
}

/// Which drawing a tile holds: the page (by its first character, which
/// pages put in front of it leave as it is), the scale and the cell.
struct TileKey: Hashable, Sendable {
    var pageStart: Int
    var scale: Double
    var cell: TileCell
}

/// The grid of tiles over a page magnified by `scale`: a page buffer
/// `pageWidth` x `pageHeight` at 1x becomes a picture `scale` times as
/// large, cut into squares of `side` pixels (those on its right and bottom
/// edges cut short by it). Pure geometry: which tiles the screen shows.
struct TileGrid: Equatable {
    /// Tiles are this many pixels square at the scale on screen.
    static let side = 256
    /// Tiles this far past the viewport's edges (pixels) are drawn too, so a
    /// pan finds the next ones ready.
    static let margin = 128

    let pageWidth: Int
    let pageHeight: Int
    let scale: Double

    /// The magnified page's size in pixels.
    var width: Int { Int((Double(pageWidth) * scale).rounded(.up)) }
    var height: Int { Int((Double(pageHeight) * scale).rounded(.up)) }
    var columns: Int { (width + Self.side - 1) / Self.side }
    var rows: Int { (height + Self.side - 1) / Self.side }

    /// The cell's pixels in the magnified page.
    func rect(of cell: TileCell) -> PixelRect {
        let x = cell.column * Self.side, y = cell.row * Self.side
        return PixelRect(x: x, y: y, width: min(Self.side, width - x), height: min(Self.side, height - y))
    }

    /// The cells a viewport `viewWidth` x `viewHeight` at `origin` (its
    /// top-left in the magnified page's pixels) overlaps, grown by
    /// `margin` on every side and kept within the page.
    func cells(viewWidth: Int, viewHeight: Int, origin: (x: Int, y: Int), margin: Int = 0) -> [TileCell] {
        let left = max(0, origin.x - margin), top = max(0, origin.y - margin)
        let right = min(width, origin.x + viewWidth + margin), bottom = min(height, origin.y + viewHeight + margin)
        guard right > left, bottom > top else { return [] }
        var cells: [TileCell] = []
        for row in (top / Self.side)...((bottom - 1) / Self.side) {
            for column in (left / Self.side)...((right - 1) / Self.side) {
                cells.append(TileCell(column: column, row: row))
            }
        }
        return cells
    }

    /// The cells to draw for that viewport: those in view, then those in
    /// the margin, each group nearest the viewport's centre first.
    func wanted(viewWidth: Int, viewHeight: Int, origin: (x: Int, y: Int)) -> [TileCell] {
        let inView = cells(viewWidth: viewWidth, viewHeight: viewHeight, origin: origin)
        let seen = Set(inView)
        let around = cells(viewWidth: viewWidth, viewHeight: viewHeight, origin: origin, margin: Self.margin)
            .filter { !seen.contains($0) }
        let centreX = origin.x + viewWidth / 2, centreY = origin.y + viewHeight / 2
        func distance(_ cell: TileCell) -> Int {
            let rect = rect(of: cell)
            let dx = rect.x + rect.width / 2 - centreX, dy = rect.y + rect.height / 2 - centreY
            return dx * dx + dy * dy
        }
        return inView.sorted { distance($0) < distance($1) } + around.sorted { distance($0) < distance($1) }
    }

    /// At most how many tiles a viewport of that size wants, wherever it is.
    static func mostWanted(viewWidth: Int, viewHeight: Int) -> Int {
        let across = (viewWidth + 2 * margin + side - 1) / side + 1
        let down = (viewHeight + 2 * margin + side - 1) / side + 1
        return across * down
    }
}
