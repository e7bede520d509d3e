import Geometry
import Gestures
import Raster

/// Whether the menu is over the page, and its bars sliding in and out
/// (about 200 ms, in the loop's time).
public final class MenuPresence {
    /// Open (or opening); false while it slides out.
    public var isVisible = false {
        didSet { if isVisible != oldValue { transition = nil } }
    }
    /// When the last open or close began, and which it was.
    private var transition: (start: Double, opening: Bool)?
    public static let transitionDuration = 200.0

    public init() {}

    public func open(at time: Double) {
        guard !isVisible else { return }
        isVisible = true
        transition = (time, true)
    }

    public func close(at time: Double) {
        guard isVisible else { return }
        isVisible = false
        transition = (time, false)
    }

    /// How far the bars are in at `time`: 0 hidden, 1 fully shown; eased out.
    public func presence(at time: Double) -> Double {
        guard let transition else { return isVisible ? 1 : 0 }
        let t = max(0, min(1, (time - transition.start) / Self.transitionDuration))
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        return transition.opening ? eased : 1 - eased
    }

    /// True while the bars slide at `time`.
    public func isAnimating(at time: Double) -> Bool {
        guard let transition else { return false }
        return time < transition.start + Self.transitionDuration
    }

    /// True while anything of the menu is on screen at `time`.
    public func isShown(at time: Double) -> Bool { isVisible || isAnimating(at: time) }

    /// Where along the book a tap on the slider points (0...1), or nil when the tap missed it.
    public func progressFraction(at point: Point, width: Int, height: Int) -> Double? {
        let layout = MenuLayout(metrics: InterfaceMetrics(width: width, height: height),
                                content: MenuContent(title: ""), measure: { $0.count * 12 })
        guard let slider = layout.control(.slider), slider.contains(x: point.x, y: point.y) else { return nil }
        return layout.sliderFraction(atX: point.x)
    }
}
