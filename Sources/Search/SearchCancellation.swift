import Threading

/// Stops a search from another thread: the hits end at the next one asked
/// for, or within one chunk of folding.
public final class SearchCancellation: @unchecked Sendable {
    private let condition = Condition()
    /// Read and written under `condition`'s lock.
    private var cancelled = false

    public init() {}

    public func cancel() { condition.withLock { cancelled = true } }

    public var isCancelled: Bool { condition.withLock { cancelled } }
}
