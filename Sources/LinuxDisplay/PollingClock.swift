import Devices
import Glibc

/// The reader loop's clock on a screen: CLOCK_MONOTONIC, and waits in one
/// poll() on the loop's descriptors and a timer armed only for a deadline,
/// so a loop with nothing due sleeps without waking.
public final class PollingClock: LoopClock {
    private let timer: WakeTimer
    private let readClock: () -> Double
    public let isVirtual = false

    public init(clock: @escaping () -> Double) throws(DisplayError) {
        timer = try WakeTimer()
        readClock = clock
    }

    public var now: Double { readClock() }

    public func wait(until deadline: Double?, on descriptors: [Int32]) throws -> Set<Int32> {
        try timer.arm(at: deadline, now: now)
        var entries = ([timer.fileDescriptor] + descriptors).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let count = poll(&entries, nfds_t(entries.count), -1)
        guard count >= 0 else {
            // A signal arrives through its descriptor; an interrupted wait just returns.
            if errno == EINTR { return [] }
            throw DisplayError.system(operation: "poll", path: "the reader's descriptors", errno: errno)
        }
        if entries[0].revents != 0 { timer.acknowledge() }
        return Set(entries.dropFirst().filter { $0.revents != 0 }.map(\.fd))
    }
}
