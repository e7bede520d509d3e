import Geometry

/// Margins around the content that the scroll view may also show, as UIKit's contentInset.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// One of the two scroll axes; lets per-axis logic be written once.
enum Axis: CaseIterable {
    case horizontal
    case vertical
}

extension Point {
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set {
            if axis == .horizontal { x = newValue } else { y = newValue }
        }
    }
}

extension Size {
    subscript(axis: Axis) -> Double {
        axis == .horizontal ? width : height
    }
}
