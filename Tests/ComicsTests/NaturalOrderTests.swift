import Comics
import XCTest

final class NaturalOrderTests: XCTestCase {
    func testNumbersCompareByValue() {
        let names = ["page10.jpg", "page2.jpg", "page1.jpg", "Page3.jpg", "page002a.jpg", "page02.jpg"]
        XCTAssertEqual(names.sorted(by: NaturalOrder.precedes),
                       ["page1.jpg", "page02.jpg", "page2.jpg", "page002a.jpg", "Page3.jpg", "page10.jpg"])
    }

    func testFolderPagesStayTogether() {
        let names = ["b/1.png", "a/10.png", "a/9.png", "a-side/1.png", "cover.png"]
        XCTAssertEqual(names.sorted(by: NaturalOrder.precedes), ["a/9.png", "a/10.png", "a-side/1.png", "b/1.png", "cover.png"])
    }

    func testVeryLongNumbersAndTotalOrder() {
        XCTAssertTrue(NaturalOrder.precedes("x99999999999999999999999", "x100000000000000000000000"))
        XCTAssertFalse(NaturalOrder.precedes("same", "same"))
        XCTAssertNotEqual(NaturalOrder.precedes("A.png", "a.png"), NaturalOrder.precedes("a.png", "A.png"))
    }
}
