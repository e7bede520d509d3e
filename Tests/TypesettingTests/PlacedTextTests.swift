import BookModel
import Foundation
import Geometry
import PlainText
import XCTest
@testable import Typesetting

/// Where a page's characters were set: rectangles over a range and the
/// character under a point, from the page as laid out.
final class PlacedTextTests: XCTestCase {
    func testRectsAndOffsetsFollowTheLaidOutPage() throws {
        let text = String(repeating: "The lamps of the town were lit one by one along the harbour wall. ", count: 30)
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "lamps.txt"))
        let geometry = PageGeometry(width: 600, height: 400, fontSize: 20)
        let setter = try Typesetter(book: book, geometry: geometry, font: FontSet.resolve(path: nil), language: "en")
        let pagination = setter.paginate()
        let page = setter.layoutPage(0, of: pagination)
        let range = try XCTUnwrap(page.text.range)
        XCTAssertEqual(range.lowerBound, pagination.pages[0].start)
        XCTAssertLessThanOrEqual(range.upperBound, pagination.pages[0].end)
        XCTAssertEqual(page.text.lines.count, page.lines.count, "one placed line per line of text")

        // "lamps" on the first line: one rectangle, inside the text column, on the first line's rows.
        let lamps = try XCTUnwrap(text.range(of: "lamps")).lowerBound.utf16Offset(in: text)
        let rects = page.text.rects(covering: lamps..<(lamps + 5))
        XCTAssertEqual(rects.count, 1)
        let rect = try XCTUnwrap(rects.first)
        XCTAssertGreaterThanOrEqual(rect.x, geometry.marginLeft)
        XCTAssertLessThan(rect.maxX, geometry.width - geometry.marginLeft + 2)
        XCTAssertEqual(rect.y, page.text.lines[0].top)
        // The word's middle is found at the rectangle's centre; a margin above the text finds nothing.
        let found = try XCTUnwrap(page.text.offset(atX: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2)))
        XCTAssertTrue((lamps..<(lamps + 5)).contains(found), "\(found)")
        XCTAssertNotNil(page.text.offset(atX: Double(rect.x), y: Double(page.text.lines[0].top - 2)), "just above a line")
        XCTAssertNil(page.text.offset(atX: Double(rect.x), y: Double(page.text.lines[0].top - page.text.lines[0].height - 2)),
                     "a line's height above the first line: the margin")
        // A range over two lines has a rectangle on each; lines are in order, top to bottom.
        let second = page.text.lines[1]
        XCTAssertEqual(page.text.rects(covering: page.text.lines[0].last..<(second.first + 2)).count, 2)
        XCTAssertLessThan(page.text.lines[0].top, second.top)
        // The book's own text of a range, and the paragraph holding a place.
        XCTAssertEqual(book.excerpt(lamps..<(lamps + 5)), "lamps")
        let paragraph = try XCTUnwrap(book.paragraphScalars(holding: lamps))
        XCTAssertEqual(String(String.UnicodeScalarView(paragraph.scalars[(lamps - paragraph.start)...].prefix(5))), "lamps")
    }
}
