/// A position on the touch surface or the screen, in device units or pixels.
public struct TouchPoint: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: TouchPoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public static func - (lhs: TouchPoint, rhs: TouchPoint) -> TouchVector {
        TouchVector(dx: lhs.x - rhs.x, dy: lhs.y - rhs.y)
    }

    public static func + (lhs: TouchPoint, rhs: TouchVector) -> TouchPoint {
        TouchPoint(x: lhs.x + rhs.dx, y: lhs.y + rhs.dy)
    }
}

/// A displacement (pixels) or a velocity (pixels per millisecond).
public struct TouchVector: Equatable, Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public static let zero = TouchVector(dx: 0, dy: 0)

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public var length: Double { (dx * dx + dy * dy).squareRoot() }
}

/// One finger on the surface. The id is unique for the life of the contact
/// and never reused for a later contact, so consumers can tell a new finger
/// from a moved one.
public struct Touch: Equatable, Hashable, Sendable {
    public var id: Int
    public var x: Double
    public var y: Double

    public init(id: Int, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }

    public var point: TouchPoint { TouchPoint(x: x, y: y) }
}

/// Every finger on the surface at one moment (time in milliseconds).
/// An empty frame means all fingers have lifted.
public struct TouchFrame: Equatable, Sendable {
    public var time: Double
    public var touches: [Touch]

    public init(time: Double, touches: [Touch]) {
        self.time = time
        self.touches = touches
    }

    public var centroid: TouchPoint? {
        guard !touches.isEmpty else { return nil }
        let count = Double(touches.count)
        return TouchPoint(x: touches.reduce(0) { $0 + $1.x } / count, y: touches.reduce(0) { $0 + $1.y } / count)
    }
}
