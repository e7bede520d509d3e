import Devices
import Foundation
import Geometry
import Gestures
import Raster
import XCTest
@testable import Reader

/// The calibration screen: a cross at a time, each tap paired with its
/// cross, the loop stopped at the last one; and the calibration kept.
final class CalibrationSceneTests: XCTestCase {
    private func tap(_ point: Point, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: point.x, y: point.y)]), TouchFrame(time: time + 60, touches: [])]
    }

    func testEachTapIsPairedWithItsCrossAndTheLastEndsTheLoop() throws {
        let scene = CalibrationScene(width: 400, height: 300, panelSize: nil, font: ReaderSessionTests.font)
        XCTAssertEqual(scene.target(0), Point(x: 40, y: 30))
        XCTAssertEqual(scene.target(5), Point(x: 120, y: 210))
        // Taps a little off each cross, then one more that must be ignored.
        let count = CalibrationScene.targetShares.count
        let frames = (0..<(count + 1)).flatMap { index in
            tap(Point(x: 20 + Double(index) * 50, y: 250), at: 1000 + Double(index) * 1500)
        }
        let display = HeadlessDisplay(width: 400, height: 300)
        let loop = ReaderLoop(scene: scene, display: display, input: RecordedInput(frames: frames), clock: VirtualClock(start: 0))
        XCTAssertEqual(try loop.run(), "finished")
        XCTAssertTrue(scene.isFinished)
        XCTAssertEqual(scene.taps.map(\.target), (0..<count).map(scene.target))
        XCTAssertEqual(scene.taps.map(\.tap.x), (0..<count).map { 20 + Double($0) * 50 })
        XCTAssertGreaterThanOrEqual(loop.presentedFrames, 2, "the first cross, and each next")
    }

    func testTheCrossIsDrawnWhereItIsToBeTapped() throws {
        let scene = CalibrationScene(width: 400, height: 300, panelSize: nil, font: nil)
        XCTAssertTrue(scene.advance(to: 0))
        let frame = try XCTUnwrap(scene.composedFrame)
        XCTAssertEqual(frame[40, 30], Theme.highContrast.ink, "the cross's centre")
        XCTAssertEqual(frame[40, 80], Theme.highContrast.background, "away from the cross")
        XCTAssertFalse(scene.advance(to: 16), "nothing changes until a tap")
        scene.handle([GestureEvent(time: 100, kind: .tap(at: Point(x: 41, y: 29), zone: .left))])
        XCTAssertTrue(scene.advance(to: 116))
        XCTAssertEqual(try XCTUnwrap(scene.composedFrame)[360, 30], Theme.highContrast.ink, "the second cross")
        XCTAssertEqual(try XCTUnwrap(scene.composedFrame)[40, 30], Theme.highContrast.background, "the first is gone")
    }

    func testTheCalibrationIsKeptAndAnUnusableFileIsSaid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-calibration-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = StateStore(directory: directory)
        XCTAssertNil(try store.loadTouchCalibration(), "none made")
        let made = TouchCalibration(matrix: [0, 1.25, -0.05, 1.25, 0, -0.0625], errorPixels: 0.4, screen: "1280x768")
        try store.saveTouchCalibration(made)
        XCTAssertEqual(try store.loadTouchCalibration(), made)
        try Data("{\"version\": 1, \"matrix\": [1, 0]}".utf8).write(to: URL(fileURLWithPath: store.calibrationPath))
        XCTAssertThrowsError(try store.loadTouchCalibration()) { error in
            XCTAssertTrue("\(error)".hasPrefix(store.calibrationPath + ": not a calibration"), "\(error)")
        }
    }
}
