import Geometry
import XCTest
@testable import Scrolling

/// Flick momentum, its end point, its stop rule and what stops it.
final class MomentumTests: XCTestCase {
    private func wideHarness(offset: Double = 200_000) -> Harness {
        let harness = Harness(content: Size(width: 1_000_000, height: 800))
        harness.scrollView.contentOffset = Point(x: offset, y: 0)
        harness.delegate.clear()
        return harness
    }

    /// A leftward flick at `speed` px/ms: 60 ms of samples every 8 ms, lift 4 ms later.
    @discardableResult
    private func flick(_ scrollView: ScrollView, speed: Double, start: Double = 0) -> Double {
        scrollView.drag(from: Point(x: 900, y: 400), to: Point(x: 900 - speed * 60, y: 400),
                        start: start, duration: 60, liftDelay: 4)
    }

    func testFlickRestsAtProjectedOffsetForBothRatesAndAnyFrameInterval() throws {
        for rate in [ScrollPhysics.normalDecelerationRate, ScrollPhysics.fastDecelerationRate] {
            for interval in [4, 8.3, 16.7, 33] {
                for speed in [0.8, 3, 6] {
                    let harness = wideHarness()
                    let scrollView = harness.scrollView
                    scrollView.decelerationRate = rate
                    let lift = flick(scrollView, speed: speed)
                    let release = try XCTUnwrap(harness.delegate.messages.first { $0.name == "willEndDragging" })
                    let velocity = try XCTUnwrap(harness.delegate.velocities.first).x
                    XCTAssertEqual(velocity, speed, accuracy: 1e-6, "the tracker measures the finger exactly")

                    let projected = release.offset.x - velocity / log(rate)
                    let context = "rate \(rate), frames of \(interval) ms, \(speed) px/ms"
                    XCTAssertEqual(harness.delegate.targets.first?.x ?? 0, projected, accuracy: 1e-6, context)
                    scrollView.runFrames(from: lift, interval: interval)
                    XCTAssertFalse(scrollView.isDecelerating, context)
                    XCTAssertEqual(scrollView.contentOffset.x, projected, accuracy: 1, context)
                }
            }
        }
    }

    func testMomentumStopsOnceSlowerThanTheStopSpeed() {
        let harness = wideHarness()
        let scrollView = harness.scrollView
        let lift = flick(scrollView, speed: 2)
        let end = scrollView.runFrames(from: lift, interval: 1)
        // v(t) = 2 * 0.998^t falls below 0.01 px/ms after ln(0.005)/ln(0.998) ms.
        let expected = lift + log(0.01 / 2) / log(0.998)
        XCTAssertEqual(end, expected, accuracy: 4)
        XCTAssertEqual(harness.delegate.names.last, "didEndDecelerating")
    }

    func testMomentumIsTheSameForAnyFrameInterval() {
        var offsets: [Double] = []
        for interval in [1, 4, 16.7, 33, 499] {
            let harness = wideHarness()
            let scrollView = harness.scrollView
            let lift = flick(scrollView, speed: 3)
            var time = lift
            while time + interval < lift + 499 {
                time += interval
                scrollView.advance(to: time)
            }
            scrollView.advance(to: lift + 499)
            offsets.append(scrollView.contentOffset.x)
        }
        for offset in offsets {
            XCTAssertEqual(offset, offsets[0], accuracy: 1e-6)
        }
        XCTAssertGreaterThan(offsets[0], 200_000 + 500, "it did move")
    }

    func testTouchDuringDecelerationStopsInPlace() {
        let harness = wideHarness()
        let scrollView = harness.scrollView
        let lift = flick(scrollView, speed: 4)
        scrollView.runFrames(from: lift, interval: 16, limit: 200)
        let before = scrollView.contentOffset.x
        harness.delegate.clear()

        scrollView.touchBegan(at: Point(x: 500, y: 400), time: lift + 210)
        let stopped = scrollView.contentOffset.x
        XCTAssertGreaterThan(stopped, before, "moved up to the moment of the touch")
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertTrue(scrollView.isTracking)
        XCTAssertEqual(harness.delegate.folded, ["didScroll...", "didEndDecelerating", "willBeginDragging"])

        scrollView.advance(to: lift + 500)
        XCTAssertEqual(scrollView.contentOffset.x, stopped)
        scrollView.touchEnded(time: lift + 520)
        XCTAssertEqual(scrollView.contentOffset.x, stopped)
        XCTAssertEqual(harness.delegate.names.suffix(2), ["willEndDragging", "didEndDragging(false)"])
        XCTAssertFalse(scrollView.isAnimating)
        XCTAssertTrue(harness.content.events.isEmpty, "a touch that stops the scroll is not the content's")
    }

    func testSlowReleaseHasNoMomentumButAQuickerOneDoes() {
        for (speed, decelerates) in [(0.2, false), (0.3, true)] {
            let harness = wideHarness()
            let scrollView = harness.scrollView
            scrollView.drag(from: Point(x: 900, y: 400), to: Point(x: 900 - speed * 200, y: 400),
                            start: 0, duration: 200)
            XCTAssertEqual(harness.delegate.velocities.first?.x ?? 0, speed, accuracy: 1e-6)
            XCTAssertTrue(harness.delegate.names.contains("didEndDragging(\(decelerates))"), "\(speed) px/ms")
            XCTAssertEqual(scrollView.isDecelerating, decelerates)
        }
    }

    func testFlickIntoTheEndBouncesAndRestsOnTheEdge() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.contentOffset = Point(x: 8800, y: 0)
        harness.delegate.clear()
        let lift = flick(scrollView, speed: 4)
        XCTAssertEqual(harness.delegate.targets, [Point(x: 9000, y: 0)], "the projected end, clamped")
        scrollView.runFrames(from: lift, interval: 8.3)

        let farthest = harness.delegate.messages.map(\.offset.x).max() ?? 0
        XCTAssertGreaterThan(farthest, 9030, "overshoots the end")
        XCTAssertLessThan(farthest, 9300, "but not by much")
        XCTAssertEqual(scrollView.contentOffset.x, 9000)
        XCTAssertEqual(harness.delegate.folded.suffix(3), ["willBeginDecelerating", "didScroll...", "didEndDecelerating"])
    }

    func testWithoutBouncesTheEdgesAreHard() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.bounces = false
        scrollView.drag(from: Point(x: 200, y: 400), to: Point(x: 500, y: 400), start: 0, duration: 300, liftDelay: 50)
        XCTAssertEqual(scrollView.contentOffset.x, 0)
        XCTAssertFalse(scrollView.isAnimating)

        scrollView.contentOffset = Point(x: 8800, y: 0)
        harness.delegate.clear()
        let lift = flick(scrollView, speed: 4, start: 1000)
        scrollView.runFrames(from: lift, interval: 8.3)
        XCTAssertEqual(harness.delegate.messages.map(\.offset.x).max(), 9000)
        XCTAssertEqual(scrollView.contentOffset.x, 9000)
    }

    func testDelegateCanMoveTheRestingPoint() {
        let harness = wideHarness()
        let scrollView = harness.scrollView
        harness.delegate.adjustTarget = { _ in Point(x: 201_000, y: 0) }
        let lift = flick(scrollView, speed: 4)
        scrollView.runFrames(from: lift, interval: 16.7)
        XCTAssertEqual(scrollView.contentOffset.x, 201_000)
        let path = harness.delegate.messages.map(\.offset.x)
        XCTAssertEqual(path, path.sorted(), "it glides there without turning back")
    }

    func testSettingTheOffsetStopsMomentum() {
        let harness = wideHarness()
        let scrollView = harness.scrollView
        let lift = flick(scrollView, speed: 4)
        scrollView.advance(to: lift + 100)
        harness.delegate.clear()
        scrollView.setContentOffset(Point(x: 150_000, y: 0), animated: false)
        XCTAssertEqual(harness.delegate.names, ["didEndDecelerating", "didScroll"])
        XCTAssertFalse(scrollView.isAnimating)
        scrollView.advance(to: lift + 200)
        XCTAssertEqual(scrollView.contentOffset.x, 150_000)
    }

    func testAFlickBackFromPastTheEdgeRestsWhereAnnounced() throws {
        for interval in [4, 16.7, 33] {
            let harness = Harness()
            let scrollView = harness.scrollView
            scrollView.moveFinger(from: Point(x: 200, y: 400), to: Point(x: 600, y: 400), start: 0, duration: 400)
            scrollView.continueFinger(from: Point(x: 600, y: 400), to: Point(x: 400, y: 400), start: 400, duration: 50)
            XCTAssertLessThan(scrollView.contentOffset.x, 0)
            scrollView.touchEnded(time: 455)
            let target = try XCTUnwrap(harness.delegate.targets.first).x
            XCTAssertGreaterThan(target, 1000, "the flick carries on into the content")
            scrollView.runFrames(from: 455, interval: interval)
            XCTAssertEqual(scrollView.contentOffset.x, target, accuracy: 1e-6, "frames of \(interval) ms")
        }
    }
}
