import Geometry
import Raster

/// A control on screen: what the checks tap and what a screen reader would
/// say (`--describe`), with the rectangle a touch must land in.
public struct ScreenControl: Equatable, Sendable {
    public var id: String
    public var label: String
    public var rect: PixelRect
    /// What the control is set to, when it holds a state ("selected", "20 px"): the spoken interface says it after the label.
    public var value: String?

    public init(id: String, label: String, rect: PixelRect, value: String? = nil) {
        self.id = id
        self.label = label
        self.rect = rect
        self.value = value
    }

    /// The label and the state, as the spoken interface says them.
    public var spoken: String { value.map { "\(label), \($0)" } ?? label }

    /// True when the point lies in the control's rectangle.
    public func contains(x: Double, y: Double) -> Bool {
        x >= Double(rect.x) && x < Double(rect.maxX) && y >= Double(rect.y) && y < Double(rect.maxY)
    }

    /// `{"id", "label", "rect": [x, y, w, h]}`.
    public var json: JSONLine {
        var line = JSONLine()
        line.add("id", id)
        line.add("label", label)
        line.add("rect", [rect.x, rect.y, rect.width, rect.height].map(Double.init))
        if let value { line.add("value", value) }
        return line
    }
}

extension Array where Element == ScreenControl {
    /// The control under a point; the last drawn wins where two overlap.
    public func hit(x: Double, y: Double) -> ScreenControl? {
        last { $0.contains(x: x, y: y) }
    }
}
