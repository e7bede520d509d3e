import Geometry
import XCTest

final class PointTests: XCTestCase {
    func testDisplacementAndDistance() {
        let a = Point(x: 1, y: 2)
        let b = Point(x: 4, y: 6)
        XCTAssertEqual(b - a, Point(x: 3, y: 4))
        XCTAssertEqual(a + (b - a), b)
        XCTAssertEqual((b - a).length, 5)
        XCTAssertEqual(a.distance(to: b), 5)
        XCTAssertEqual(b.distance(to: a), 5)
        XCTAssertEqual(a.distance(to: a), 0)
    }

    func testScaling() {
        XCTAssertEqual(Point(x: 3, y: -4) * 2, Point(x: 6, y: -8))
        XCTAssertEqual(Size(width: 3, height: 4) / 2, Size(width: 1.5, height: 2))
    }

    func testRectContainsPointsAndRects() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(rect.center, Point(x: 60, y: 45))
        XCTAssertTrue(rect.contains(Point(x: 110, y: 70)), "edges are inside")
        XCTAssertFalse(rect.contains(Point(x: 110.5, y: 70)))
        XCTAssertTrue(rect.contains(Rect(x: 10, y: 20, width: 100, height: 50)))
        XCTAssertFalse(rect.contains(Rect(x: 9, y: 20, width: 10, height: 10)))
    }
}
