import Geometry
import Gestures
import Raster

/// The overlay a middle tap opens: a panel at the bottom with a progress
/// bar; a tap on the bar jumps there, a tap elsewhere closes it.
public final class OverlayState {
    public var isVisible = false

    public init() {}

    /// The panel's height and the bar's rectangle for a screen size.
    static func layout(width: Int, height: Int) -> (panel: PixelRect, bar: PixelRect) {
        let panelHeight = max(48, height / 8)
        let panel = PixelRect(x: 0, y: height - panelHeight, width: width, height: panelHeight)
        let margin = width / 12
        let bar = PixelRect(x: margin, y: panel.y + panelHeight / 2 - 4, width: width - 2 * margin, height: 8)
        return (panel, bar)
    }

    /// Where along the book a tap on the bar points (0...1), or nil when the tap missed it.
    public func progressFraction(at point: Point, width: Int, height: Int) -> Double? {
        let (panel, bar) = Self.layout(width: width, height: height)
        guard point.y >= Double(panel.y), point.x >= Double(bar.x), point.x <= Double(bar.maxX) else { return nil }
        return (point.x - Double(bar.x)) / Double(bar.width)
    }

    /// Draws the panel and returns the frame rows it covers.
    @discardableResult
    public func draw(into frame: inout PixelBuffer, theme: Theme, progress: Double) -> Range<Int> {
        let (panel, bar) = Self.layout(width: frame.width, height: frame.height)
        frame.fill(panel, with: theme.background)
        frame.fill(PixelRect(x: 0, y: panel.y, width: panel.width, height: 2), with: theme.secondary)
        frame.fill(bar, with: theme.secondary)
        let done = Int(Double(bar.width) * max(0, min(1, progress)))
        frame.fill(PixelRect(x: bar.x, y: bar.y - 2, width: done, height: bar.height + 4), with: theme.ink)
        return panel.y..<(panel.y + panel.height)
    }
}
