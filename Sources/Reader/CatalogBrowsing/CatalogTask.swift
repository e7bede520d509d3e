import Network
import Threading

/// One catalog transfer (a feed, a book) on a thread of its own, so the
/// loop never waits on the network: the loop looks at `result` between
/// frames; a replay in virtual time waits for it. A transfer nobody wants
/// any more runs to its end and its result is dropped, unless the work
/// heeds `cancellation`.
final class CatalogTask<Value: Sendable>: @unchecked Sendable {
    let cancellation = TransferCancellation()
    private let condition = Condition()
    private var value: Value?
    private var reported: TransferProgress?

    /// Starts `work` on a thread named `name`; when no thread can be
    /// started, the result is at once what `unstarted` makes of the reason.
    init(name: String, work: @escaping @Sendable (_ progress: @escaping @Sendable (TransferProgress) -> Void,
                                                  _ cancellation: TransferCancellation) -> Value,
         unstarted: (String) -> Value) {
        do {
            try DetachedThread.start(name: name) { [self] in
                let found = work({ [self] progress in condition.withLock { reported = progress } }, cancellation)
                condition.withLock {
                    value = found
                    condition.broadcast()
                }
            }
        } catch {
            value = unstarted("\(error)")
        }
    }

    /// The result once the transfer ended; nil while it runs.
    var result: Value? { condition.withLock { value } }

    /// How far the transfer has come, as last reported.
    var progress: TransferProgress? { condition.withLock { reported } }

    /// Virtual time: the result, waiting for it.
    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
