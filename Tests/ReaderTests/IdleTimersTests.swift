import XCTest
@testable import Reader

/// The kiosk's idle timers alone, with explicit times (ms).
final class IdleTimersTests: XCTestCase {
    func testNothingIsArmedWithoutTimers() {
        var timers = IdleTimers(start: 0)
        XCTAssertNil(timers.nextDeadline(canBlank: true))
        XCTAssertEqual(timers.due(at: 1e9, canBlank: true), [])
        XCTAssertEqual(timers.touch(fingers: 1, at: 5), .deliver)
    }

    func testDeadlinesCountFromTheLastInputAndFireOnce() {
        var timers = IdleTimers(blankAfter: 120_000, resetAfter: 60_000, start: 1000)
        XCTAssertEqual(timers.nextDeadline(canBlank: true), 61_000)
        XCTAssertEqual(timers.due(at: 60_999, canBlank: true), [])
        XCTAssertEqual(timers.due(at: 61_000, canBlank: true), [.resetForIdle])
        XCTAssertEqual(timers.nextDeadline(canBlank: true), 121_000, "the reset is spent; the blank is next")
        XCTAssertEqual(timers.due(at: 200_000, canBlank: true), [.blank])
        XCTAssertTrue(timers.isBlank)
        XCTAssertNil(timers.nextDeadline(canBlank: true), "both spent: nothing is armed until the next input")
        XCTAssertEqual(timers.due(at: 900_000, canBlank: true), [])
    }

    func testInputPostponesBoth() {
        var timers = IdleTimers(blankAfter: 10_000, resetAfter: 20_000, start: 0)
        XCTAssertEqual(timers.touch(fingers: 1, at: 8000), .deliver)
        XCTAssertNil(timers.nextDeadline(canBlank: true), "not while a finger rests on the glass")
        XCTAssertEqual(timers.due(at: 50_000, canBlank: true), [])
        XCTAssertEqual(timers.touch(fingers: 0, at: 9000), .deliver)
        XCTAssertEqual(timers.nextDeadline(canBlank: true), 19_000)
        XCTAssertEqual(timers.key(at: 15_000), .deliver)
        XCTAssertEqual(timers.nextDeadline(canBlank: true), 25_000)
    }

    func testBlankingWaitsUntilTheDisplayCanTakeIt() {
        var timers = IdleTimers(blankAfter: 10_000, start: 0)
        XCTAssertNil(timers.nextDeadline(canBlank: false), "a pending flip wakes the loop itself")
        XCTAssertEqual(timers.due(at: 10_000, canBlank: false), [])
        XCTAssertEqual(timers.due(at: 10_016, canBlank: true), [.blank])
    }

    func testTheTouchThatWakesIsHeldBackUntilItsLastFingerLifts() {
        var timers = IdleTimers(blankAfter: 10_000, resetAfter: 30_000, start: 0)
        XCTAssertEqual(timers.due(at: 10_000, canBlank: true), [.blank])
        XCTAssertEqual(timers.touch(fingers: 1, at: 12_000), .wake)
        XCTAssertFalse(timers.isBlank)
        XCTAssertEqual(timers.touch(fingers: 2, at: 12_050), .drop)
        XCTAssertEqual(timers.touch(fingers: 1, at: 12_100), .drop)
        XCTAssertEqual(timers.touch(fingers: 0, at: 12_150), .drop)
        XCTAssertEqual(timers.touch(fingers: 1, at: 13_000), .deliver, "the next touch is the reader's")
        XCTAssertEqual(timers.touch(fingers: 0, at: 13_060), .deliver)
        XCTAssertEqual(timers.nextDeadline(canBlank: true), 23_060, "the timers count again from the last input")
    }

    func testAKeyOnlyWakes() {
        var timers = IdleTimers(blankAfter: 1000, start: 0)
        _ = timers.due(at: 1000, canBlank: true)
        XCTAssertEqual(timers.key(at: 5000), .wake)
        XCTAssertEqual(timers.key(at: 5100), .deliver)
    }

    func testAPanelThatCannotBlankStopsBlanking() {
        var timers = IdleTimers(blankAfter: 1000, resetAfter: 5000, start: 0)
        _ = timers.due(at: 1000, canBlank: true)
        timers.stopBlanking()
        XCTAssertFalse(timers.isBlank)
        XCTAssertEqual(timers.nextDeadline(canBlank: true), 5000, "the reset still comes")
        XCTAssertEqual(timers.touch(fingers: 1, at: 6000), .deliver)
    }
}
