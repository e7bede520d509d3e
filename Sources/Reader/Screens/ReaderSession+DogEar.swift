import Geometry
import Raster

/// A marked page shows a folded corner at its top right while it rests on screen.
extension ReaderSession {
    /// The corner's size: a finger's width, a third of the top margin at least.
    var dogEarSize: Int { max(12, interfaceMetrics.target * 2 / 3) }

    /// The page at rest is bookmarked: its corner is drawn over it.
    var showsDogEar: Bool { isPageBookmarked && !controller.isAnimating && !controller.isZoomed && screens.list == nil }

    /// Draws the corner when the page at rest is bookmarked; returns the rows it covers.
    func drawDogEar() -> [Range<Int>] {
        guard showsDogEar else { return [] }
        let size = dogEarSize
        DogEar.draw(size: size, theme: settings.theme, into: &frame)
        return [0..<size]
    }
}

/// The folded corner: the page's corner turned down as a triangle in
/// the theme's secondary colour, its edge in ink.
enum DogEar {
    static func draw(size: Int, theme: Theme, into frame: inout PixelBuffer) {
        let right = frame.width
        for row in 0..<size {
            // The fold runs from (right - size, 0) to (right, size): the flap is below it, against the corner.
            let flap = size - row
            frame.fill(PixelRect(x: right - flap, y: row, width: flap, height: 1), with: theme.secondary)
            frame.fill(PixelRect(x: right - flap - 1, y: row, width: 2, height: 1), with: theme.ink)
        }
    }
}
