import Geometry
import Raster

/// A zoomed picture page composed from tiles: each tile of the viewport
/// from its sharp drawing when there is one, else magnified from the
/// page's buffer at 1x (the coarser level), so no tile is ever blank while
/// its sharp drawing is on its way. One with neither is counted blank.
extension Compositor {
    /// Composes the page magnified on `grid` with the magnified page's
    /// pixel `origin` at the viewport's top-left. `tile` gives a cell's
    /// sharp pixels when drawn; `base` is the page at 1x (nil: none).
    /// Where the viewport lies past the page, the background shows.
    mutating func composeTiled(base: PixelBuffer?, grid: TileGrid, origin: (x: Int, y: Int), into frame: inout PixelBuffer,
                               tile: (TileCell) -> PixelBuffer?) {
        lastFrame = nil
        let view = PixelRect(x: 0, y: 0, width: min(width, frame.width), height: min(height, frame.height))
        let page = PixelRect(x: -origin.x, y: -origin.y, width: grid.width, height: grid.height)
        guard let shown = page.intersection(view) else {
            frame.fill(view, with: background)
            return
        }
        // The background around the page: bands above and below, then the sides.
        for band in [PixelRect(x: 0, y: 0, width: view.width, height: shown.y),
                     PixelRect(x: 0, y: shown.maxY, width: view.width, height: view.maxY - shown.maxY),
                     PixelRect(x: 0, y: shown.y, width: shown.x, height: shown.height),
                     PixelRect(x: shown.maxX, y: shown.y, width: view.maxX - shown.maxX, height: shown.height)]
            where !band.isEmpty {
            frame.fill(band, with: background)
        }
        for cell in grid.cells(viewWidth: view.width, viewHeight: view.height, origin: origin) {
            let rect = grid.rect(of: cell)
            let onScreen = PixelRect(x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height)
            guard let visible = onScreen.intersection(view) else { continue }
            if let sharp = tile(cell), sharp.width == rect.width, sharp.height == rect.height {
                frame.copy(from: sharp, sourceRect: PixelRect(x: visible.x - onScreen.x, y: visible.y - onScreen.y,
                                                              width: visible.width, height: visible.height),
                           toX: visible.x, y: visible.y)
            } else if let base {
                magnify(base, scale: grid.scale, offsetX: Double(origin.x), offsetY: Double(origin.y), region: visible,
                        into: &frame)
            } else {
                frame.fill(visible, with: background)
                blankTiles += 1
            }
        }
    }
}
