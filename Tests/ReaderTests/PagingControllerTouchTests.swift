import Geometry
import Gestures
import Scrolling
import XCTest
@testable import Reader

/// How the paging controller feels under quick, slight or mixed gestures:
/// every side tap counts, a slight pinch lets go, a pinch ends a drag
/// cleanly, a caught page is not a tap, a zoomed page's edge leads to the next.
final class PagingControllerTouchTests: XCTestCase {
    private final class Recorder: PagingControllerObserver {
        var messages: [ScrollMessage] = []
        var middleTaps = 0
        func pagingController(_ controller: PagingController, sent message: ScrollMessage) {
            if message != .didScroll && message != .didZoom { messages.append(message) }
        }
        func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point) { middleTaps += 1 }
    }

    private let size = Size(width: 1280, height: 800)

    private func event(_ time: Double, _ kind: GestureKind) -> GestureEvent {
        GestureEvent(time: time, kind: kind)
    }

    /// Steps 60 Hz frames from `start` until nothing moves; returns the time it stopped.
    @discardableResult
    private func settle(_ controller: PagingController, from start: Double) -> Double {
        var now = start
        for _ in 0..<2000 where controller.isAnimating {
            now += 1000.0 / 60.0
            controller.advance(to: now)
        }
        return now
    }

    func testAPinchTakingOverADragEndsItWithoutDeceleration() {
        let controller = PagingController(pageSize: size, pageCount: 10)
        let recorder = Recorder()
        controller.observer = recorder
        controller.handle([event(0, .fingerDown(id: 1, at: Point(x: 700, y: 400)))])
        for step in 1...10 {
            let time = Double(step) * 8
            controller.handle([event(time, .fingerMoved(id: 1, to: Point(x: 700 - Double(step) * 6, y: 400)))])
            controller.advance(to: time)
        }
        controller.handle([event(88, .fingerDown(id: 2, at: Point(x: 900, y: 400))),
                           event(96, .pinchBegan(focus: Point(x: 760, y: 400), scale: 1.05))])
        let names = recorder.messages.map(\.name)
        guard let began = names.firstIndex(of: "willBeginZooming") else {
            return XCTFail("no willBeginZooming in \(names)")
        }
        XCTAssertEqual(Array(recorder.messages[..<began].suffix(1)), [.didEndDragging(willDecelerate: false)])
        XCTAssertFalse(names.contains("willBeginDecelerating"), "\(names)")
        XCTAssertFalse(names.contains("didEndDecelerating"), "\(names)")
    }

    func testATwoFingerTapZoomsOutAboutTheFingers() {
        let controller = PagingController(pageSize: Size(width: 1280, height: 768), pageCount: 10)
        controller.handle([event(0, .doubleTap(at: Point(x: 640, y: 384)))])
        let zoomed = settle(controller, from: 0)
        controller.handle([event(zoomed + 100, .pinchBegan(focus: Point(x: 640, y: 384), scale: 1.1))])
        controller.handle([event(zoomed + 116, .pinchChanged(focus: Point(x: 640, y: 384), scale: 2))])
        controller.handle([event(zoomed + 132, .pinchEnded(focus: Point(x: 640, y: 384), scale: 2))])
        let pinched = settle(controller, from: zoomed + 132)
        XCTAssertEqual(controller.zoomScale, 4)
        controller.handle([event(pinched + 100, .twoFingerTap(at: Point(x: 200, y: 150)))])
        settle(controller, from: pinched + 100)
        XCTAssertEqual(controller.zoomScale, 2)
        assertOffset(controller.scrollView.contentOffset, Point(x: 860, y: 501))
    }

    /// A tap on the right third: finger down, up 40 ms later, and the tap.
    private func rightTap(_ controller: PagingController, id: Int, at time: Double) {
        let point = Point(x: 1180, y: 400)
        controller.handle([event(time, .fingerDown(id: id, at: point))])
        controller.advance(to: time + 16)
        controller.advance(to: time + 32)
        controller.handle([event(time + 40, .fingerUp(id: id, at: point)),
                           event(time + 40, .tap(at: point, zone: .right))])
    }

    func testEverySideTapTurnsAPageHoweverFastTheyCome() {
        for interval in [120.0, 180, 60] {
            let controller = PagingController(pageSize: size, pageCount: 10)
            for k in 0..<5 { rightTap(controller, id: k + 1, at: Double(k) * interval) }
            settle(controller, from: 5 * interval)
            XCTAssertEqual(controller.currentPage, 5, "taps \(interval) ms apart")
            XCTAssertEqual(controller.scrollView.contentOffset.x, 5 * 1280, "taps \(interval) ms apart")
        }
        // Past the last page the target stays on it.
        let last = PagingController(pageSize: size, pageCount: 3)
        for k in 0..<4 { rightTap(last, id: k + 1, at: Double(k) * 120) }
        settle(last, from: 480)
        XCTAssertEqual(last.currentPage, 2)
    }

    func testADragDuringATurnCatchesItWhereItIs() {
        let controller = PagingController(pageSize: size, pageCount: 10)
        rightTap(controller, id: 1, at: 0)
        controller.advance(to: 100)
        controller.handle([event(100, .fingerDown(id: 2, at: Point(x: 700, y: 400)))])
        controller.advance(to: 116)
        let before = controller.scrollView.contentOffset.x
        XCTAssertGreaterThan(before, 0, "a still finger leaves the turn running")
        controller.handle([event(120, .fingerMoved(id: 2, to: Point(x: 680, y: 400)))])
        let caught = controller.scrollView.contentOffset.x
        XCTAssertTrue(controller.scrollView.isDragging)
        controller.handle([event(140, .fingerMoved(id: 2, to: Point(x: 640, y: 400)))])
        XCTAssertEqual(controller.scrollView.contentOffset.x, caught + 40, accuracy: 1e-9, "the page follows the finger")
    }

    func testATouchThatStopsASettlingPageIsNotATap() {
        for zone in [TapZone.middle, .right] {
            let controller = PagingController(pageSize: size, pageCount: 10)
            let recorder = Recorder()
            controller.observer = recorder
            controller.handle([event(0, .fingerDown(id: 1, at: Point(x: 900, y: 400)))])
            for step in 1...6 {
                controller.handle([event(Double(step) * 8, .fingerMoved(id: 1, to: Point(x: 900 - Double(step) * 40, y: 400)))])
            }
            controller.handle([event(56, .fingerUp(id: 1, at: Point(x: 660, y: 400)))])
            XCTAssertTrue(controller.scrollView.isDecelerating)
            controller.advance(to: 150)
            let point = Point(x: zone == .middle ? 640 : 1180, y: 400)
            controller.handle([event(180, .fingerDown(id: 2, at: point))])
            controller.handle([event(240, .fingerUp(id: 2, at: point)), event(240, .tap(at: point, zone: zone))])
            settle(controller, from: 240)
            XCTAssertEqual(recorder.middleTaps, 0, "\(zone)")
            XCTAssertEqual(controller.currentPage, 1, "\(zone)")

            // The next tap, on a page at rest, is a tap again.
            controller.handle([event(2000, .fingerDown(id: 3, at: point))])
            controller.handle([event(2040, .fingerUp(id: 3, at: point)), event(2040, .tap(at: point, zone: zone))])
            settle(controller, from: 2040)
            XCTAssertEqual(recorder.middleTaps, zone == .middle ? 1 : 0, "\(zone)")
            XCTAssertEqual(controller.currentPage, zone == .middle ? 1 : 2, "\(zone)")
        }
    }

    /// A one-finger drag by `dx` px over `duration` ms, then held still for `hold` ms and lifted.
    @discardableResult
    private func drag(_ controller: PagingController, id: Int, from x: Double, by dx: Double, start: Double,
                      duration: Double, hold: Double) -> Double {
        controller.handle([event(start, .fingerDown(id: id, at: Point(x: x, y: 400)))])
        let steps = Int(duration / 8)
        for step in 1...steps {
            let time = start + Double(step) * 8
            controller.handle([event(time, .fingerMoved(id: id, to: Point(x: x + dx * Double(step) / Double(steps), y: 400)))])
            controller.advance(to: time)
        }
        let lift = start + Double(steps) * 8 + hold
        controller.advance(to: lift)
        controller.handle([event(lift, .fingerUp(id: id, at: Point(x: x + dx, y: 400)))])
        return lift
    }

    private func zoomedController(page: Int) -> PagingController {
        let controller = PagingController(pageSize: Size(width: 1280, height: 768), pageCount: 10, startPage: page)
        controller.handle([event(0, .doubleTap(at: Point(x: 640, y: 384)))])
        settle(controller, from: 0)
        XCTAssertEqual(controller.zoomScale, 2)
        return controller
    }

    func testPastAZoomedPagesEdgeTheNextPageComesInAndAFlickTurnsToIt() {
        let controller = zoomedController(page: 3)
        // A slow drag 100 px past the right edge moves one to one, then springs back, still zoomed.
        let lift = drag(controller, id: 1, from: 1000, by: -750, start: 1000, duration: 800, hold: 150)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 640 + 740, accuracy: 1e-9)
        XCTAssertEqual(controller.zoomedEdgeOvershoot?.direction, 1)
        XCTAssertEqual(controller.zoomedEdgeOvershoot?.width ?? 0, 100, accuracy: 1e-9)
        let rest = settle(controller, from: lift)
        XCTAssertEqual(controller.zoomScale, 2)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 1280)
        XCTAssertEqual(controller.currentPage, 3)

        // A flick at the edge turns to the next page at 1x.
        let flick = drag(controller, id: 2, from: 1100, by: -400, start: rest + 500, duration: 56, hold: 0)
        XCTAssertFalse(controller.isZoomed)
        settle(controller, from: flick)
        XCTAssertEqual(controller.zoomScale, 1)
        XCTAssertEqual(controller.currentPage, 4)
        XCTAssertEqual(controller.scrollView.contentOffset, Point(x: 4 * 1280, y: 0))
    }

    func testASlowDragPastTheMidpointOfThePreviousPageTurnsToIt() {
        let controller = zoomedController(page: 3)
        // To the left edge of the zoomed page, then 790 px past it: beyond the midpoint.
        let atEdge = settle(controller, from: drag(controller, id: 1, from: 100, by: 650, start: 1000, duration: 600, hold: 150))
        XCTAssertEqual(controller.scrollView.contentOffset.x, 0)
        let lift = drag(controller, id: 2, from: 100, by: 800, start: atEdge + 200, duration: 800, hold: 150)
        XCTAssertEqual(controller.currentPage, 2)
        XCTAssertFalse(controller.isZoomed)
        settle(controller, from: lift)
        XCTAssertEqual(controller.scrollView.contentOffset, Point(x: 2 * 1280, y: 0))
    }

    func testAFlickInsideAZoomedPageStopsAtItsEdge() {
        let controller = zoomedController(page: 3)
        let lift = drag(controller, id: 1, from: 900, by: -300, start: 1000, duration: 48, hold: 0)
        settle(controller, from: lift)
        XCTAssertEqual(controller.zoomScale, 2)
        XCTAssertEqual(controller.currentPage, 3)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 1280)
    }

    func testTheFirstPageHasNoRoomBeforeIt() {
        let controller = zoomedController(page: 0)
        let lift = drag(controller, id: 1, from: 100, by: 1150, start: 1000, duration: 1200, hold: 150)
        XCTAssertNil(controller.zoomedEdgeOvershoot)
        XCTAssertLessThan(controller.scrollView.contentOffset.x, 0, "the rubber band")
        settle(controller, from: lift)
        XCTAssertEqual(controller.zoomScale, 2)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 0)
    }

    private func assertOffset(_ actual: Point, _ expected: Point, accuracy: Double = 0.5,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, file: file, line: line)
    }
}
