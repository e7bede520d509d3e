import Foundation
import Geometry
import Gestures
import XCTest
@testable import LinuxInput

final class TouchMappingTests: XCTestCase {
    let panelX = AbsInfo(minimum: 0, maximum: 1279)
    let panelY = AbsInfo(minimum: 0, maximum: 767)

    func mapper(_ rotation: Rotation = .none, _ calibration: CalibrationMatrix = .identity,
                width: Double = 1280, height: Double = 768) -> TouchMapper {
        TouchMapper(xAxis: panelX, yAxis: panelY, screenWidth: width, screenHeight: height,
                    calibration: calibration, rotation: rotation)
    }

    func testAxisRangesToPixels() {
        XCTAssertEqual(mapper().map(Point(x: 1180, y: 400)), Point(x: 1180, y: 400))
        let wide = TouchMapper(xAxis: AbsInfo(minimum: 0, maximum: 9600), yAxis: AbsInfo(minimum: 100, maximum: 7300),
                               screenWidth: 1281, screenHeight: 801)
        XCTAssertEqual(wide.map(Point(x: 4800, y: 3700)), Point(x: 640, y: 400))
        XCTAssertEqual(wide.map(Point(x: 9600, y: 7300)), Point(x: 1280, y: 800))
    }

    func testCalibrationMatrixParsing() {
        XCTAssertEqual(CalibrationMatrix(parsing: "1,0,0,0,1,0"), .identity)
        XCTAssertEqual(CalibrationMatrix(parsing: "1 0 0 0 1 0"), .identity)
        XCTAssertEqual(CalibrationMatrix(parsing: "-1, 0, 1, 0, 1.5, -0.25"),
                       CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1.5, f: -0.25))
        XCTAssertNil(CalibrationMatrix(parsing: "1,0,0,0,1"))
        XCTAssertNil(CalibrationMatrix(parsing: "1,0,0,0,1,0,0"))
        XCTAssertNil(CalibrationMatrix(parsing: "1,0,x,0,1,0"))
        XCTAssertNil(CalibrationMatrix(parsing: "1,0,nan,0,1,0"))
    }

    func testCalibrationAppliesBeforeScaling() {
        // Mirror x and halve y toward the top (libinput's matrix on normalised coordinates).
        let matrix = CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 0.5, f: 0)
        XCTAssertEqual(mapper(.none, matrix).map(Point(x: 0, y: 767)), Point(x: 1279, y: 383.5))
        // Swapping axes.
        let swap = CalibrationMatrix(parsing: "0 1 0 1 0 0")!  // six numbers: parsing cannot fail
        XCTAssertEqual(mapper(.none, swap).map(Point(x: 1279, y: 0)), Point(x: 0, y: 767))
    }

    func testRotationsTurnTouchesWithThePicture() {
        // The panel's top-left corner and a point right of it, on a picture turned clockwise.
        let corner = Point(x: 0, y: 0)
        let right = Point(x: 1279, y: 0)
        XCTAssertEqual(mapper(.none).map(corner), Point(x: 0, y: 0))
        XCTAssertEqual(mapper(.quarter, width: 768, height: 1280).map(corner), Point(x: 0, y: 1279))
        XCTAssertEqual(mapper(.quarter, width: 768, height: 1280).map(right), Point(x: 0, y: 0))
        XCTAssertEqual(mapper(.half).map(corner), Point(x: 1279, y: 767))
        XCTAssertEqual(mapper(.threeQuarters, width: 768, height: 1280).map(corner), Point(x: 767, y: 0))
        XCTAssertEqual(mapper(.threeQuarters, width: 768, height: 1280).map(right), Point(x: 767, y: 1279))
    }

    func testCalibrationThenRotation() {
        let shift = CalibrationMatrix(a: 1, b: 0, c: 0.5, d: 0, e: 1, f: 0)  // half a panel to the right
        XCTAssertEqual(mapper(.half, shift).map(Point(x: 0, y: 0)), Point(x: 639.5, y: 767))
    }

    func testMappedPointsStayOnScreen() {
        let out = CalibrationMatrix(a: 1, b: 0, c: 2, d: 0, e: 1, f: -2)
        XCTAssertEqual(mapper(.none, out).map(Point(x: 10, y: 10)), Point(x: 1279, y: 0))
    }

    func testFrameMappingKeepsIdsAndTime() {
        let frame = TouchFrame(time: 12, touches: [Touch(id: 4, x: 1279, y: 767)])
        XCTAssertEqual(mapper(.half).map(frame), TouchFrame(time: 12, touches: [Touch(id: 4, x: 0, y: 0)]))
    }

    func testUdevCalibrationProperty() throws {
        let text = "S:input/by-path/platform-touch\nI:123\nE:ID_INPUT=1\nE:LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0 0\nG:seat\n"
        let properties = UdevProperties(databaseText: text)
        XCTAssertEqual(properties.values["ID_INPUT"], "1")
        XCTAssertEqual(properties.calibrationMatrix, CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0))
        XCTAssertNil(UdevProperties(databaseText: "E:ID_INPUT=1\n").calibrationMatrix)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("udev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try text.write(to: directory.appendingPathComponent("c13:70"), atomically: true, encoding: .utf8)
        XCTAssertEqual(UdevProperties.load(major: 13, minor: 70, databaseDirectory: directory.path)?.calibrationMatrix,
                       properties.calibrationMatrix)
        XCTAssertNil(UdevProperties.load(major: 13, minor: 71, databaseDirectory: directory.path))
    }
}
