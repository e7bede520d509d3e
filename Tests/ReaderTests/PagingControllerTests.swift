import Geometry
import XCTest
import Gestures
import Scrolling
@testable import Reader

final class PagingControllerTests: XCTestCase {
    private final class Recorder: PagingControllerObserver {
        var messages: [String] = []
        var middleTaps = 0
        func pagingController(_ controller: PagingController, sent message: ScrollMessage) {
            if message != .didScroll && message != .didZoom { messages.append(message.name) }
        }
        func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point) { middleTaps += 1 }
    }

    private let size = Size(width: 1280, height: 800)

    /// Steps 60 Hz frames until nothing moves.
    private func settle(_ controller: PagingController, from start: Double) -> Double {
        var timeline = VirtualTimeline(start: start)
        for _ in 0..<2000 where controller.isAnimating { controller.advance(to: timeline.nextFrame()) }
        return timeline.now
    }

    private func frames(from start: Point, to end: Point, startTime: Double, duration: Double) -> [TouchFrame] {
        let steps = Int(duration / 8)
        var frames = (0...steps).map { step -> TouchFrame in
            let f = Double(step) / Double(steps)
            return TouchFrame(time: startTime + Double(step) * 8,
                              touches: [Touch(id: 1, x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)])
        }
        frames.append(TouchFrame(time: startTime + Double(steps) * 8 + 8, touches: []))
        return frames
    }

    private func run(_ controller: PagingController, _ frames: [TouchFrame]) -> Double {
        controller.replay(frames, screenWidth: size.width)
    }

    func testAFlickTurnsExactlyOnePageWithTheDesignSequence() {
        let controller = PagingController(pageSize: size, pageCount: 10)
        let recorder = Recorder()
        controller.observer = recorder
        _ = run(controller, frames(from: Point(x: 900, y: 400), to: Point(x: 500, y: 400), startTime: 0, duration: 80))
        XCTAssertEqual(controller.currentPage, 1)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 1280)
        XCTAssertEqual(recorder.messages, ["willBeginDragging", "willEndDragging", "didEndDragging",
                                           "willBeginDecelerating", "didEndDecelerating"])
    }

    func testASideTapTurnsAtOnceAndTheMiddleTapOpensTheOverlay() {
        let controller = PagingController(pageSize: size, pageCount: 10, startPage: 3)
        let recorder = Recorder()
        controller.observer = recorder
        let tap = [TouchFrame(time: 0, touches: [Touch(id: 1, x: 1200, y: 400)]), TouchFrame(time: 60, touches: [])]
        _ = run(controller, tap)
        XCTAssertEqual(controller.currentPage, 4)
        XCTAssertEqual(recorder.messages.last, "didEndScrollingAnimation")
        let middle = [TouchFrame(time: 10_000, touches: [Touch(id: 2, x: 640, y: 400)]), TouchFrame(time: 10_060, touches: [])]
        _ = run(controller, middle)
        XCTAssertEqual(recorder.middleTaps, 1)
        XCTAssertEqual(controller.currentPage, 4)
    }

    func testDoubleTapZoomsTheCurrentPageAndBackReturnsToPaging() {
        let controller = PagingController(pageSize: size, pageCount: 10, startPage: 2)
        let doubleTap = [
            TouchFrame(time: 0, touches: [Touch(id: 1, x: 600, y: 300)]), TouchFrame(time: 50, touches: []),
            TouchFrame(time: 150, touches: [Touch(id: 2, x: 602, y: 301)]), TouchFrame(time: 200, touches: []),
        ]
        _ = run(controller, doubleTap)
        XCTAssertEqual(controller.zoomScale, 2, accuracy: 0.001)
        XCTAssertEqual(controller.zoomedPage, 2)
        XCTAssertFalse(controller.scrollView.pagingEnabled)
        // The tapped point stays where it was: the second tap, content (602, 301), is the zoom centre.
        XCTAssertEqual(controller.scrollView.contentOffset.x, 602 * 2 - 640, accuracy: 1)
        let again = doubleTap.map { TouchFrame(time: $0.time + 5000, touches: $0.touches) }
        _ = run(controller, again)
        XCTAssertEqual(controller.zoomScale, 1, accuracy: 0.001)
        XCTAssertNil(controller.zoomedPage)
        XCTAssertTrue(controller.scrollView.pagingEnabled)
        XCTAssertEqual(controller.currentPage, 2)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 2 * 1280)
    }

    func testTheEndsBounceAndDoNotWrap() {
        let controller = PagingController(pageSize: size, pageCount: 3)
        _ = run(controller, frames(from: Point(x: 300, y: 400), to: Point(x: 900, y: 400), startTime: 0, duration: 80))
        XCTAssertEqual(controller.currentPage, 0)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 0)
    }

    func testTracePrintsTheFinalStateAfterEverythingSettles() throws {
        let lines = try traceLines(width: 1280, height: 800, pages: 5,
                               frames: frames(from: Point(x: 900, y: 400), to: Point(x: 500, y: 400),
                                              startTime: 1000, duration: 80))
        XCTAssertEqual(lines.last, #"{"final": true, "page": 2, "zoom": 1, "offset": [1280, 0], "screen": "reading"}"#)
        XCTAssertTrue(lines.contains { $0.contains(#""gesture": "pan-end""#) })
        XCTAssertTrue(lines.contains { $0.contains(#""event": "didEndDragging""#) && $0.contains(#""willDecelerate": true"#) })
    }

    func testVirtualTimelineNeverStalls() {
        var timeline = VirtualTimeline(start: 1000)
        var previous = timeline.now
        for _ in 0..<10_000 {
            let next = timeline.nextFrame()
            XCTAssertGreaterThan(next, previous)
            previous = next
        }
        XCTAssertEqual(timeline.frames(upTo: previous + 50).count, 3)
    }
}
