import Devices

/// Which rows each scanout buffer lacks. A buffer shown two frames ago
/// misses the changes of the frame in between as well as the new one, so
/// the rows to copy into it are the union of both damages.
public struct DamageTracker: Equatable, Sendable {
    private var stale: [FrameDamage]
    public let height: Int

    /// Every buffer starts stale over the whole height.
    public init(height: Int, bufferCount: Int = 2) {
        self.height = height
        stale = Array(repeating: .all(rows: height), count: bufferCount)
    }

    /// The rows to copy into `buffer` for a frame that changed `damage`;
    /// afterwards the other buffers lack these rows too.
    public mutating func rowsToCopy(into buffer: Int, damage: FrameDamage) -> FrameDamage {
        let changed = damage.rowCount == height ? damage : .all(rows: height)
        var rows = stale[buffer]
        rows.formUnion(changed)
        for index in stale.indices where index != buffer {
            stale[index].formUnion(changed)
        }
        stale[buffer] = FrameDamage(rows: height)
        return rows
    }

    /// Every buffer must be copied in full again (new mode, contents lost).
    public mutating func invalidateAll() {
        for index in stale.indices { stale[index] = .all(rows: height) }
    }
}
