import Geometry
import Gestures
import XCTest
@testable import Reader

/// A flick whose reports reach the reader late and bunched (the process
/// or controller that sends them held up on a loaded machine) still
/// turns the page: the kernel stamps reports when they arrive, so their
/// times say little about the finger, their positions all.
final class LateTouchReportTests: XCTestCase {
    private let size = Size(width: 1024, height: 768)

    /// The flick a loaded virtual kiosk gave the reader, as it read it: the
    /// finger down, nothing for 85 ms, thirteen reports within a
    /// millisecond, two slow ones, and the lift.
    static func bunchedFlick(at start: Double) -> [TouchFrame] {
        let burst: [Double] = [826, 781, 737, 692, 648, 604, 559, 515, 470, 426, 382, 337, 293]
        var frames = [TouchFrame(time: start, touches: [Touch(id: 1, x: 870, y: 384)])]
        for (index, x) in burst.enumerated() {
            frames.append(TouchFrame(time: start + 85 + Double(index) * 0.07, touches: [Touch(id: 1, x: x, y: 384)]))
        }
        frames.append(TouchFrame(time: start + 91, touches: [Touch(id: 1, x: 248, y: 384)]))
        frames.append(TouchFrame(time: start + 107, touches: [Touch(id: 1, x: 204, y: 384)]))
        frames.append(TouchFrame(time: start + 107, touches: []))
        return frames
    }

    private func run(_ controller: PagingController, _ frames: [TouchFrame]) {
        controller.replay(frames, screenWidth: size.width)
    }

    func testABunchedFlickTurnsOnePageForward() {
        let controller = PagingController(pageSize: size, pageCount: 60, startPage: 25)
        run(controller, Self.bunchedFlick(at: 99_189))
        XCTAssertEqual(controller.currentPage, 26, "the flick went 65% of the way: it turns, it does not snap back")
        XCTAssertFalse(controller.isAnimating)
    }

    func testEachOfTenBunchedFlicksTurnsOnePage() {
        let controller = PagingController(pageSize: size, pageCount: 60)
        for turn in 0..<10 {
            run(controller, Self.bunchedFlick(at: Double(turn) * 2000))
            XCTAssertEqual(controller.currentPage, turn + 1)
        }
    }
}
