import Glibc

/// Descriptors to wait on together (poll(2)) until one can be read.
public struct PollSet: Sendable {
    public var descriptors: [Int32]

    public init(_ descriptors: [Int32]) { self.descriptors = descriptors }

    /// Waits until at least one descriptor is readable, or `timeout`
    /// milliseconds have passed (nil waits without a limit). Returns the
    /// ready descriptors in the order given (empty when the time ran out).
    /// A descriptor that hung up or failed counts as ready: reading it
    /// tells how. A signal does not end the wait early.
    public func waitForReadable(timeout: Double?) throws(SystemError) -> [Int32] {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = timeout.map { monotonicMilliseconds() + max(0, $0) }
        let ready = try Syscall.retrying(operation: "poll", path: "descriptors \(descriptors)") { () -> Int32 in
            // Whole milliseconds, rounded up so the wait does not end before the deadline.
            let wait = deadline.map { Int32(clamping: Int(max(0, $0 - monotonicMilliseconds()).rounded(.up))) } ?? -1
            return poll(&entries, nfds_t(entries.count), wait)
        }
        guard ready > 0 else { return [] }
        return entries.filter { $0.revents != 0 }.map(\.fd)
    }
}
