import Geometry
import XCTest
@testable import LinuxInput

/// The calibration matrix fitted to taps by least squares: exact for taps
/// that fit an affine map, close for a finger's scatter, none for taps
/// that cannot fix one.
final class CalibrationFitTests: XCTestCase {
    private let targets = [Point(x: 0.1, y: 0.1), Point(x: 0.9, y: 0.1), Point(x: 0.9, y: 0.9),
                           Point(x: 0.1, y: 0.9), Point(x: 0.5, y: 0.5), Point(x: 0.3, y: 0.7)]

    /// A touchscreen that reports y for x and x for y, squeezed to 80% and offset.
    private func reported(_ target: Point) -> Point {
        Point(x: 0.05 + 0.8 * target.y, y: 0.04 + 0.8 * target.x)
    }

    func testSwappedSqueezedAxesAreUndoneExactly() throws {
        let samples = targets.map { CalibrationFit.Sample(reported: reported($0), target: $0) }
        let matrix = try XCTUnwrap(CalibrationFit.matrix(fitting: samples))
        // x' = (y_reported - 0.04) / 0.8, y' = (x_reported - 0.05) / 0.8
        for (found, expected) in zip([matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f],
                                     [0, 1.25, -0.05, 1.25, 0, -0.0625]) {
            XCTAssertEqual(found, expected, accuracy: 1e-9)
        }
        XCTAssertEqual(CalibrationFit.largestError(of: matrix, over: samples, rotation: .none, width: 1280, height: 768),
                       0, accuracy: 1e-6)
        let landed = matrix.apply(reported(Point(x: 0.9, y: 0.5)))
        XCTAssertEqual(landed.x, 0.9, accuracy: 1e-9)
        XCTAssertEqual(landed.y, 0.5, accuracy: 1e-9)
    }

    func testAFingersScatterIsEvenedOut() throws {
        // Each tap off by up to 3 px on a 1000x1000 screen, in a different direction.
        let offsets = [(3.0, -2.0), (-3.0, 1.0), (2.0, 3.0), (-1.0, -3.0), (0.0, 2.0), (1.0, -1.0)]
        let samples = zip(targets, offsets).map { target, offset in
            CalibrationFit.Sample(reported: Point(x: target.x + offset.0 / 999, y: target.y + offset.1 / 999), target: target)
        }
        let matrix = try XCTUnwrap(CalibrationFit.matrix(fitting: samples))
        let error = CalibrationFit.largestError(of: matrix, over: samples, rotation: .none, width: 1000, height: 1000)
        XCTAssertGreaterThan(error, 0.1, "six scattered taps are not fitted exactly")
        XCTAssertLessThan(error, 4, "the fit stays within the scatter")
        XCTAssertEqual(matrix.a, 1, accuracy: 0.02)
        XCTAssertEqual(matrix.e, 1, accuracy: 0.02)
        XCTAssertEqual(matrix.b, 0, accuracy: 0.02)
    }

    func testTapsThatCannotFixAMatrixGiveNone() {
        let two = targets.prefix(2).map { CalibrationFit.Sample(reported: $0, target: $0) }
        XCTAssertNil(CalibrationFit.matrix(fitting: two), "two taps")
        // A touchscreen whose y axis is stuck: every tap on one line.
        let stuck = targets.map { CalibrationFit.Sample(reported: Point(x: $0.x, y: 0.5), target: $0) }
        XCTAssertNil(CalibrationFit.matrix(fitting: stuck), "taps on one line")
    }

    func testAMatrixFittedOnATurnedScreenMapsAsTheReaderMaps() throws {
        for rotation in [Rotation.none, .quarter, .half, .threeQuarters] {
            // Upright targets, on the panel before the rotation; the device reports them squeezed and swapped.
            let samples = targets.map { upright in
                let target = rotation.panelPoint(fromUpright: upright)
                XCTAssertEqual(rotation.uprightPoint(fromPanel: target).x, upright.x, accuracy: 1e-12)
                XCTAssertEqual(rotation.uprightPoint(fromPanel: target).y, upright.y, accuracy: 1e-12)
                return CalibrationFit.Sample(reported: reported(target), target: target)
            }
            let matrix = try XCTUnwrap(CalibrationFit.matrix(fitting: samples))
            let mapper = TouchMapper(xAxis: AbsInfo(minimum: 0, maximum: 1000), yAxis: AbsInfo(minimum: 0, maximum: 1000),
                                     screenWidth: 801, screenHeight: 601, calibration: matrix, rotation: rotation)
            let device = reported(rotation.panelPoint(fromUpright: Point(x: 0.9, y: 0.5)))
            let screen = mapper.map(Point(x: device.x * 1000, y: device.y * 1000))
            XCTAssertEqual(screen.x, 720, accuracy: 1e-6, "\(rotation)")
            XCTAssertEqual(screen.y, 300, accuracy: 1e-6, "\(rotation)")
        }
    }
}
