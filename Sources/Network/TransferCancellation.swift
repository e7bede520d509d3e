import Synchronization

/// Stops a transfer from another thread: it ends with a `.cancelled`
/// error at the next piece of data, or within libcurl's progress interval
/// (about a second) while nothing arrives.
public final class TransferCancellation: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}
