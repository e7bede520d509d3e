/// An axis-aligned rectangle in whole pixels; y grows downwards.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var columns: Range<Int> { x..<maxX }
    public var rows: Range<Int> { y..<maxY }

    /// Whether the point lies within, or within `slop` pixels of, the rectangle.
    public func contains(x px: Double, y py: Double, slop: Double = 0) -> Bool {
        px >= Double(x) - slop && px < Double(maxX) + slop && py >= Double(y) - slop && py < Double(maxY) + slop
    }

    /// The smallest rectangle holding both.
    public func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        return PixelRect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "(\(x), \(y)) \(width)x\(height)" }
}
