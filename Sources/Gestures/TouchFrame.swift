import Geometry

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

    public var point: Point { Point(x: x, y: y) }
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

    public var centroid: Point? {
        guard !touches.isEmpty else { return nil }
        let count = Double(touches.count)
        return Point(x: touches.reduce(0) { $0 + $1.x } / count, y: touches.reduce(0) { $0 + $1.y } / count)
    }
}
