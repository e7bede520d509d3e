import Geometry
import Raster

/// The folded corner a bookmarked page shows at its top right while it
/// rests on screen: the page's corner turned down as a triangle in the
/// theme's secondary colour, its edge in ink.
struct DogEar {
    /// A finger's width, a third of the top margin at least.
    let size: Int

    init(metrics: InterfaceMetrics) { size = max(12, metrics.target * 2 / 3) }

    /// Draws the corner; returns the rows it covers.
    func draw(theme: Theme, into frame: inout PixelBuffer) -> [Range<Int>] {
        let right = frame.width
        for row in 0..<size {
            // The fold runs from (right - size, 0) to (right, size): the flap is below it, against the corner.
            let flap = size - row
            frame.fill(PixelRect(x: right - flap, y: row, width: flap, height: 1), with: theme.secondary)
            frame.fill(PixelRect(x: right - flap - 1, y: row, width: 2, height: 1), with: theme.ink)
        }
        return [0..<size]
    }
}
