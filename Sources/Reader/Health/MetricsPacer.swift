/// When the reader writes its metrics: at most once a minute, never while
/// the view moves (a write must not cost a frame), and once more at exit.
/// Pure: the loop gives the time (ms).
public struct MetricsPacer: Equatable, Sendable {
    public static let interval = 60_000.0
    public private(set) var lastWrite: Double?

    public init() {}

    /// The first write is due at once, then a minute after the one before.
    public func isDue(now: Double, isMoving: Bool) -> Bool {
        guard !isMoving else { return false }
        guard let lastWrite else { return true }
        return now - lastWrite >= Self.interval
    }

    public mutating func wrote(at time: Double) { lastWrite = time }
}
