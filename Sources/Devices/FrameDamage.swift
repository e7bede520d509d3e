/// The rows of a frame that changed since the frame presented before it.
/// A display copies only these rows to the glass (and tells the driver
/// which, for DirtyFB), so a page at rest with a small change (an overlay
/// coming up, a footer redrawn) costs those rows, not a whole frame.
public struct FrameDamage: Equatable, Sendable {
    public let rowCount: Int
    private var words: [UInt64]

    /// No row changed.
    public init(rows: Int) {
        precondition(rows >= 0, "negative row count \(rows)")
        rowCount = rows
        words = [UInt64](repeating: 0, count: (rows + 63) / 64)
    }

    /// Every row changed: a first frame, or one whose changes are not known.
    public static func all(rows: Int) -> FrameDamage {
        var damage = FrameDamage(rows: rows)
        damage.insert(0..<rows)
        return damage
    }

    public func contains(_ row: Int) -> Bool {
        guard row >= 0, row < rowCount else { return false }
        return words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Marks `rows` (clipped to the frame) as changed.
    public mutating func insert(_ rows: Range<Int>) {
        let low = max(0, rows.lowerBound), high = min(rowCount, rows.upperBound)
        var row = low
        while row < high {
            let bit = row & 63
            let span = min(64 - bit, high - row)
            let mask = span == 64 ? UInt64.max : ((1 << UInt64(span)) - 1) << UInt64(bit)
            words[row >> 6] |= mask
            row += span
        }
    }

    /// Every row changed in either.
    public mutating func formUnion(_ other: FrameDamage) {
        precondition(other.rowCount == rowCount, "damage of frames of different heights")
        for index in words.indices { words[index] |= other.words[index] }
    }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// How many rows changed.
    public var changedRows: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The runs of consecutive changed rows, top to bottom.
    public var runs: [Range<Int>] {
        var result: [Range<Int>] = []
        var row = 0
        while row < rowCount {
            guard contains(row) else {
                // A word with no change is skipped whole.
                row = words[row >> 6] == 0 ? (row | 63) + 1 : row + 1
                continue
            }
            let start = row
            while row < rowCount, contains(row) { row += 1 }
            result.append(start..<row)
        }
        return result
    }
}
