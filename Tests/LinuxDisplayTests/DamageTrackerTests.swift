import LinuxDisplay
import XCTest

final class DamageTrackerTests: XCTestCase {
    func testEachBufferIsFilledWholeOnce() {
        var tracker = DamageTracker(height: 100)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: 10..<20), 0..<100)
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: 10..<20), 0..<100)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: 30..<40), 10..<40, "buffer 0 lacks the last frame's rows too")
    }

    func testTheOtherBufferCatchesUpWithBothDamages() {
        var tracker = DamageTracker(height: 100)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: nil), 0..<100)
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: 0..<0), 0..<100, "a new buffer is filled whole even without damage")
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: 50..<60), 50..<60)
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: 5..<8), 5..<60)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: 0..<0), 5..<8, "nothing new: only what the other frame changed")
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: 0..<0), 0..<0)
    }

    func testInvalidateAllAndClamping() {
        var tracker = DamageTracker(height: 50)
        _ = tracker.rowsToCopy(into: 0, damage: nil)
        _ = tracker.rowsToCopy(into: 1, damage: 0..<0)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: 0..<0), 0..<0)
        tracker.invalidateAll()
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: 0..<1), 0..<50)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: 40..<90), 0..<50)
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: 45..<200), 40..<50)
    }
}
