import Glibc

/// The system-wide monotonic clock in milliseconds: the time base of input
/// events (EVIOCSCLOCKID), frames and the benchmark's cross-process stamps.
func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
}

func sleepMilliseconds(_ milliseconds: Double) {
    guard milliseconds > 0 else { return }
    var request = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds.truncatingRemainder(dividingBy: 1000) * 1_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && Glibc.errno == EINTR { request = remaining }
}
