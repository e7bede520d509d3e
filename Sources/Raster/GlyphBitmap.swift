/// A rendered glyph: an 8-bit coverage mask placed relative to the pen.
public struct GlyphBitmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Pixels from the pen position to the mask's left column.
    public let left: Int
    /// Pixels from the baseline up to the mask's top row.
    public let top: Int
    /// `width * height` coverage values, rows packed without padding.
    public let coverage: [UInt8]

    public init(width: Int, height: Int, left: Int, top: Int, coverage: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative glyph size \(width)x\(height)")
        precondition(coverage.count == width * height, "coverage does not match \(width)x\(height)")
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.coverage = coverage
    }

    /// A glyph with no ink, such as a space.
    public static let empty = GlyphBitmap(width: 0, height: 0, left: 0, top: 0, coverage: [])

    public var isEmpty: Bool { width == 0 || height == 0 }
}
