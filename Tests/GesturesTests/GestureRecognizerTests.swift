import Geometry
import XCTest
@testable import Gestures

final class TapTests: XCTestCase {
    func testMiddleTapWaitsForTheDoubleTapWindow() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)
        XCTAssertEqual(script.recognizer.nextDeadline, 390)
        script.advance(to: 389.9)
        XCTAssertEqual(script.names, [])
        script.advance(to: 390)
        XCTAssertEqual(script.names, ["tap"])
        XCTAssertEqual(script.events.last, GestureEvent(time: 390, kind: .tap(at: Point(x: 640, y: 400), zone: .middle)))
        XCTAssertNil(script.recognizer.nextDeadline)
    }

    func testSettleReportsTheWaitingTapAtTheEndOfTheWindow() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)
        script.events += script.recognizer.settle()
        XCTAssertEqual(script.events.last, GestureEvent(time: 390, kind: .tap(at: Point(x: 640, y: 400), zone: .middle)))
        XCTAssertEqual(script.recognizer.settle(), [])
    }

    func testSideTapsAreReportedAtLiftWithoutDelay() {
        var script = GestureScript()
        script.tap(1180, 400, at: 0)
        XCTAssertEqual(script.events.last, GestureEvent(time: 40, kind: .tap(at: Point(x: 1180, y: 400), zone: .right)))
        script.tap(100, 400, at: 100)
        XCTAssertEqual(script.events.last, GestureEvent(time: 140, kind: .tap(at: Point(x: 100, y: 400), zone: .left)))
        XCTAssertNil(script.recognizer.nextDeadline, "nothing waits after a side tap")
    }

    func testQuickSideTapsAreSeparatePageTurns() {
        var script = GestureScript()
        script.tap(1180, 400, at: 0)
        script.tap(1180, 400, at: 100)
        script.advance(to: 2000)
        XCTAssertEqual(script.names, ["tap", "tap"])
        XCTAssertEqual(script.events.filter { $0.kind.recognizedName == "tap" }.map(\.time), [40, 140])
    }

    func testZoneBoundariesAreThirds() {
        XCTAssertEqual(TapZone(x: 426.6, width: 1280), .left)
        XCTAssertEqual(TapZone(x: 426.7, width: 1280), .middle)
        XCTAssertEqual(TapZone(x: 853.3, width: 1280), .middle)
        XCTAssertEqual(TapZone(x: 853.4, width: 1280), .right)
    }

    func testDoubleTapJustInsideTheWindow() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)          // lifts at 40
        script.tap(650, 410, at: 389.9)      // touches 349.9 ms after the lift
        XCTAssertEqual(script.names, ["double-tap"])
        XCTAssertEqual(script.events.last, GestureEvent(time: 429.9, kind: .doubleTap(at: Point(x: 650, y: 410))))
        script.advance(to: 5000)
        XCTAssertEqual(script.names, ["double-tap"], "no single tap follows a double tap")
    }

    func testTwoTapsJustOutsideTheWindowAreTwoTaps() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)
        script.tap(640, 400, at: 390)        // touches 350 ms after the lift: the window has closed
        script.advance(to: 5000)
        XCTAssertEqual(script.names, ["tap", "tap"])
        XCTAssertEqual(script.events.filter { $0.kind.recognizedName == "tap" }.map(\.time), [390, 780])
    }

    func testTapsTooFarApartAreTwoTaps() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)
        script.tap(640 + 46, 400, at: 100)
        XCTAssertEqual(script.names, ["tap"], "the first tap is reported as soon as the second cannot pair with it")
        script.advance(to: 5000)
        XCTAssertEqual(script.names, ["tap", "tap"])
    }

    func testDoubleTapAtFortyFivePixels() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)
        script.tap(640 + 27, 400 + 36, at: 100)  // 45 px away
        XCTAssertEqual(script.names, ["double-tap"])
    }

    func testWithZonesOffSideTapsWaitAndPair() {
        var script = GestureScript()
        script.recognizer.tapZonesEnabled = false
        script.tap(1180, 400, at: 0)
        XCTAssertEqual(script.names, [])
        script.tap(1180, 400, at: 200)
        XCTAssertEqual(script.names, ["double-tap"])
    }

    func testSecondTouchThatPansReleasesTheFirstTap() {
        var script = GestureScript()
        script.tap(640, 400, at: 0)
        script.down(1, 640, 400, at: 100)
        script.move(1, 660, 400, at: 120)
        XCTAssertEqual(script.names, ["tap", "pan-begin"])
    }

    func testTwoFingerTapIsReportedAtTheLastLift() {
        var script = GestureScript()
        script.down(1, 600, 400, at: 0)
        script.down(2, 700, 400, at: 10)
        script.up(1, at: 80)
        script.up(2, at: 90)
        XCTAssertEqual(script.names, ["two-finger-tap"])
        XCTAssertEqual(script.events.last, GestureEvent(time: 90, kind: .twoFingerTap(at: Point(x: 650, y: 400))))
        script.advance(to: 5000)
        XCTAssertEqual(script.names, ["two-finger-tap"])
    }

    func testSlowTwoFingerTouchIsNoTap() {
        var script = GestureScript()
        script.down(1, 600, 400, at: 0)
        script.down(2, 700, 400, at: 0)
        script.up(1, at: 501)
        script.up(2, at: 501)
        XCTAssertEqual(script.names, [])
    }

    func testThreeFingersMakeNoTap() {
        var script = GestureScript()
        script.down(1, 600, 400, at: 0)
        script.down(2, 700, 400, at: 0)
        script.down(3, 800, 400, at: 0)
        script.up(1, at: 50)
        script.up(2, at: 50)
        script.up(3, at: 50)
        script.advance(to: 5000)
        XCTAssertEqual(script.names, [])
    }
}

final class LongPressTests: XCTestCase {
    func testLongPressFiresAtFiveHundredMilliseconds() {
        var script = GestureScript()
        script.down(1, 640, 400, at: 0)
        script.move(1, 649, 400, at: 100)  // 9 px: still a press
        XCTAssertEqual(script.recognizer.nextDeadline, 500)
        script.advance(to: 499)
        XCTAssertEqual(script.names, [])
        script.advance(to: 500)
        XCTAssertEqual(script.events.last, GestureEvent(time: 500, kind: .longPress(at: Point(x: 640, y: 400))))
        script.up(1, at: 700)
        script.advance(to: 5000)
        XCTAssertEqual(script.names, ["long-press"], "no tap after a long press")
    }

    func testTenPixelsOfMovementCancelsTheLongPress() {
        var script = GestureScript()
        script.down(1, 640, 400, at: 0)
        script.move(1, 640, 410, at: 100)
        script.advance(to: 1000)
        XCTAssertFalse(script.names.contains("long-press"))
    }

    func testLongPressFiresFromTheNextFrameTimeToo() {
        var script = GestureScript()
        script.down(1, 640, 400, at: 0)
        script.move(1, 641, 400, at: 600)
        XCTAssertEqual(script.first("long-press")?.time, 500)
    }

    func testALiftBeforeFiveHundredIsATap() {
        var script = GestureScript()
        script.down(1, 100, 400, at: 0)
        script.up(1, at: 499)
        XCTAssertEqual(script.names, ["tap"])
    }
}

final class PanAndPinchTests: XCTestCase {
    func testPanBeginsAtTenPixels() {
        var script = GestureScript()
        script.down(1, 640, 400, at: 0)
        script.move(1, 649, 400, at: 10)
        XCTAssertEqual(script.names, [])
        script.move(1, 650, 400, at: 20)
        XCTAssertEqual(script.events.last, GestureEvent(time: 20, kind: .panBegan(at: Point(x: 650, y: 400),
                                                                                   translation: Point(x: 10, y: 0))))
    }

    func testFlickVelocity() throws {
        var script = GestureScript()
        script.stroke(1, from: Point(x: 900, y: 400), to: Point(x: 700, y: 400), from: 0, duration: 50)
        script.up(1, at: 58)
        guard case .panEnded(let at, let translation, let velocity) = try XCTUnwrap(script.first("pan-end")).kind else {
            return XCTFail("no pan end")
        }
        XCTAssertEqual(at, Point(x: 700, y: 400))
        XCTAssertEqual(translation.x, -200, accuracy: 1e-9)
        XCTAssertEqual(velocity.x, -4, accuracy: 1e-6)
        XCTAssertEqual(velocity.y, 0, accuracy: 1e-9)
        XCTAssertEqual(script.names, ["pan-begin", "pan-end"])
    }

    func testFingerStillForMoreThanFortyMillisecondsHasStopped() throws {
        for (hold, moving) in [(39.0, true), (41.0, false)] {
            var script = GestureScript()
            script.stroke(1, from: Point(x: 900, y: 400), to: Point(x: 700, y: 400), from: 0, duration: 50)
            script.up(1, at: 50 + hold)
            guard case .panEnded(_, _, let velocity) = try XCTUnwrap(script.first("pan-end")).kind else {
                return XCTFail("no pan end")
            }
            XCTAssertEqual(velocity.x != 0, moving, "held \(hold) ms: velocity \(velocity)")
        }
    }

    func testPinchScaleAndFocus() throws {
        var script = GestureScript()
        script.down(1, 540, 384, at: 0)
        script.down(2, 740, 384, at: 0)
        for k in 1...10 {
            let spread = Double(k) * 10
            script.move(1, 540 - spread, 384, at: Double(k) * 50)
            script.move(2, 740 + spread, 384, at: Double(k) * 50)
        }
        script.up(1, at: 600)
        script.up(2, at: 600)
        XCTAssertEqual(script.names, ["pinch-begin", "pinch-end"])
        guard case .pinchEnded(let focus, let scale) = try XCTUnwrap(script.first("pinch-end")).kind else {
            return XCTFail("no pinch end")
        }
        XCTAssertEqual(scale, 2, accuracy: 1e-9)
        XCTAssertEqual(focus, Point(x: 640, y: 384))
        XCTAssertEqual(script.first("pinch-end")?.time, 600)
    }

    func testPanContinuesWithoutAJumpWhenASecondFingerJoins() throws {
        var script = GestureScript()
        script.down(1, 600, 400, at: 0)
        script.move(1, 600, 450, at: 20)
        script.down(2, 800, 450, at: 30)  // the centroid jumps by 100 px; the pan must not
        script.move(1, 600, 460, at: 40)
        script.move(2, 800, 460, at: 40)
        let changes = script.events.compactMap { event -> Point? in
            if case .panChanged(let at, _, _) = event.kind { return at }
            return nil
        }
        XCTAssertEqual(changes.last, Point(x: 600, y: 460))
    }

    func testRawFingerEventsComeFirst() {
        var script = GestureScript()
        script.down(1, 640, 400, at: 0)
        script.move(1, 700, 400, at: 16)
        script.up(1, at: 32)
        XCTAssertEqual(script.events.map(\.kind).prefix(3), [
            .fingerDown(id: 1, at: Point(x: 640, y: 400)),
            .fingerMoved(id: 1, to: Point(x: 700, y: 400)),
            .panBegan(at: Point(x: 700, y: 400), translation: Point(x: 60, y: 0)),
        ])
        XCTAssertEqual(script.events.dropFirst(3).first?.kind, .fingerUp(id: 1, at: Point(x: 700, y: 400)))
    }
}
