import LinuxSystem

/// Paces a headless replay against the monotonic clock: virtual time runs
/// `speed` times as fast as real time (1 = real time), so the process is
/// mid-gesture at a predictable moment and can be killed there.
final class ReplayPacer {
    let speed: Double
    private var origin: (virtual: Double, real: Double)?

    init(speed: Double) { self.speed = speed }

    /// Sleeps until the real moment of virtual time `time` (ms).
    func wait(untilVirtual time: Double) {
        let now = monotonicMilliseconds()
        guard let origin else {
            self.origin = (time, now)
            return
        }
        sleepMilliseconds(origin.real + (time - origin.virtual) / speed - now)
    }
}
