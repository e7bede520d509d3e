import Geometry
import XCTest
@testable import Scrolling

/// The rubber band past the edges, bounce-back law, and which axes a drag moves.
final class RubberBandTests: XCTestCase {
    func testRubberBandFormula() {
        // f(x) = (1 - 1/(x*c/d + 1)) * d with c = 0.55.
        XCTAssertEqual(ScrollPhysics.rubberBand(overshoot: 0, dimension: 800), 0)
        XCTAssertEqual(ScrollPhysics.rubberBand(overshoot: 100, dimension: 800), 800 * 0.06875 / 1.06875,
                       accuracy: 1e-12)
        XCTAssertEqual(ScrollPhysics.rubberBand(overshoot: 800, dimension: 800), 800 * 0.55 / 1.55, accuracy: 1e-12)
        XCTAssertEqual(ScrollPhysics.rubberBand(overshoot: -100, dimension: 800),
                       -ScrollPhysics.rubberBand(overshoot: 100, dimension: 800), "the same on either edge")
        XCTAssertLessThan(ScrollPhysics.rubberBand(overshoot: 1e9, dimension: 800), 800, "never a whole viewport")
        // Small pulls move at c times the finger.
        XCTAssertEqual(ScrollPhysics.rubberBand(overshoot: 0.01, dimension: 800) / 0.01, 0.55, accuracy: 1e-5)
    }

    func testRawOvershootUndoesTheRubberBand() {
        for raw in [-2000.0, -150, 0, 3, 640, 5000] {
            let banded = ScrollPhysics.rubberBand(overshoot: raw, dimension: 1000)
            XCTAssertEqual(ScrollPhysics.rawOvershoot(rubberBanded: banded, dimension: 1000), raw,
                           accuracy: 1e-6 * max(1, abs(raw)))
        }
    }

    func testDraggingPastTheStartFollowsTheRubberBand() {
        let harness = Harness()
        // 110 px of finger travel, 10 px of slop: 100 px of raw overshoot.
        harness.scrollView.moveFinger(from: Point(x: 200, y: 400), to: Point(x: 310, y: 400), start: 0, duration: 110)
        XCTAssertEqual(harness.scrollView.contentOffset.x,
                       -ScrollPhysics.rubberBand(overshoot: 100, dimension: 1000), accuracy: 1e-9)
    }

    func testDraggingPastTheEndFollowsTheRubberBand() {
        let harness = Harness()
        harness.scrollView.contentOffset = Point(x: 8950, y: 0)
        harness.scrollView.moveFinger(from: Point(x: 800, y: 400), to: Point(x: 500, y: 400), start: 0, duration: 300)
        // Raw offset 8950 + 290 = 9240: 240 px past the end of 9000.
        XCTAssertEqual(harness.scrollView.contentOffset.x,
                       9000 + ScrollPhysics.rubberBand(overshoot: 240, dimension: 1000), accuracy: 1e-9)
    }

    func testCatchingABounceResumesWithoutAJump() {
        let harness = Harness()
        let scrollView = harness.scrollView
        scrollView.moveFinger(from: Point(x: 200, y: 400), to: Point(x: 500, y: 400), start: 0, duration: 300)
        scrollView.touchEnded(time: 400)
        scrollView.advance(to: 450)
        let caught = scrollView.contentOffset.x
        scrollView.touchBegan(at: Point(x: 300, y: 400), time: 450)
        XCTAssertEqual(scrollView.contentOffset.x, caught)
        scrollView.touchMoved(to: Point(x: 301, y: 400), time: 458)
        XCTAssertEqual(scrollView.contentOffset.x, caught, accuracy: 1, "one px of finger, under one px of content")
        XCTAssertLessThan(scrollView.contentOffset.x, caught)
    }

    func testBounceStepWithoutMomentumIsTheExponentialLaw() {
        let step = ScrollPhysics.bounceStep(overshoot: 120, velocity: 0, rate: 0.998, dt: 70)
        XCTAssertEqual(step.overshoot, 120 * pow(0.99, 70), accuracy: 1e-9)
        // With momentum the overshoot grows first, then returns; many short steps equal one long one.
        var state = (overshoot: 0.0, velocity: 3.0)
        for _ in 0..<100 {
            state = ScrollPhysics.bounceStep(overshoot: state.overshoot, velocity: state.velocity, rate: 0.998, dt: 5)
        }
        let once = ScrollPhysics.bounceStep(overshoot: 0, velocity: 3, rate: 0.998, dt: 500)
        XCTAssertEqual(state.overshoot, once.overshoot, accuracy: 1e-9)
        XCTAssertEqual(state.velocity, once.velocity, accuracy: 1e-12)
    }

    func testContentThatFitsDoesNotScrollUnlessAlwaysBounce() {
        let harness = Harness(content: Size(width: 1000, height: 800))
        let scrollView = harness.scrollView
        scrollView.drag(from: Point(x: 500, y: 300), to: Point(x: 500, y: 500), start: 0, duration: 200)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertTrue(harness.delegate.names.isEmpty)

        scrollView.alwaysBounceVertical = true
        scrollView.moveFinger(from: Point(x: 500, y: 300), to: Point(x: 500, y: 500), start: 1000, duration: 200)
        XCTAssertEqual(scrollView.contentOffset.y, -ScrollPhysics.rubberBand(overshoot: 190, dimension: 800),
                       accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.x, 0, "horizontal still does not bounce")
        scrollView.touchEnded(time: 1300)
        scrollView.runFrames(from: 1300, interval: 16.7)
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    func testDirectionalLockKeepsAMostlyHorizontalDragHorizontal() {
        let harness = Harness(content: Size(width: 10_000, height: 10_000))
        let scrollView = harness.scrollView
        scrollView.contentOffset = Point(x: 3000, y: 3000)
        scrollView.directionalLockEnabled = true
        scrollView.drag(from: Point(x: 800, y: 400), to: Point(x: 500, y: 340), start: 0, duration: 300, liftDelay: 50)
        XCTAssertEqual(scrollView.contentOffset.y, 3000, "locked to horizontal")
        XCTAssertGreaterThan(scrollView.contentOffset.x, 3280)

        scrollView.drag(from: Point(x: 800, y: 600), to: Point(x: 600, y: 400), start: 1000, duration: 300,
                        liftDelay: 50)
        XCTAssertGreaterThan(scrollView.contentOffset.y, 3150, "a diagonal drag moves both ways")

        scrollView.directionalLockEnabled = false
        let before = scrollView.contentOffset
        scrollView.drag(from: Point(x: 800, y: 400), to: Point(x: 500, y: 340), start: 2000, duration: 300,
                        liftDelay: 50)
        XCTAssertGreaterThan(scrollView.contentOffset.y, before.y + 50, "without the lock both axes follow")
    }

    func testADragMovesOneToOneIntoTheRoomPastAnEdgeThenRubberBands() {
        let harness = Harness(content: Size(width: 2000, height: 800))
        let scrollView = harness.scrollView
        scrollView.dragRoom = EdgeInsets(top: 0, left: 0, bottom: 0, right: 500)
        scrollView.contentOffset = Point(x: 1000, y: 0)
        let last = scrollView.moveFinger(from: Point(x: 900, y: 400), to: Point(x: 510, y: 400), start: 0, duration: 400)
        XCTAssertEqual(scrollView.contentOffset.x, 1380, accuracy: 1e-9, "one to one in the room")
        scrollView.continueFinger(from: Point(x: 510, y: 400), to: Point(x: 10, y: 400), start: last, duration: 400)
        XCTAssertEqual(scrollView.contentOffset.x,
                       1500 + ScrollPhysics.rubberBand(overshoot: 380, dimension: 1000), accuracy: 1e-9)
        // Released there, it bounces back to the content's edge.
        scrollView.touchEnded(time: last + 600)
        scrollView.runFrames(from: last + 600, interval: 16.7)
        XCTAssertEqual(scrollView.contentOffset.x, 1000)
    }
}
