@testable import Geometry
import XCTest

/// One test a rule of the fitter's documentation.
final class VelocityFitterTests: XCTestCase {
    /// A sample every `step` ms from `start` through `end`, at `position(t)`.
    private func fitter(from start: Double = 0, through end: Double, step: Double = 8,
                        _ position: (Double) -> Point) -> VelocityFitter {
        var fitter = VelocityFitter()
        for t in stride(from: start, through: end, by: step) { fitter.add(position(t), at: t) }
        return fitter
    }

    func testSteadyMotionGivesItsVelocity() {
        let fitter = fitter(through: 80) { Point(x: 100 + 1.5 * $0, y: 300 - 0.5 * $0) }
        let velocity = fitter.velocity(at: 80)
        XCTAssertEqual(velocity.x, 1.5, accuracy: 1e-9)
        XCTAssertEqual(velocity.y, -0.5, accuracy: 1e-9)
    }

    func testTheSlopeIsTakenAtTheNewestSample() {
        // x = 2t + 0.01 t²: 3.8 px/ms at t = 90; a straight line through the samples would say 2.9.
        let fitter = fitter(through: 90, step: 10) { Point(x: 2 * $0 + 0.01 * $0 * $0, y: 0) }
        XCTAssertEqual(fitter.velocity(at: 90).x, 3.8, accuracy: 1e-6)
    }

    func testOnlyTheLastHundredMillisecondsCount() {
        // 40 px a step for 200 ms, then 8 px a step (1 px/ms) for 120 ms.
        var fitter = VelocityFitter()
        var x = 0.0
        for t in stride(from: 0.0, through: 320, by: 8) {
            x += t <= 200 ? 40 : 8
            fitter.add(Point(x: x, y: 0), at: t)
        }
        XCTAssertEqual(fitter.velocity(at: 320).x, 1, accuracy: 1e-9)
        XCTAssertEqual(fitter.samples.first?.time, 224, "the oldest sample is within 100 ms of the newest")
    }

    func testAtMostTwentySamplesCount() {
        // One sample a ms: still for 79 ms, then 2 px/ms for the last 20.
        var fitter = VelocityFitter()
        for t in 0...99 {
            let time = Double(t)
            fitter.add(Point(x: time < 80 ? 0 : 2 * (time - 79), y: 0), at: time)
        }
        XCTAssertEqual(fitter.samples.count, 20)
        XCTAssertEqual(fitter.velocity(at: 99).x, 2, accuracy: 1e-9)
    }

    func testAFingerStillForFortyMillisecondsHasStopped() {
        var fitter = fitter(through: 80) { Point(x: 3 * $0, y: 0) }
        // Samples that repeat the position are no movement: the finger last moved at 80.
        fitter.add(Point(x: 240, y: 0), at: 96)
        fitter.add(Point(x: 240, y: 0), at: 112)
        XCTAssertNotEqual(fitter.velocity(at: 119.9).x, 0, "39.9 ms still: still moving")
        XCTAssertEqual(fitter.velocity(at: 120), .zero, "40 ms still: stopped")
        XCTAssertEqual(fitter.velocity(at: 121), .zero)
    }

    func testSeveralReportsAtOneTimestampKeepTheNewestPosition() {
        var fitter = fitter(through: 40) { Point(x: 2 * $0, y: 0) }
        // At 48 the device reports x first and y after it: one sample, at the second position.
        fitter.add(Point(x: 96, y: 0), at: 48)
        fitter.add(Point(x: 96, y: 10), at: 48)
        XCTAssertEqual(fitter.samples.count, 7)
        XCTAssertEqual(fitter.samples.last, VelocityFitter.Sample(position: Point(x: 96, y: 10), time: 48))
        // A report at one timestamp that moves the finger is movement.
        var still = fitter
        still.add(Point(x: 96, y: 10), at: 60)
        still.add(Point(x: 99, y: 10), at: 60)
        XCTAssertNotEqual(still.velocity(at: 99.9), .zero)
        XCTAssertEqual(still.velocity(at: 100), .zero)
    }

    func testOutOfOrderSamplesAreIgnored() {
        var fitter = fitter(through: 80) { Point(x: 1.5 * $0, y: 0) }
        let before = fitter.samples
        fitter.add(Point(x: 0, y: 500), at: 70)
        XCTAssertEqual(fitter.samples, before)
        XCTAssertEqual(fitter.velocity(at: 80).x, 1.5, accuracy: 1e-9)
        XCTAssertEqual(fitter.velocity(at: 80).y, 0, accuracy: 1e-9)
    }

    func testTooFewSamples() {
        var fitter = VelocityFitter()
        XCTAssertEqual(fitter.velocity(at: 0), .zero)
        fitter.add(Point(x: 5, y: 5), at: 0)
        XCTAssertEqual(fitter.velocity(at: 1), .zero, "one sample: no velocity")
        fitter.add(Point(x: 9, y: 5), at: 2)
        XCTAssertEqual(fitter.velocity(at: 2).x, 2, accuracy: 1e-12, "two samples: the line through them")
        fitter.reset()
        XCTAssertEqual(fitter.velocity(at: 2), .zero)
        XCTAssertTrue(fitter.samples.isEmpty)
    }

    func testNearlySingularFitsFallBackToTheLine() {
        // Two of three samples a microsecond apart, the middle one off the
        // line by a thousandth of a pixel: the normal equations are singular
        // relative to their scale though their determinant is not zero. The
        // fit falls back to the line (3 px/ms) instead of a quadratic that
        // turns the thousandth into a slope 1000 px/ms off.
        let times = [-100, -1e-6, 0]
        let values = [3 * times[0], 3 * times[1] + 1e-3, 0]
        XCTAssertEqual(VelocityFitter.slope(times: times, values: values), 3, accuracy: 1e-3)
        // Evenly spread samples are well conditioned and keep the curvature.
        let even = [-100.0, -50, 0]
        XCTAssertEqual(VelocityFitter.slope(times: even, values: even.map { 3 * $0 + 0.01 * $0 * $0 }), 3, accuracy: 1e-9)
    }

    func testADecelerationIsNotExtrapolatedIntoATurnBack() {
        // Reports that came bunched within a millisecond, then two slow
        // ones, all leftward: the quadratic through them slopes rightward
        // at the end (+33 px/ms), though the finger never went back.
        var fitter = VelocityFitter()
        fitter.add(Point(x: 870, y: 384), at: 0)
        for (index, x) in [826.0, 781, 737, 692, 648, 604, 559, 515, 470, 426, 382, 337, 293].enumerated() {
            fitter.add(Point(x: x, y: 384), at: 85 + Double(index) * 0.07)
        }
        fitter.add(Point(x: 248, y: 384), at: 91)
        fitter.add(Point(x: 204, y: 384), at: 107)
        XCTAssertLessThanOrEqual(fitter.velocity(at: 107).x, 0)
        XCTAssertEqual(fitter.velocity(at: 107).y, 0, accuracy: 1e-9)
        // A finger that does turn back at the end keeps the fit's slope.
        var back = VelocityFitter()
        for (t, x) in [(0.0, 500.0), (8, 460), (16, 430), (24, 415), (32, 412), (40, 420), (48, 440)] {
            back.add(Point(x: x, y: 0), at: t)
        }
        XCTAssertGreaterThan(back.velocity(at: 48).x, 1)
    }

    func testTheWindowAndLimitsFollowTheConfiguration() {
        var fitter = VelocityFitter(window: 30, maximumSamples: 3, stillness: 10)
        for t in stride(from: 0.0, through: 80, by: 8) { fitter.add(Point(x: t * t, y: 0), at: t) }
        XCTAssertEqual(fitter.samples.map(\.time), [64, 72, 80])
        XCTAssertEqual(fitter.velocity(at: 80).x, 160, accuracy: 1e-6)
        XCTAssertEqual(fitter.velocity(at: 90), .zero)
    }
}
