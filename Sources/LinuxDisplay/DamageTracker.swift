/// Which rows each of the two scanout buffers lacks. A buffer shown two
/// frames ago misses the changes of the frame in between as well as the
/// new one, so the rows to copy are the union of both damages.
public struct DamageTracker: Equatable, Sendable {
    private var stale: [Range<Int>]
    public let height: Int

    /// Both buffers start stale over the whole height.
    public init(height: Int, bufferCount: Int = 2) {
        self.height = height
        stale = Array(repeating: 0..<height, count: bufferCount)
    }

    /// The rows to copy into `buffer` for a frame that changed `damage`
    /// (nil: everything); afterwards the other buffers lack these rows.
    public mutating func rowsToCopy(into buffer: Int, damage: Range<Int>?) -> Range<Int> {
        let changed = (damage ?? 0..<height).clamped(to: 0..<height)
        let rows = Self.union(stale[buffer], changed)
        for index in stale.indices where index != buffer {
            stale[index] = Self.union(stale[index], changed)
        }
        stale[buffer] = 0..<0
        return rows
    }

    /// Every buffer must be copied in full again (new mode, contents lost).
    public mutating func invalidateAll() {
        for index in stale.indices { stale[index] = 0..<height }
    }

    /// The smallest range covering both (an empty range adds nothing).
    static func union(_ a: Range<Int>, _ b: Range<Int>) -> Range<Int> {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
    }
}
