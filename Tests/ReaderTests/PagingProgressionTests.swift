import Geometry
import Gestures
import Scrolling
import XCTest
@testable import Reader

/// A right-to-left book's paging controller, driven by touch frames at
/// explicit times: the screen is the mirror image of the scroll view.
final class PagingProgressionTests: XCTestCase {
    private let size = Size(width: 1280, height: 800)

    private func controller(page: Int = 0) -> PagingController {
        let controller = PagingController(pageSize: size, pageCount: 10, startPage: page)
        controller.isRightToLeft = true
        return controller
    }

    private func run(_ controller: PagingController, _ frames: [TouchFrame]) {
        controller.replay(frames, screenWidth: size.width)
    }

    private func stroke(from start: Double, to end: Double, at time: Double, duration: Double) -> [TouchFrame] {
        let steps = Int(duration / 8)
        return (0...steps).map { step in
            TouchFrame(time: time + Double(step) * 8,
                       touches: [Touch(id: 1, x: start + (end - start) * Double(step) / Double(steps), y: 400)])
        } + [TouchFrame(time: time + Double(steps) * 8 + 8, touches: [])]
    }

    private func tap(x: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: 7, x: x, y: 400)]), TouchFrame(time: time + 60, touches: [])]
    }

    func testAFlickToTheRightTurnsForwardAndToTheLeftBack() {
        let controller = controller()
        run(controller, stroke(from: 300, to: 600, at: 0, duration: 60))
        XCTAssertEqual(controller.currentPage, 1)
        XCTAssertEqual(controller.scrollView.contentOffset.x, 1280, "the scroll view pages as for any book")
        XCTAssertEqual(controller.screenPagingOffsetX, -1280, "the screen shows it mirrored")
        XCTAssertEqual(controller.page(atScreenIndex: -1), 1)
        run(controller, stroke(from: 700, to: 300, at: 2000, duration: 60))
        XCTAssertEqual(controller.currentPage, 0)
        // The first page bounces at its end, which is now on the left.
        run(controller, stroke(from: 700, to: 300, at: 4000, duration: 60))
        XCTAssertEqual(controller.currentPage, 0)
    }

    func testTheLeftThirdTurnsForwardAndTheRightThirdBack() {
        let controller = controller(page: 3)
        run(controller, tap(x: 100, at: 0))
        XCTAssertEqual(controller.currentPage, 4)
        run(controller, tap(x: 1200, at: 2000))
        XCTAssertEqual(controller.currentPage, 3)
        controller.turn(by: 1, at: 4000)
        var timeline = VirtualTimeline(start: 4000)
        while controller.isAnimating { controller.advance(to: timeline.nextFrame()) }
        XCTAssertEqual(controller.currentPage, 4, "a key's next page is forward too")
    }

    func testAZoomedPageIsMirroredOnlyInWhereItIsShown() {
        let controller = controller(page: 2)
        // A double tap at (560, 300) on the screen zooms to that point of the page, brought to the middle.
        run(controller, [TouchFrame(time: 0, touches: [Touch(id: 1, x: 560, y: 300)]), TouchFrame(time: 50, touches: []),
                         TouchFrame(time: 150, touches: [Touch(id: 2, x: 560, y: 300)]), TouchFrame(time: 200, touches: [])])
        XCTAssertEqual(controller.zoomScale, 2, accuracy: 0.001)
        XCTAssertEqual(controller.currentPage, 2)
        let offset = controller.screenZoomOffset
        XCTAssertEqual((offset.x + 640) / 2, 560, accuracy: 1, "the tapped point of the page is in the middle")
        XCTAssertEqual((offset.y + 400) / 2, 300, accuracy: 1)
        XCTAssertNotEqual(offset.x, controller.scrollView.contentOffset.x, accuracy: 1, "the scroll view's own offset is mirrored")
        let point = controller.pagePoint(atScreen: Point(x: 640, y: 400))
        XCTAssertEqual(point?.x ?? 0, 560, accuracy: 1)
        XCTAssertEqual(point?.y ?? 0, 300, accuracy: 1)
    }
}
