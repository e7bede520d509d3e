import CLinux
import Glibc

/// A one-shot timer as a pollable descriptor (timerfd on CLOCK_MONOTONIC):
/// the event loop arms it only while something is due (an animation frame
/// without a pending flip, a gesture timeout), so an idle reader sleeps in
/// poll() without wake-ups.
public final class WakeTimer {
    public let fileDescriptor: Int32
    /// When the timer fires (ms, CLOCK_MONOTONIC), nil while disarmed.
    public private(set) var deadline: Double?
    private var isClosed = false

    public init() throws(SystemError) {
        fileDescriptor = try Syscall.retrying(operation: "timerfd_create", path: "CLOCK_MONOTONIC") { CLinux_timerfdCreate() }
    }

    deinit { close() }

    /// Fires at `time` (ms, CLOCK_MONOTONIC) measured against `now`; nil disarms.
    public func arm(at time: Double?, now: Double) throws(SystemError) {
        guard time != deadline else { return }
        // A deadline already past fires at once (1 ns: 0 would disarm).
        let nanoseconds = time.map { max(1, Int64(($0 - now) * 1_000_000)) } ?? 0
        _ = try Syscall.retrying(operation: "timerfd_settime", path: "timer \(fileDescriptor)") {
            CLinux_timerfdArm(fileDescriptor, nanoseconds)
        }
        deadline = time
    }

    /// Clears a firing (reads the expiry count); the timer is then disarmed.
    public func acknowledge() {
        var expirations: UInt64 = 0
        // Nothing to read (EAGAIN: it had not fired) leaves nothing to clear.
        _ = try? Syscall.retrying(operation: "read", path: "timer \(fileDescriptor)") {
            read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size)
        }
        deadline = nil
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fileDescriptor)
    }
}
