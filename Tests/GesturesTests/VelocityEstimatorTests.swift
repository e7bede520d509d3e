import Geometry
import XCTest
@testable import Gestures

final class VelocityEstimatorTests: XCTestCase {
    func testQuadraticFitFollowsAcceleration() {
        var estimator = VelocityEstimator()
        // x = 2t + 0.01 t²: the velocity at t = 90 is 2 + 0.02 * 90 = 3.8 px/ms.
        for t in stride(from: 0.0, through: 90, by: 10) {
            estimator.add(Point(x: 2 * t + 0.01 * t * t, y: 0), at: t)
        }
        XCTAssertEqual(estimator.velocity(at: 90).x, 3.8, accuracy: 1e-6)
    }

    func testOnlyTheLastHundredMillisecondsCount() {
        var estimator = VelocityEstimator()
        var x = 0.0
        for t in stride(from: 0.0, through: 300, by: 10) {
            estimator.add(Point(x: x, y: 0), at: t)
            x += t < 150 ? 50 : 5  // fast, then slow for the last 150 ms
        }
        XCTAssertEqual(estimator.velocity(at: 300).x, 0.5, accuracy: 1e-6)
    }

    func testAtMostTwentySamples() {
        var estimator = VelocityEstimator()
        var x = 0.0
        for t in stride(from: 0.0, through: 99, by: 3) {  // 34 samples inside 100 ms
            estimator.add(Point(x: x, y: 0), at: t)
            x += t < 40 ? 30 : 3  // the last 20 samples move 1 px/ms
        }
        XCTAssertEqual(estimator.velocity(at: 99).x, 1, accuracy: 1e-6)
    }

    func testSingleSampleHasNoVelocity() {
        var estimator = VelocityEstimator()
        estimator.add(Point(x: 5, y: 5), at: 0)
        XCTAssertEqual(estimator.velocity(at: 0), .zero)
    }
}
