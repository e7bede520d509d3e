import Geometry
import XCTest

final class RotationTests: XCTestCase {
    func testDegreesAreMultiplesOfNinetyNormalised() {
        XCTAssertEqual(Rotation(degrees: 0), Rotation.none)
        XCTAssertEqual(Rotation(degrees: 90), .quarter)
        XCTAssertEqual(Rotation(degrees: 270), .threeQuarters)
        XCTAssertEqual(Rotation(degrees: -90), .threeQuarters)
        XCTAssertEqual(Rotation(degrees: 540), .half)
        XCTAssertEqual(Rotation(degrees: 450), .quarter)
    }

    func testOtherAnglesAreRefused() {
        for degrees in [1, 45, 89, 91, 100, 135, -45, 359] {
            XCTAssertNil(Rotation(degrees: degrees), "\(degrees) degrees")
        }
    }

    func testQuarterTurnsSwapTheAxes() {
        XCTAssertFalse(Rotation.none.swapsAxes)
        XCTAssertTrue(Rotation.quarter.swapsAxes)
        XCTAssertFalse(Rotation.half.swapsAxes)
        XCTAssertTrue(Rotation.threeQuarters.swapsAxes)
        XCTAssertTrue(Rotation.quarter.logicalSize(physicalWidth: 800, physicalHeight: 480) == (480, 800))
        XCTAssertTrue(Rotation.half.logicalSize(physicalWidth: 800, physicalHeight: 480) == (800, 480))
    }

    func testPanelPointsTurnIntoTheUprightPicture() {
        // The panel's top-left corner and its top-right corner, normalised.
        let topLeft = Point(x: 0, y: 0)
        let topRight = Point(x: 1, y: 0)
        XCTAssertEqual(Rotation.none.uprightPoint(fromPanel: topRight), topRight)
        // Turned a quarter clockwise, the panel's top edge is the picture's left edge.
        XCTAssertEqual(Rotation.quarter.uprightPoint(fromPanel: topLeft), Point(x: 0, y: 1))
        XCTAssertEqual(Rotation.quarter.uprightPoint(fromPanel: topRight), Point(x: 0, y: 0))
        XCTAssertEqual(Rotation.half.uprightPoint(fromPanel: topLeft), Point(x: 1, y: 1))
        XCTAssertEqual(Rotation.threeQuarters.uprightPoint(fromPanel: topLeft), Point(x: 1, y: 0))
        XCTAssertEqual(Rotation.threeQuarters.uprightPoint(fromPanel: topRight), Point(x: 1, y: 1))
    }

    func testFourQuarterTurnsComeBackToTheStart() {
        let point = Point(x: 0.25, y: 0.75)
        var turned = point
        for _ in 0..<4 { turned = Rotation.quarter.uprightPoint(fromPanel: turned) }
        XCTAssertEqual(turned, point)
    }
}
