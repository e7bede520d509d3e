import Geometry
import XCTest
@testable import Scrolling

/// The paging target rule (a slow release goes to the nearest page, a
/// flick to the next one, never more than one) and the settle onto it.
final class PagingTests: XCTestCase {
    /// Ten pages 1000 px wide, resting on page 3.
    private func pagingHarness(page: Int = 3) -> Harness {
        let harness = Harness()
        harness.scrollView.pagingEnabled = true
        harness.scrollView.contentOffset = Point(x: Double(page) * 1000, y: 0)
        harness.delegate.clear()
        return harness
    }

    /// A drag at constant `speed` px/ms (positive moves the finger left, the content forward).
    @discardableResult
    private func swipe(_ scrollView: ScrollView, speed: Double, duration: Double, liftDelay: Double = 0) -> Double {
        let from = Point(x: speed > 0 ? 900 : 100, y: 400)
        return scrollView.drag(from: from, to: from - Point(x: speed * duration, y: 0), start: 0,
                               duration: duration, liftDelay: liftDelay)
    }

    private func settle(_ harness: Harness, speed: Double, duration: Double, liftDelay: Double = 0) -> Double {
        let lift = swipe(harness.scrollView, speed: speed, duration: duration, liftDelay: liftDelay)
        harness.scrollView.runFrames(from: lift, interval: 16.7)
        return harness.scrollView.contentOffset.x
    }

    func testJustAboveTheVelocityThresholdTurnsThePage() {
        let harness = pagingHarness()
        XCTAssertEqual(settle(harness, speed: 0.31, duration: 200), 4000)
        XCTAssertEqual(harness.delegate.velocities.first?.x ?? 0, 0.31, accuracy: 1e-9)
        XCTAssertEqual(harness.delegate.targets, [Point(x: 4000, y: 0)])
        XCTAssertEqual(harness.scrollView.currentPage, 4)

        let backwards = pagingHarness()
        XCTAssertEqual(settle(backwards, speed: -0.31, duration: 200), 2000)
    }

    func testJustBelowTheVelocityThresholdTheNearestPageWins() {
        let harness = pagingHarness()
        XCTAssertEqual(settle(harness, speed: 0.29, duration: 200), 3000)
        XCTAssertEqual(harness.delegate.targets, [Point(x: 3000, y: 0)])
        XCTAssertEqual(harness.scrollView.currentPage, 3)

        let backwards = pagingHarness()
        XCTAssertEqual(settle(backwards, speed: -0.29, duration: 200), 3000)
    }

    func testSlowReleaseJustBeforeTheMidpointReturns() {
        let harness = pagingHarness()
        // 509 px of finger travel less the 10 px slop: offset 3499, then 50 ms still.
        let lift = swipe(harness.scrollView, speed: 0.5, duration: 1018, liftDelay: 50)
        XCTAssertEqual(harness.scrollView.contentOffset.x, 3499, accuracy: 1e-9)
        XCTAssertEqual(harness.delegate.velocities, [.zero])
        harness.scrollView.runFrames(from: lift, interval: 16.7)
        XCTAssertEqual(harness.scrollView.contentOffset.x, 3000)
    }

    func testSlowReleaseJustAfterTheMidpointAdvances() {
        let harness = pagingHarness()
        let lift = swipe(harness.scrollView, speed: 0.5, duration: 1022, liftDelay: 50)
        XCTAssertEqual(harness.scrollView.contentOffset.x, 3501, accuracy: 1e-9)
        harness.scrollView.runFrames(from: lift, interval: 16.7)
        XCTAssertEqual(harness.scrollView.contentOffset.x, 4000)
    }

    func testAFlickNeverMovesMoreThanOnePage() {
        XCTAssertEqual(settle(pagingHarness(), speed: 10, duration: 80), 4000, "a hard flick")
        XCTAssertEqual(settle(pagingHarness(), speed: -10, duration: 80), 2000)
        // The finger travels 1.6 pages before flicking on.
        XCTAssertEqual(settle(pagingHarness(), speed: 16, duration: 100), 4000)
        XCTAssertEqual(settle(pagingHarness(), speed: -16, duration: 100), 2000)

        let harness = pagingHarness()
        var time = 0.0
        for _ in 0..<2 {
            let lift = harness.scrollView.drag(from: Point(x: 900, y: 400), to: Point(x: 700, y: 400),
                                               start: time, duration: 50, liftDelay: 8)
            time = harness.scrollView.runFrames(from: lift, interval: 16.7) + 500
        }
        XCTAssertEqual(harness.scrollView.contentOffset.x, 5000, "two flicks, two pages")
    }

    func testFlicksClampToTheFirstAndLastPage() {
        let first = pagingHarness(page: 0)
        XCTAssertEqual(settle(first, speed: -5, duration: 60, liftDelay: 8), 0)
        XCTAssertLessThan(first.delegate.messages.map(\.offset.x).min() ?? 0, -50, "the first page bounces")
        XCTAssertEqual(first.delegate.folded, [
            "willBeginDragging", "didScroll...", "willEndDragging", "didEndDragging(true)",
            "willBeginDecelerating", "didScroll...", "didEndDecelerating",
        ])

        let last = pagingHarness(page: 9)
        XCTAssertEqual(settle(last, speed: 5, duration: 60, liftDelay: 8), 9000)
    }

    func testSettleLandsExactlyInAbout300To500Milliseconds() {
        for interval in [4, 16.7, 33] {
            for (speed, liftDelay) in [(0.5, 50.0), (4, 4)] {
                let harness = pagingHarness()
                let lift = swipe(harness.scrollView, speed: speed, duration: speed < 1 ? 1200 : 60,
                                 liftDelay: liftDelay)
                let end = harness.scrollView.runFrames(from: lift, interval: interval)
                let context = "\(speed) px/ms, frames of \(interval) ms"
                XCTAssertEqual(harness.scrollView.contentOffset.x, 4000, context)
                XCTAssertGreaterThanOrEqual(end - lift, 300 - interval, context)
                XCTAssertLessThanOrEqual(end - lift, 500 + interval, context)
                let path = harness.delegate.messages.map(\.offset.x)
                XCTAssertEqual(path, path.sorted(), "critically damped: no overshoot, \(context)")
            }
        }
    }

    func testCurrentPageChangesAtTheMidpoint() {
        let scrollView = ScrollView(viewportSize: Size(width: 1000, height: 800),
                                    contentSize: Size(width: 10_000, height: 800))
        let expectations: [(Double, Int)] = [(3499, 3), (3500, 4), (4499.9, 4), (-400, 0), (9400, 9)]
        for (offset, page) in expectations {
            scrollView.contentOffset = Point(x: offset, y: 0)
            XCTAssertEqual(scrollView.currentPage, page, "offset \(offset)")
        }
    }

    func testPagingRuleAtTheThreshold() {
        func target(_ offset: Double, _ velocity: Double, start: Double = 3000, maximum: Double = 9000) -> Double {
            PagingRule.targetOffset(offset: offset, velocity: velocity, pageSize: 1000,
                                    startOffset: start, minimum: 0, maximum: maximum)
        }
        XCTAssertEqual(target(3052, 0.3), 3000, "0.3 px/ms itself is slow")
        XCTAssertEqual(target(3052, 0.3001), 4000)
        XCTAssertEqual(target(3052, -0.3001), 3000, "the boundary behind, in the direction of motion")
        XCTAssertEqual(target(2948, -0.3001), 2000)
        XCTAssertEqual(target(3000, 0.5), 4000, "from exactly on a page, the next one")
        XCTAssertEqual(target(4700, 2), 4000, "no further than one page from the start")
        XCTAssertEqual(target(1300, -2), 2000)
        XCTAssertEqual(target(8900, 2, start: 9000, maximum: 8500), 8500, "clamped to the content")
    }

    func testATouchCatchesTheSettleAndALiftSettlesOnTheNearestPage() {
        let harness = pagingHarness()
        let scrollView = harness.scrollView
        let lift = swipe(scrollView, speed: 4, duration: 60, liftDelay: 4)
        scrollView.runFrames(from: lift, interval: 16.7, limit: 100)
        harness.delegate.clear()
        scrollView.touchBegan(at: Point(x: 500, y: 400), time: lift + 110)
        let caught = scrollView.contentOffset.x
        XCTAssertGreaterThan(caught, 3500)
        XCTAssertLessThan(caught, 4000)
        scrollView.advance(to: lift + 300)
        XCTAssertEqual(scrollView.contentOffset.x, caught, "stopped in place while the finger is down")

        scrollView.touchEnded(time: lift + 320)
        scrollView.runFrames(from: lift + 320, interval: 16.7)
        XCTAssertEqual(scrollView.contentOffset.x, 4000)
        XCTAssertEqual(harness.delegate.folded, [
            "didScroll...", "didEndDecelerating", "willBeginDragging", "willEndDragging", "didEndDragging(true)",
            "willBeginDecelerating", "didScroll...", "didEndDecelerating",
        ])
    }

    func testAFastReleaseNeverPassesTheTargetPage() {
        for interval in [4, 16.7, 33] {
            let harness = pagingHarness()
            let lift = swipe(harness.scrollView, speed: 19, duration: 40)
            harness.delegate.clear()
            harness.scrollView.runFrames(from: lift, interval: interval)
            let path = harness.delegate.messages.map(\.offset.x)
            XCTAssertEqual(path.last, 4000, "frames of \(interval) ms")
            XCTAssertLessThanOrEqual(path.max() ?? 0, 4000, "frames of \(interval) ms")
        }
    }

    func testSpringStartVelocityLimitsOnlyMotionTowardsTheTarget() {
        XCTAssertEqual(ScrollPhysics.springStartVelocity(position: 900, velocity: 19, target: 1000), 2.4, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.springStartVelocity(position: 900, velocity: 1, target: 1000), 1)
        XCTAssertEqual(ScrollPhysics.springStartVelocity(position: 900, velocity: -5, target: 1000), -5)
        XCTAssertEqual(ScrollPhysics.springStartVelocity(position: 1100, velocity: -19, target: 1000), -2.4, accuracy: 1e-9)
    }
}
