import Glibc

/// The system-wide monotonic clock in milliseconds: the time base of input
/// events (EVIOCSCLOCKID), frames and the benchmark's cross-process stamps.
public func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

/// The wall clock in seconds since the epoch: when something happened, to
/// be kept in files (a book's last reading); never for measuring time.
public func wallClockSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
}

/// Sleeps `milliseconds` on the monotonic clock; a signal does not cut the sleep short.
public func sleepMilliseconds(_ milliseconds: Double) {
    guard milliseconds > 0 else { return }
    let deadline = milliseconds + monotonicMilliseconds()
    // Interrupted, the sleep starts again for what is left to the deadline.
    _ = try? Syscall.retrying(operation: "clock_nanosleep", path: "CLOCK_MONOTONIC") { () -> Int32 in
        let left = max(0, deadline - monotonicMilliseconds())
        var request = timespec(tv_sec: Int(left / 1000), tv_nsec: Int(left.truncatingRemainder(dividingBy: 1000) * 1_000_000))
        return nanosleep(&request, nil)
    }
}
