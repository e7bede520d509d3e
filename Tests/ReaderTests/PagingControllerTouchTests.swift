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

    private func assertOffset(_ actual: Point, _ expected: Point, accuracy: Double = 0.5,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, file: file, line: line)
    }
}
