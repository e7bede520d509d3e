import Geometry
import XCTest
@testable import Scrolling

/// delaysContentTouches and canCancelContentTouches.
final class ContentTouchTests: XCTestCase {
    private let finger = Point(x: 500, y: 400)

    func testHeldTouchReachesTheContentAfter150Milliseconds() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.touchBegan(at: finger, time: 1000)
        XCTAssertEqual(scrollView.contentTouchDeadline, 1150)
        scrollView.advance(to: 1149)
        XCTAssertTrue(harness.content.events.isEmpty)
        scrollView.advance(to: 1150)
        XCTAssertEqual(harness.content.events, ["began"])
        XCTAssertEqual(harness.content.times, [1150])
        XCTAssertNil(scrollView.contentTouchDeadline)

        scrollView.touchEnded(time: 1300)
        XCTAssertEqual(harness.content.events, ["began", "ended"])
        XCTAssertTrue(harness.delegate.names.isEmpty, "a tap does not scroll")
    }

    func testALiftBeforeTheDelayDeliversTheTouchAtOnce() {
        let harness = Harness()
        harness.scrollView.touchBegan(at: finger, time: 0)
        harness.scrollView.touchEnded(time: 60)
        XCTAssertEqual(harness.content.events, ["began", "ended"])
        XCTAssertEqual(harness.content.times, [60, 60])
    }

    func testAnEarlyDragNeverReachesTheContent() {
        let harness = Harness()
        harness.scrollView.drag(from: finger, to: finger - Point(x: 100, y: 0), start: 0, duration: 100)
        XCTAssertTrue(harness.content.events.isEmpty)
        XCTAssertEqual(harness.delegate.names.first, "willBeginDragging")
    }

    func testALateDragCancelsTheContentTouch() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.touchBegan(at: finger, time: 0)
        scrollView.advance(to: 200)
        scrollView.continueFinger(from: finger, to: finger - Point(x: 100, y: 0), start: 200, duration: 100)
        XCTAssertEqual(harness.content.events, ["began", "moved", "cancelled"])
        XCTAssertEqual(scrollView.contentOffset.x, 90)
        scrollView.touchEnded(time: 350)
        XCTAssertEqual(harness.content.events, ["began", "moved", "cancelled"], "nothing after the cancel")
    }

    func testWithoutCancellingTheContentKeepsTheTouchAndNothingScrolls() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.canCancelContentTouches = false
        scrollView.touchBegan(at: finger, time: 0)
        scrollView.advance(to: 200)
        scrollView.continueFinger(from: finger, to: finger - Point(x: 100, y: 0), start: 200, duration: 100)
        scrollView.touchEnded(time: 300)
        XCTAssertEqual(harness.content.events.first, "began")
        XCTAssertEqual(harness.content.events.last, "ended")
        XCTAssertFalse(harness.content.events.contains("cancelled"))
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertTrue(harness.delegate.names.isEmpty)
    }

    func testWithoutDelayTheContentSeesTheTouchAtOnceAndADragCancelsIt() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.delaysContentTouches = false
        scrollView.touchBegan(at: finger, time: 0)
        XCTAssertEqual(harness.content.events, ["began"])
        XCTAssertNil(scrollView.contentTouchDeadline)
        scrollView.continueFinger(from: finger, to: finger - Point(x: 50, y: 0), start: 0, duration: 50)
        XCTAssertEqual(harness.content.events.last, "cancelled")
        XCTAssertTrue(scrollView.isDragging)
    }

    func testAMoveThatStaysWithinTheSlopIsStillATap() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.moveFinger(from: finger, to: finger + Point(x: 6, y: 8), start: 0, duration: 100)
        XCTAssertFalse(scrollView.isDragging, "10 px is the slop")
        scrollView.touchEnded(time: 120)
        XCTAssertEqual(harness.content.events, ["began", "ended"])
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }
}
