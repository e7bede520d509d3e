import Glibc
import XCTest
import LinuxSystem

final class WakeTimerTests: XCTestCase {
    private func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// Whether the timer's descriptor becomes readable within `milliseconds`.
    private func fires(_ timer: WakeTimer, within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) == 1
    }

    func testArmedTimerFiresAtItsDeadlineAndNotBefore() throws {
        let timer = try WakeTimer()
        let start = now()
        try timer.arm(at: start + 40, now: start)
        XCTAssertEqual(timer.deadline, start + 40)
        XCTAssertFalse(fires(timer, within: 10))
        XCTAssertTrue(fires(timer, within: 1000))
        XCTAssertGreaterThanOrEqual(now() - start, 39)
        timer.acknowledge()
        XCTAssertNil(timer.deadline)
        XCTAssertFalse(fires(timer, within: 0), "acknowledging clears the readiness")
    }

    func testDisarmedTimerNeverFires() throws {
        let timer = try WakeTimer()
        let start = now()
        try timer.arm(at: start + 20, now: start)
        try timer.arm(at: nil, now: start)
        XCTAssertNil(timer.deadline)
        XCTAssertFalse(fires(timer, within: 80))
    }

    func testPastDeadlineFiresAtOnce() throws {
        let timer = try WakeTimer()
        let start = now()
        try timer.arm(at: start - 50, now: start)
        XCTAssertTrue(fires(timer, within: 100))
    }
}
