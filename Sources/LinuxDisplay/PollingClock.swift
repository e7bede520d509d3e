import Devices
import LinuxSystem

/// The reader loop's clock on a screen: CLOCK_MONOTONIC, and waits in one
/// poll() on the loop's descriptors and a timer armed only for a deadline,
/// so a loop with nothing due sleeps without waking.
public final class PollingClock: LoopClock {
    private let timer: WakeTimer
    public let isVirtual = false

    public init() throws(SystemError) {
        timer = try WakeTimer()
    }

    public var now: Double { monotonicMilliseconds() }

    public func wait(until deadline: Double?, on descriptors: [Int32]) throws -> Set<Int32> {
        try timer.arm(at: deadline, now: now)
        let ready = try PollSet([timer.fileDescriptor] + descriptors).waitForReadable(timeout: nil)
        if ready.contains(timer.fileDescriptor) { timer.acknowledge() }
        return Set(ready).subtracting([timer.fileDescriptor])
    }
}
