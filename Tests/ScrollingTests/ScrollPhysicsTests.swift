import XCTest
@testable import Scrolling

/// The closed-form motion laws behind momentum and the paging settle.
final class ScrollPhysicsTests: XCTestCase {
    func testDecayStepsComposeAndTendToTheProjectedEnd() {
        for rate in [0.998, 0.99] {
            var state = (position: 100.0, velocity: 2.5)
            for _ in 0..<30 {
                state = ScrollPhysics.decayStep(position: state.position, velocity: state.velocity, rate: rate, dt: 16.7)
            }
            let once = ScrollPhysics.decayStep(position: 100, velocity: 2.5, rate: rate, dt: 501)
            XCTAssertEqual(state.position, once.position, accuracy: 1e-9)
            XCTAssertEqual(state.velocity, 2.5 * pow(rate, 501), accuracy: 1e-12)

            let far = ScrollPhysics.decayStep(position: 100, velocity: 2.5, rate: rate, dt: 1e6)
            XCTAssertEqual(far.position, ScrollPhysics.projectedEnd(position: 100, velocity: 2.5, rate: rate),
                           accuracy: 1e-9)
        }
        XCTAssertEqual(ScrollPhysics.projectedEnd(position: 0, velocity: 1, rate: 0.998), -1 / log(0.998))
    }

    func testTimeToReachAnEdge() throws {
        let hit = ScrollPhysics.timeToReach(edge: 300, position: 0, velocity: 2, rate: 0.998)
        let time = try XCTUnwrap(hit)
        let there = ScrollPhysics.decayStep(position: 0, velocity: 2, rate: 0.998, dt: time)
        XCTAssertEqual(there.position, 300, accuracy: 1e-9)
        XCTAssertNil(ScrollPhysics.timeToReach(edge: 2000, position: 0, velocity: 2, rate: 0.998),
                     "the flick ends at 999 px")
        XCTAssertNil(ScrollPhysics.timeToReach(edge: -10, position: 0, velocity: 2, rate: 0.998), "behind it")
    }

    func testSpringSettlesWithoutOvershootAndComposes() {
        var state = (position: 3600.0, velocity: 0.0)
        var crossed = false
        for _ in 0..<60 {
            state = ScrollPhysics.springStep(position: state.position, velocity: state.velocity, target: 4000, dt: 10)
            crossed = crossed || state.position > 4000
        }
        XCTAssertFalse(crossed, "critically damped")
        XCTAssertEqual(state.position, 4000, accuracy: 0.01)
        let once = ScrollPhysics.springStep(position: 3600, velocity: 0, target: 4000, dt: 600)
        XCTAssertEqual(state.position, once.position, accuracy: 1e-9)
        XCTAssertEqual(state.velocity, once.velocity, accuracy: 1e-12)
    }

    func testEasingsRunFromZeroToOne() {
        for ease in [ScrollPhysics.easeInOut, ScrollPhysics.easeOut] {
            XCTAssertEqual(ease(0), 0)
            XCTAssertEqual(ease(1), 1)
            XCTAssertEqual(ease(2), 1)
            XCTAssertLessThan(ease(0.3), ease(0.6))
        }
        XCTAssertEqual(ScrollPhysics.easeInOut(0.5), 0.5)
        XCTAssertGreaterThan(ScrollPhysics.easeOut(0.5), 0.5, "fast start")
    }
}
