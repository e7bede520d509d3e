import XCTest
@testable import PDF

final class PageLabelsTests: XCTestCase {
    func testRangesNumberTheirPagesInTheirStyles() {
        let labels = PageLabels.labels(pageCount: 7, ranges: [
            PageLabels.Range(firstPage: 3, style: .decimal, prefix: "", start: 1),
            PageLabels.Range(firstPage: 0, style: .lowerRoman, prefix: "", start: 1),
            PageLabels.Range(firstPage: 5, style: .upperLetters, prefix: "App-", start: 26),
        ])
        XCTAssertEqual(labels, ["i", "ii", "iii", "1", "2", "App-Z", "App-AA"])
    }

    func testNoRangesIsNoLabels() {
        XCTAssertNil(PageLabels.labels(pageCount: 3, ranges: []))
        XCTAssertNil(PageLabels.labels(pageCount: 3, ranges: [PageLabels.Range(firstPage: 9, style: .decimal, prefix: "", start: 1)]))
    }

    func testRomanNumerals() {
        XCTAssertEqual(PageLabels.roman(1994), "MCMXCIV")
        XCTAssertEqual(PageLabels.numeral(14, style: .lowerRoman), "xiv")
        XCTAssertEqual(PageLabels.numeral(3, style: nil), "")
    }
}
