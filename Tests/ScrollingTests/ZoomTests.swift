import Geometry
import XCTest
@testable import Scrolling

/// Pinch, rubber band past the zoom limits, bounce back and programmatic zoom (scale 1 to 4 here).
final class ZoomTests: XCTestCase {
    /// One 1000x800 page that zooms between 1 and 4.
    private func zoomHarness() -> Harness {
        let harness = Harness(content: Size(width: 1000, height: 800))
        harness.delegate.zoomableSize = Size(width: 1000, height: 800)
        harness.scrollView.minimumZoomScale = 1
        harness.scrollView.maximumZoomScale = 4
        return harness
    }

    func testPinchKeepsThePointUnderTheFingers() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        let focus = Point(x: 300, y: 200)
        let underFingers = scrollView.unscaledContentPoint(at: focus)
        scrollView.pinchBegan(focus: focus, time: 0)
        XCTAssertTrue(scrollView.isZooming)
        scrollView.pinchChanged(scale: 2, focus: focus, time: 16)
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertEqual(scrollView.contentSize, Size(width: 2000, height: 1600))
        assertPoint(scrollView.contentOffset, Point(x: 300, y: 200), accuracy: 1e-9)
        assertPoint(scrollView.unscaledContentPoint(at: focus), underFingers, accuracy: 1e-9)

        // The fingers move apart and drift: the same content point follows them.
        let moved = Point(x: 420, y: 260)
        scrollView.pinchChanged(scale: 2.5, focus: moved, time: 32)
        assertPoint(scrollView.unscaledContentPoint(at: moved), underFingers, accuracy: 1e-9)
        scrollView.pinchEnded(time: 48)
        XCTAssertFalse(scrollView.isZooming)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls, ["willBeginZooming", "didZoom...", "didEndZooming(2.5)"])
    }

    func testRubberBandPastTheZoomLimits() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        scrollView.pinchBegan(focus: Point(x: 500, y: 400), time: 0)
        scrollView.pinchChanged(scale: 6, focus: Point(x: 500, y: 400), time: 16)
        XCTAssertEqual(scrollView.zoomScale, 4 * (2 - 4.0 / 6), accuracy: 1e-12)
        scrollView.pinchChanged(scale: 0.5, focus: Point(x: 500, y: 400), time: 32)
        XCTAssertEqual(scrollView.zoomScale, 1 / (2 - 0.5), accuracy: 1e-12)
        scrollView.pinchChanged(scale: 3, focus: Point(x: 500, y: 400), time: 48)
        XCTAssertEqual(scrollView.zoomScale, 3, "no rubber band inside the limits")

        scrollView.bouncesZoom = false
        scrollView.pinchChanged(scale: 6, focus: Point(x: 500, y: 400), time: 64)
        XCTAssertEqual(scrollView.zoomScale, 4, "without bouncesZoom the limits are hard")
    }

    func testZoomRubberBandFormula() {
        XCTAssertEqual(ScrollPhysics.rubberBandedZoomScale(8, minimum: 1, maximum: 4), 6)
        XCTAssertEqual(ScrollPhysics.rubberBandedZoomScale(0.5, minimum: 1, maximum: 4), 1 / 1.5)
        XCTAssertEqual(ScrollPhysics.rubberBandedZoomScale(2, minimum: 1, maximum: 4), 2)
        XCTAssertEqual(ScrollPhysics.rubberBandedZoomScale(4, minimum: 1, maximum: 4), 4, "continuous at max")
        XCTAssertLessThan(ScrollPhysics.rubberBandedZoomScale(1e9, minimum: 1, maximum: 4), 8, "never past 2 x max")
        XCTAssertGreaterThan(ScrollPhysics.rubberBandedZoomScale(1e-9, minimum: 1, maximum: 4), 0.5)
    }

    func testBounceDurationFormula() {
        XCTAssertEqual(ScrollPhysics.zoomBounceDuration(from: 4 * (2 - 4.0 / 6), to: 4),
                       (log(4.0 / 3) * 0.3 + 0.1) * 1000, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.zoomBounceDuration(from: 0.75, to: 1), (log(4.0 / 3) * 0.3 + 0.1) * 1000,
                       accuracy: 1e-9, "the same ratio below the minimum")
        XCTAssertEqual(ScrollPhysics.zoomBounceDuration(from: 2, to: 2), 100, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.zoomBounceDuration(from: 0.3, to: 1), 400, "capped at 0.4 s")
    }

    func testBounceBackTakesTheMeasuredDurationAndKeepsTheFocus() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        let focus = Point(x: 500, y: 400)
        scrollView.pinchBegan(focus: focus, time: 0)
        scrollView.pinchChanged(scale: 0.6, focus: focus, time: 16)
        let below = scrollView.zoomScale
        XCTAssertLessThan(below, 1)
        scrollView.pinchEnded(time: 20)
        let duration = ScrollPhysics.zoomBounceDuration(from: below, to: 1)

        scrollView.advance(to: 20 + duration / 2)
        XCTAssertTrue(scrollView.isZoomBouncing)
        XCTAssertGreaterThan(scrollView.zoomScale, below)
        XCTAssertLessThan(scrollView.zoomScale, 1)
        scrollView.advance(to: 20 + duration - 0.5)
        XCTAssertTrue(scrollView.isAnimating, "still bouncing just before the duration")
        scrollView.advance(to: 20 + duration)
        XCTAssertFalse(scrollView.isAnimating)
        XCTAssertFalse(scrollView.isZoomBouncing)
        XCTAssertEqual(scrollView.zoomScale, 1)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(harness.delegate.names.last, "didEndZooming(1.0)")
    }

    func testSetZoomScaleZoomsAboutTheCentre() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        let centre = Point(x: 500, y: 400)
        scrollView.setZoomScale(2, animated: false)
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertEqual(scrollView.contentOffset, Point(x: 500, y: 400))
        assertPoint(scrollView.unscaledContentPoint(at: centre), centre, accuracy: 1e-9)
        XCTAssertEqual(harness.delegate.names, ["didZoom", "didScroll"])

        harness.delegate.clear()
        scrollView.setZoomScale(9, animated: true)
        scrollView.runFrames(from: 0, interval: 16.7)
        XCTAssertEqual(scrollView.zoomScale, 4, "clamped to the maximum")
        assertPoint(scrollView.unscaledContentPoint(at: centre), centre, accuracy: 1e-9)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls, ["willBeginZooming", "didZoom...", "didEndZooming(4.0)"])
    }

    func testZoomRectAndZoomToRect() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        let rect = scrollView.zoomRect(forScale: 2, center: Point(x: 600, y: 500))
        XCTAssertEqual(rect, Rect(x: 350, y: 300, width: 500, height: 400))

        scrollView.zoom(to: rect, animated: true)
        XCTAssertTrue(scrollView.isAnimating)
        scrollView.runFrames(from: 0, interval: 16.7)
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertEqual(scrollView.contentOffset, Point(x: 700, y: 600), "the rect fills the viewport")
        XCTAssertEqual(harness.delegate.names.last, "didEndZooming(2.0)")

        // Near the corner the rect is kept inside the content.
        scrollView.zoom(to: scrollView.zoomRect(forScale: 2, center: Point(x: 950, y: 780)), animated: false)
        XCTAssertEqual(scrollView.contentOffset, Point(x: 1000, y: 800))
    }

    func testPinchIsIgnoredWithoutAZoomableView() {
        let harness = zoomHarness()
        harness.delegate.zoomableSize = nil
        harness.scrollView.pinchBegan(focus: Point(x: 500, y: 400), time: 0)
        harness.scrollView.pinchChanged(scale: 2, focus: Point(x: 500, y: 400), time: 16)
        XCTAssertEqual(harness.scrollView.zoomScale, 1)
        XCTAssertFalse(harness.scrollView.isZooming)
        XCTAssertTrue(harness.delegate.names.isEmpty)
    }

    func testAPinchCatchesTheBounceWithoutEndingTheZoom() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        let focus = Point(x: 500, y: 400)
        scrollView.pinchBegan(focus: focus, time: 0)
        scrollView.pinchChanged(scale: 6, focus: focus, time: 16)
        scrollView.pinchEnded(time: 20)
        scrollView.advance(to: 60)
        let caught = scrollView.zoomScale
        XCTAssertGreaterThan(caught, 4)

        scrollView.pinchBegan(focus: focus, time: 60)
        XCTAssertEqual(scrollView.zoomScale, caught, "no jump")
        scrollView.pinchChanged(scale: 1, focus: focus, time: 76)
        XCTAssertEqual(scrollView.zoomScale, caught, accuracy: 1e-9, "scale 1 of the new pinch is where it was caught")
        scrollView.pinchChanged(scale: 0.9, focus: focus, time: 92)
        scrollView.pinchEnded(time: 100)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls, ["willBeginZooming", "didZoom..."])
        scrollView.runFrames(from: 100, interval: 16.7)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls, ["willBeginZooming", "didZoom...", "didEndZooming(4.0)"])
    }

    func testAPinchReleasedBelowTheKeptScaleBouncesBackToTheMinimum() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        scrollView.minimumKeptZoomScale = 1.15
        let focus = Point(x: 300, y: 200)
        scrollView.pinchBegan(focus: focus, time: 0)
        scrollView.pinchChanged(scale: 1.12, focus: focus, time: 16)
        scrollView.pinchEnded(time: 32)
        XCTAssertTrue(scrollView.isZoomBouncing)
        scrollView.runFrames(from: 32, interval: 16.7)
        XCTAssertEqual(scrollView.zoomScale, 1)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(harness.delegate.foldedWithoutScrolls.last, "didEndZooming(1.0)")

        // At the kept scale itself the zoom stays.
        scrollView.pinchBegan(focus: focus, time: 1000)
        scrollView.pinchChanged(scale: 1.15, focus: focus, time: 1016)
        scrollView.pinchEnded(time: 1032)
        scrollView.runFrames(from: 1032, interval: 16.7)
        XCTAssertEqual(scrollView.zoomScale, 1.15, accuracy: 1e-12)
    }

    func testZoomingAboutAPointKeepsTheContentUnderIt() {
        let harness = zoomHarness()
        let scrollView = harness.scrollView
        scrollView.setZoomScale(4, animated: false)
        let focus = Point(x: 200, y: 150)
        let underFingers = scrollView.unscaledContentPoint(at: focus)
        scrollView.setZoomScale(2, about: focus, animated: true)
        scrollView.runFrames(from: 0, interval: 16.7)
        XCTAssertEqual(scrollView.zoomScale, 2)
        assertPoint(scrollView.unscaledContentPoint(at: focus), underFingers, accuracy: 1e-9)
        // Near an edge the content edge wins: no empty space is shown.
        scrollView.setZoomScale(1.2, about: Point(x: 0, y: 0), animated: false)
        scrollView.setZoomScale(1, about: Point(x: 0, y: 0), animated: false)
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }
}
