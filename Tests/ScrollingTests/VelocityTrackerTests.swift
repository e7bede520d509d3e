import Geometry
import XCTest
@testable import Scrolling

/// Least squares of degree 2 over the last 100 ms, at most 20 samples, 40 ms stop rule.
final class VelocityTrackerTests: XCTestCase {
    func testSteadyMotionGivesItsVelocity() {
        var tracker = VelocityTracker()
        for step in 0...10 {
            let t = Double(step) * 8
            tracker.add(Point(x: 100 + 1.5 * t, y: 300 - 0.5 * t), time: t)
        }
        assertPoint(tracker.velocity(at: 80), Point(x: 1.5, y: -0.5), accuracy: 1e-9)
    }

    func testAcceleratingFingerGivesTheSlopeAtTheNewestSample() {
        var tracker = VelocityTracker()
        // x = 0.01 t^2: velocity 0.02 t, 1.6 px/ms at t = 80. A straight line would say less.
        for step in 0...10 {
            let t = Double(step) * 8
            tracker.add(Point(x: 0.01 * t * t, y: 0), time: t)
        }
        XCTAssertEqual(tracker.velocity(at: 80).x, 1.6, accuracy: 1e-9)
    }

    func testOnlyTheLast100MillisecondsCount() {
        var tracker = VelocityTracker()
        var x = 0.0
        for step in 0...40 {  // 200 ms fast, then 120 ms slow
            let t = Double(step) * 8
            x += t <= 200 ? 40 : 8
            tracker.add(Point(x: x, y: 0), time: t)
        }
        XCTAssertEqual(tracker.velocity(at: 320).x, 1, accuracy: 1e-9)
        XCTAssertTrue(tracker.samples.allSatisfy { $0.time >= 220 })
    }

    func testAtMost20SamplesCount() {
        var tracker = VelocityTracker()
        for t in 0...99 {  // one sample a ms: still for 79 ms, then 2 px/ms for the last 20
            let time = Double(t)
            tracker.add(Point(x: time < 80 ? 0 : 2 * (time - 79), y: 0), time: time)
        }
        XCTAssertEqual(tracker.samples.count, 20)
        XCTAssertEqual(tracker.velocity(at: 99).x, 2, accuracy: 1e-9)
    }

    func testAFingerStill40MillisecondsHasStopped() {
        var tracker = VelocityTracker()
        for step in 0...10 {
            let t = Double(step) * 8
            tracker.add(Point(x: 3 * t, y: 0), time: t)
        }
        // Samples that repeat the position are not movement.
        tracker.add(Point(x: 240, y: 0), time: 96)
        tracker.add(Point(x: 240, y: 0), time: 112)
        XCTAssertNotEqual(tracker.velocity(at: 119.9).x, 0)
        XCTAssertEqual(tracker.velocity(at: 120), .zero)
    }

    func testTooFewSamples() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity(at: 0), .zero)
        tracker.add(Point(x: 5, y: 5), time: 0)
        XCTAssertEqual(tracker.velocity(at: 1), .zero)
        tracker.add(Point(x: 9, y: 5), time: 2)
        XCTAssertEqual(tracker.velocity(at: 2).x, 2, accuracy: 1e-12, "two samples: a straight line")
        tracker.reset()
        XCTAssertEqual(tracker.velocity(at: 2), .zero)
    }
}
