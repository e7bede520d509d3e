import Geometry

/// For each row of an image, the columns that may hold something other
/// than the background: from its first such pixel to just past its last
/// (empty for a row that is all background). A frame composed from pages
/// writes only between these bounds, its own and those of what the
/// display's buffer held before, so the ends of short lines, the margins
/// and rows only one page has ink on are not written again as background.
public struct InkColumns: Equatable, Sendable {
    /// Each row's first and past-the-last column, packed `first | end << 32`.
    private var spans: [UInt64]

    public var rowCount: Int { spans.count }

    /// No ink on any of `rows` rows.
    public init(rows: Int) {
        spans = [UInt64](repeating: 0, count: rows)
    }

    /// Ink possibly anywhere in `columns` of every one of `rows` rows.
    public init(rows: Int, spanning columns: Range<Int>) {
        spans = [UInt64](repeating: Self.packed(columns), count: rows)
    }

    /// Measured on `pixels`: the rows outside `ink` are known to be
    /// `background` throughout and are not read; each other row is read
    /// from both ends up to its first and last pixel of another colour.
    public init(measuring pixels: PixelBuffer, ink: InkRows, background: UInt32) {
        self.init(rows: pixels.height)
        measure(rows: 0..<pixels.height, of: pixels, ink: ink, background: background)
    }

    /// Measures `rows` again, as above (after they were drawn again).
    public mutating func measure(rows: Range<Int>, of pixels: PixelBuffer, ink: InkRows, background: UInt32) {
        let width = pixels.width, rowPixels = pixels.stride
        let rows = max(0, rows.lowerBound)..<min(rows.upperBound, min(pixels.height, rowCount))
        guard !rows.isEmpty else { return }
        for row in rows { spans[row] = 0 }
        pixels.withUnsafeBytes { raw in
            let base = raw.bindMemory(to: UInt32.self)
            ink.forEachRun(in: rows) { run in
                for y in run {
                    let row = y * rowPixels
                    var first = 0
                    while first < width, base[row + first] == background { first += 1 }
                    guard first < width else { continue }
                    var end = width
                    while end > first, base[row + end - 1] == background { end -= 1 }
                    spans[y] = Self.packed(first..<end)
                }
            }
        }
    }

    /// The columns of `row` that may not be background.
    public func span(of row: Int) -> Range<Int> {
        guard row >= 0, row < rowCount else { return 0..<0 }
        let packed = spans[row]
        return Int(packed & 0xFFFF_FFFF)..<Int(packed >> 32)
    }

    /// Sets the columns of `row` that may not be background.
    public mutating func set(_ columns: Range<Int>, of row: Int) {
        guard row >= 0, row < rowCount else { return }
        spans[row] = Self.packed(columns)
    }

    /// `columns` as kept in `spans` (0 for none).
    private static func packed(_ columns: Range<Int>) -> UInt64 {
        columns.isEmpty ? 0 : UInt64(columns.lowerBound) | UInt64(columns.upperBound) << 32
    }
}
