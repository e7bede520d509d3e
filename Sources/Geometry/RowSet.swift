/// A set of rows of an image, kept as bits. The raster marks the rows a
/// page's glyphs were drawn on with it (`InkRows`: a row outside is
/// background from edge to edge), and the reader the rows of a frame that
/// changed (`FrameDamage`: only those go to the glass).
public struct RowSet: Equatable, Sendable {
    public let rowCount: Int
    // Inlinable: the compositor asks about every row of every frame.
    @usableFromInline var words: [UInt64]

    /// None of `rows` rows.
    public init(rows: Int) {
        precondition(rows >= 0, "negative row count \(rows)")
        rowCount = rows
        words = [UInt64](repeating: 0, count: (rows + 63) / 64)
    }

    /// Every one of `rows` rows (for ink: what is known of an image drawn by anything else).
    public static func all(rows: Int) -> RowSet {
        var all = RowSet(rows: rows)
        all.insert(0..<rows)
        return all
    }

    @inlinable
    public func contains(_ row: Int) -> Bool {
        guard row >= 0, row < rowCount else { return false }
        return words[row >> 6] & (1 << UInt64(row & 63)) != 0
    }

    /// Adds `rows` (clipped to the image).
    @inlinable
    public mutating func insert(_ rows: Range<Int>) {
        let low = max(0, rows.lowerBound), high = min(rowCount, rows.upperBound)
        guard low < high else { return }
        var row = low
        while row < high {
            let bit = row & 63
            let span = min(64 - bit, high - row)
            let mask = span == 64 ? UInt64.max : ((1 << UInt64(span)) - 1) << UInt64(bit)
            words[row >> 6] |= mask
            row += span
        }
    }

    @inlinable
    public mutating func remove(_ row: Int) {
        guard row >= 0, row < rowCount else { return }
        words[row >> 6] &= ~(1 << UInt64(row & 63))
    }

    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// Calls `body` with each run of consecutive rows in the set, top to bottom.
    public func forEachRun(_ body: (Range<Int>) -> Void) {
        forEachRun(in: 0..<rowCount, body)
    }

    /// Calls `body` with each run of consecutive rows in the set within `range`, top to bottom.
    public func forEachRun(in range: Range<Int>, _ body: (Range<Int>) -> Void) {
        var row = max(0, range.lowerBound)
        let end = min(rowCount, range.upperBound)
        while row < end {
            guard contains(row) else {
                // A word with no ink is skipped whole.
                row = words[row >> 6] == 0 ? (row | 63) + 1 : row + 1
                continue
            }
            let start = row
            while row < end, contains(row) { row += 1 }
            body(start..<row)
        }
    }

    /// Adds every row of `other`, a set over as many rows.
    public mutating func formUnion(_ other: RowSet) {
        precondition(other.rowCount == rowCount, "row sets of images of different heights")
        for index in words.indices { words[index] |= other.words[index] }
    }

    /// Keeps only the rows also in `other`, a set over as many rows.
    public mutating func formIntersection(_ other: RowSet) {
        precondition(other.rowCount == rowCount, "row sets of images of different heights")
        for index in words.indices { words[index] &= other.words[index] }
    }

    /// Removes every row of `other`, a set over as many rows.
    public mutating func subtract(_ other: RowSet) {
        precondition(other.rowCount == rowCount, "row sets of images of different heights")
        for index in words.indices { words[index] &= ~other.words[index] }
    }

    /// The same rows, in a set over `rows` rows (those past the end dropped).
    public func resized(to rows: Int) -> RowSet {
        guard rows != rowCount else { return self }
        var resized = RowSet(rows: rows)
        forEachRun { resized.insert($0) }
        return resized
    }

    /// How many rows are in the set.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The runs of consecutive rows in the set, top to bottom.
    public var runs: [Range<Int>] {
        var result: [Range<Int>] = []
        forEachRun { result.append($0) }
        return result
    }
}
