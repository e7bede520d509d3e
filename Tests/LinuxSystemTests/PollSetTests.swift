import Foundation
import LinuxSystem
import XCTest

final class PollSetTests: XCTestCase {
    func testOnlyTheDescriptorsWithDataAreReady() throws {
        let first = try Pipe(), second = try Pipe()
        defer { first.close(); second.close() }
        let set = PollSet([first.readEnd, second.readEnd])
        XCTAssertEqual(try set.waitForReadable(timeout: 0), [])
        var byte: UInt8 = 1
        XCTAssertEqual(write(second.writeEnd, &byte, 1), 1)
        XCTAssertEqual(try set.waitForReadable(timeout: nil), [second.readEnd])
        XCTAssertEqual(write(first.writeEnd, &byte, 1), 1)
        XCTAssertEqual(try set.waitForReadable(timeout: 1000), [first.readEnd, second.readEnd])
    }

    func testAHungUpPipeIsReadyToTellItsEnd() throws {
        let pipe = try Pipe()
        defer { _ = Glibc.close(pipe.readEnd) }
        _ = Glibc.close(pipe.writeEnd)
        XCTAssertEqual(try PollSet([pipe.readEnd]).waitForReadable(timeout: 1000), [pipe.readEnd])
    }

    func testAnInvalidDescriptorIsReportedReady() throws {
        XCTAssertEqual(try PollSet([-1, 9999]).waitForReadable(timeout: 0), [9999])
    }

    /// Signals arriving during the wait neither end it early nor make it fail.
    func testSignalsDoNotCutTheWaitShort() throws {
        let signal = InterruptingSignal()
        defer { signal.restore() }
        let pipe = try Pipe()
        defer { pipe.close() }
        InterruptingSignal.send(to: pthread_self(), count: 4, interval: 20) {}
        let start = monotonicMilliseconds()
        XCTAssertEqual(try PollSet([pipe.readEnd]).waitForReadable(timeout: 150), [])
        XCTAssertGreaterThanOrEqual(monotonicMilliseconds() - start, 150)
    }

    func testSleepLastsAtLeastItsTime() {
        let start = monotonicMilliseconds()
        sleepMilliseconds(30)
        XCTAssertGreaterThanOrEqual(monotonicMilliseconds() - start, 30)
    }
}
