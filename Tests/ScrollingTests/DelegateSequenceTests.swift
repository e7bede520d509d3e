import Geometry
import XCTest
@testable import Scrolling

/// The delegate messages of drags, flicks, bounces and programmatic
/// scrolls, in UIScrollView's order, with explicit times.
final class DelegateSequenceTests: XCTestCase {
    private func harnessAtPage3() -> Harness {
        let harness = Harness()
        harness.scrollView.contentOffset = Point(x: 3000, y: 0)
        harness.delegate.clear()
        return harness
    }

    func testDragThenStopThenLiftEndsWithoutDeceleration() {
        let harness = harnessAtPage3()
        let scrollView = harness.scrollView
        scrollView.moveFinger(from: Point(x: 800, y: 400), to: Point(x: 500, y: 400), start: 0, duration: 300)
        scrollView.touchEnded(time: 360)  // 60 ms without movement: the finger had stopped

        XCTAssertEqual(harness.delegate.folded,
                       ["willBeginDragging", "didScroll...", "willEndDragging", "didEndDragging(false)"])
        XCTAssertEqual(harness.delegate.velocities, [.zero])
        // 300 px of finger travel, less the 10 px slop.
        XCTAssertEqual(scrollView.contentOffset.x, 3290, accuracy: 1e-9)
        XCTAssertFalse(scrollView.isAnimating)

        let count = harness.delegate.messages.count
        scrollView.runFrames(from: 360, interval: 16.7, limit: 1000)
        scrollView.advance(to: 2000)
        XCTAssertEqual(harness.delegate.messages.count, count, "nothing after didEndDragging(false)")
    }

    func testFlickDeceleratesWithTrackingAndDraggingOff() throws {
        let harness = harnessAtPage3()
        let scrollView = harness.scrollView
        let lift = scrollView.drag(from: Point(x: 800, y: 400), to: Point(x: 600, y: 400), start: 0, duration: 50,
                                   liftDelay: 8)
        XCTAssertTrue(scrollView.isDecelerating)
        XCTAssertFalse(scrollView.isTracking)
        XCTAssertFalse(scrollView.isDragging)
        scrollView.runFrames(from: lift, interval: 16.7)

        XCTAssertEqual(harness.delegate.folded, [
            "willBeginDragging", "didScroll...", "willEndDragging", "didEndDragging(true)",
            "willBeginDecelerating", "didScroll...", "didEndDecelerating",
        ])
        XCTAssertEqual(harness.delegate.velocities.first?.x ?? 0, 4, accuracy: 1e-6, "200 px in 50 ms")
        let names = harness.delegate.names
        let start = try XCTUnwrap(names.firstIndex(of: "willBeginDecelerating"))
        for message in harness.delegate.messages[start...] {
            XCTAssertFalse(message.isTracking, message.name)
            XCTAssertFalse(message.isDragging, message.name)
            XCTAssertEqual(message.isDecelerating, message.name != "didEndDecelerating", message.name)
        }
        XCTAssertFalse(scrollView.isAnimating)
        XCTAssertEqual(scrollView.contentOffset, harness.delegate.targets.first)
    }

    func testStationaryOverscrolledReleaseBouncesBack() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.moveFinger(from: Point(x: 200, y: 400), to: Point(x: 500, y: 400), start: 0, duration: 300)
        let overshoot = scrollView.contentOffset.x
        XCTAssertLessThan(overshoot, 0)
        scrollView.touchEnded(time: 400)

        XCTAssertEqual(harness.delegate.targets, [Point(x: 0, y: 0)])
        XCTAssertEqual(harness.delegate.names.suffix(2), ["didEndDragging(true)", "willBeginDecelerating"])
        // With no momentum the bounce is x = edge + b^t * (x - edge).
        scrollView.advance(to: 500)
        XCTAssertEqual(scrollView.contentOffset.x, overshoot * pow(0.99, 100), accuracy: 1e-6)
        let end = scrollView.runFrames(from: 500, interval: 16.7)

        XCTAssertEqual(harness.delegate.folded, [
            "willBeginDragging", "didScroll...", "willEndDragging", "didEndDragging(true)",
            "willBeginDecelerating", "didScroll...", "didEndDecelerating",
        ])
        XCTAssertEqual(scrollView.contentOffset, .zero, "snapped exactly onto the edge")
        // It snaps once within 0.5 px: |o| * 0.99^t < 0.5.
        let expectedEnd = 400 + log(0.5 / abs(overshoot)) / log(0.99)
        XCTAssertEqual(end, expectedEnd, accuracy: 16.7)
    }

    func testSettingOffsetWithoutAnimationSendsExactlyOneDidScroll() {
        let harness = harnessAtPage3()
        harness.scrollView.setContentOffset(Point(x: 4200, y: 0), animated: false)
        XCTAssertEqual(harness.delegate.names, ["didScroll"])
        harness.scrollView.contentOffset = Point(x: 4300, y: 0)
        XCTAssertEqual(harness.delegate.names, ["didScroll", "didScroll"])
        harness.scrollView.contentOffset = Point(x: 4300, y: 0)
        XCTAssertEqual(harness.delegate.names.count, 2, "no message when the offset does not change")
        XCTAssertFalse(harness.scrollView.isAnimating)
    }

    func testAnimatedSetContentOffsetScrollsThenEndsAnimation() {
        let harness = harnessAtPage3()
        let scrollView = harness.scrollView
        scrollView.setContentOffset(Point(x: 5000, y: 0), animated: true)
        XCTAssertTrue(scrollView.isAnimating)
        XCTAssertTrue(harness.delegate.names.isEmpty, "the animation starts with the next frame")
        let end = scrollView.runFrames(from: 0, interval: 16)

        XCTAssertEqual(harness.delegate.folded, ["didScroll...", "didEndScrollingAnimation"])
        XCTAssertGreaterThan(harness.delegate.names.count, 10)
        for message in harness.delegate.messages {
            XCTAssertFalse(message.isTracking || message.isDragging || message.isDecelerating)
        }
        XCTAssertEqual(scrollView.contentOffset, Point(x: 5000, y: 0))
        // First frame at 16 starts the 300 ms animation.
        XCTAssertEqual(end, 16 + 304)
    }

    func testScrollRectToVisibleScrollsTheLeastAndIgnoresVisibleRects() {
        let harness = harnessAtPage3()
        let scrollView = harness.scrollView
        scrollView.scrollRectToVisible(Rect(x: 3100, y: 100, width: 500, height: 300), animated: true)
        XCTAssertTrue(harness.delegate.names.isEmpty)
        XCTAssertFalse(scrollView.isAnimating)

        scrollView.scrollRectToVisible(Rect(x: 6000, y: 100, width: 200, height: 100), animated: false)
        XCTAssertEqual(harness.delegate.names, ["didScroll"])
        XCTAssertEqual(scrollView.contentOffset, Point(x: 5200, y: 0))

        harness.delegate.clear()
        scrollView.scrollRectToVisible(Rect(x: 1000, y: 0, width: 100, height: 100), animated: true)
        scrollView.runFrames(from: 0, interval: 16.7)
        XCTAssertEqual(harness.delegate.folded, ["didScroll...", "didEndScrollingAnimation"])
        XCTAssertEqual(scrollView.contentOffset, Point(x: 1000, y: 0))
        XCTAssertFalse(harness.delegate.messages.contains { $0.isTracking || $0.isDragging })
    }

    func testScrollToTopAsksThenScrollsThenReports() {
        let harness = Harness(content: Size(width: 1000, height: 5000))
        let scrollView = harness.scrollView
        scrollView.contentOffset = Point(x: 0, y: 2000)
        harness.delegate.clear()

        XCTAssertTrue(scrollView.scrollToTop())
        scrollView.runFrames(from: 0, interval: 16.7)
        XCTAssertEqual(harness.delegate.folded, ["shouldScrollToTop", "didScroll...", "didScrollToTop"])
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    func testScrollToTopHonoursRefusals() {
        let harness = Harness(content: Size(width: 1000, height: 5000))
        let scrollView = harness.scrollView
        scrollView.contentOffset = Point(x: 0, y: 2000)
        harness.delegate.clear()

        harness.delegate.allowsScrollToTop = false
        XCTAssertFalse(scrollView.scrollToTop())
        XCTAssertEqual(harness.delegate.names, ["shouldScrollToTop"])
        XCTAssertFalse(scrollView.isAnimating)

        harness.delegate.clear()
        harness.delegate.allowsScrollToTop = true
        scrollView.scrollsToTop = false
        XCTAssertFalse(scrollView.scrollToTop())
        XCTAssertTrue(harness.delegate.names.isEmpty)
        XCTAssertEqual(scrollView.contentOffset.y, 2000)
    }

    func testZoomEndsOnlyAfterTheBounce() {
        let harness = Harness(content: Size(width: 1000, height: 800))
        let scrollView = harness.scrollView
        harness.delegate.zoomableSize = Size(width: 1000, height: 800)
        scrollView.maximumZoomScale = 4

        scrollView.pinchBegan(focus: Point(x: 500, y: 400), time: 0)
        for (index, scale) in [1.5, 2, 3, 4, 5, 6].enumerated() {
            scrollView.pinchChanged(scale: scale, focus: Point(x: 500, y: 400), time: Double(index + 1) * 16)
        }
        scrollView.pinchEnded(time: 100)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls, ["willBeginZooming", "didZoom..."])
        XCTAssertTrue(scrollView.isZoomBouncing)
        XCTAssertFalse(scrollView.isZooming)

        let duration = ScrollPhysics.zoomBounceDuration(from: scrollView.zoomScale, to: 4)
        var time = 100.0
        while time + 16 < 100 + duration {
            time += 16
            scrollView.advance(to: time)
            XCTAssertFalse(harness.delegate.names.contains { $0.hasPrefix("didEndZooming") }, "at \(time)")
        }
        scrollView.advance(to: 100 + duration)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls, ["willBeginZooming", "didZoom...", "didEndZooming(4.0)"])
        XCTAssertEqual(harness.delegate.names.last, "didEndZooming(4.0)")
        XCTAssertEqual(harness.delegate.messages.last?.isZoomBouncing, false)
        XCTAssertEqual(scrollView.zoomScale, 4)
        XCTAssertFalse(scrollView.isAnimating)
    }

    func testSettingTheOffsetDuringADragContinuesTheDragFromThere() {
        let harness = harnessAtPage3()
        let scrollView = harness.scrollView
        scrollView.moveFinger(from: Point(x: 800, y: 400), to: Point(x: 700, y: 400), start: 0, duration: 100)
        XCTAssertEqual(scrollView.contentOffset.x, 3090, accuracy: 1e-9)
        scrollView.setContentOffset(Point(x: 6000, y: 0), animated: true)
        XCTAssertEqual(scrollView.contentOffset.x, 6000, "the finger owns the motion: applied at once")
        XCTAssertFalse(scrollView.isAnimating)
        scrollView.continueFinger(from: Point(x: 700, y: 400), to: Point(x: 650, y: 400), start: 100, duration: 50)
        XCTAssertEqual(scrollView.contentOffset.x, 6050, accuracy: 1e-9)
        XCTAssertTrue(scrollView.isDragging)
    }
}
