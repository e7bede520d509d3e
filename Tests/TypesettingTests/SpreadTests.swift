import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// A screen cut into pages: two side by side where one page would hold
/// lines too long, margins grown where even half the screen would, and a
/// spread laid out as one picture with each page in its place.
final class SpreadTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func typesetter(_ width: Int, _ height: Int, fontSize: Int = 20, columns: ColumnChoice = .auto,
                            writingMode: WritingModeChoice = .auto, book: Book? = nil) throws -> Typesetter {
        try Typesetter(book: book ?? Book.open(path: Self.bookPath),
                       geometry: PageGeometry(width: width, height: height, fontSize: fontSize),
                       font: Self.font, language: "en", writingMode: writingMode, columns: columns)
    }

    /// Characters of the font's average width a line of `setter`'s pages holds.
    private func lineCharacters(_ setter: Typesetter) -> Double {
        Double(setter.geometry.width - 2 * setter.geometry.marginLeft) / Typesetter.averageCharacterWidth(setter.fonts.body)
    }

    func testAutoShowsTwoPagesOnALandscapeScreenWhereOnePageHoldsLongLines() throws {
        let setter = try typesetter(1280, 800)
        XCTAssertEqual(setter.spread.columns, 2)
        XCTAssertEqual(setter.geometry.width, 640)
        XCTAssertEqual(setter.spread.screenWidth, 1280)
        XCTAssertGreaterThan(Double(1280 - 2 * PageGeometry(width: 1280, height: 800).marginLeft)
                             / Typesetter.averageCharacterWidth(setter.fonts.body), SpreadLayout.longestLine,
                             "one page would hold lines longer than the longest")
        XCTAssertLessThanOrEqual(lineCharacters(setter), SpreadLayout.longestLine)
        // The gutter: both inner margins, at least 24 px of bare page.
        XCTAssertGreaterThanOrEqual(2 * setter.geometry.marginLeft, 24)
    }

    func testAutoShowsOnePageOnAPortraitScreenAndAtALargeSize() throws {
        let portrait = try typesetter(800, 1280)
        XCTAssertEqual(portrait.spread.columns, 1)
        XCTAssertEqual(portrait.geometry.width, 800)
        XCTAssertLessThanOrEqual(lineCharacters(portrait), SpreadLayout.longestLine)
        let large = try typesetter(1280, 800, fontSize: 36)
        XCTAssertEqual(large.spread.columns, 1)
    }

    func testMarginsGrowWhereEvenHalfTheScreenHoldsLongLines() throws {
        let setter = try typesetter(1920, 1080)
        XCTAssertEqual(setter.spread.columns, 2)
        XCTAssertEqual(setter.geometry.width, 960)
        XCTAssertGreaterThan(setter.geometry.marginLeft, 960 / 10, "the margins grew")
        XCTAssertLessThanOrEqual(lineCharacters(setter), SpreadLayout.grownLine + 1)
        // One column chosen on a wide screen grows its margins the same way.
        let single = try typesetter(1920, 1080, columns: .one)
        XCTAssertEqual(single.spread.columns, 1)
        XCTAssertLessThanOrEqual(lineCharacters(single), SpreadLayout.grownLine + 1)
    }

    func testVerticalWritingKeepsTheWholeScreenAsOnePage() throws {
        let setter = try typesetter(1280, 800, columns: .two, writingMode: .vertical)
        XCTAssertEqual(setter.spread.columns, 1)
        XCTAssertEqual(setter.geometry, PageGeometry(width: 1280, height: 800, fontSize: 20))
    }

    func testPagesPairFromTheStartOfTheBook() {
        let map = SpreadMap(columns: 2)
        XCTAssertEqual((0..<5).map(map.spread(ofPage:)), [0, 0, 1, 1, 2])
        XCTAssertEqual(map.pages(ofSpread: 2, pageCount: 5), 4..<5)
        XCTAssertEqual(map.spreadCount(pageCount: 5), 3)
        // A run of pages after an odd number of others: its first page is a spread's second.
        let later = SpreadMap(columns: 2, pagesBefore: 7)
        XCTAssertEqual(later.pages(ofSpread: 0, pageCount: 4), 0..<1)
        XCTAssertEqual(later.pages(ofSpread: 1, pageCount: 4), 1..<3)
        XCTAssertEqual(later.slot(ofPage: 0), 1)
        XCTAssertEqual(later.spreadCount(pageCount: 4), 3)
        XCTAssertEqual(SpreadMap(columns: 1, pagesBefore: 7).spread(ofPage: 3), 3)
    }

    func testASpreadHoldsBothPagesEachInItsHalfWithItsFooter() throws {
        let setter = try typesetter(1280, 800, columns: .two)
        let pagination = setter.paginate()
        let spread = setter.layoutSpread(1, of: pagination)
        let left = setter.layoutPage(2, of: pagination), right = setter.layoutPage(3, of: pagination)
        XCTAssertEqual(spread.glyphs.count, left.glyphs.count + right.glyphs.count)
        XCTAssertEqual(spread.lines, left.lines + right.lines)
        XCTAssertEqual(spread.entry.start, pagination.pages[2].start)
        XCTAssertEqual(spread.entry.end, pagination.pages[3].end)
        XCTAssertTrue(spread.footer.contains("3 /") && spread.footer.contains("4 /"), spread.footer)
        // Nothing is drawn in the gutter.
        let gutter = Int32((640 - setter.geometry.marginLeft) * 64 + 64)..<Int32((640 + setter.geometry.marginLeft) * 64)
        XCTAssertFalse(spread.glyphs.contains { gutter.contains($0.x) }, "a glyph in the gutter")
        // A point on the right-hand page finds a character of the second page.
        let line = try XCTUnwrap(right.text.lines.first { !$0.glyphs.isEmpty })
        let found = try XCTUnwrap(spread.text.offset(atX: 640 + Double(setter.geometry.marginLeft) + 40,
                                                     y: Double(line.top + line.height / 2)))
        XCTAssertTrue((pagination.pages[3].start..<pagination.pages[3].end).contains(found), "\(found)")
    }

    func testARightToLeftBookPutsTheFirstPageOfASpreadOnTheRight() throws {
        let text = String(repeating: "שלום עולם, זהו ספר שנכתב מימין לשמאל ובו עמודים רבים מאוד. ", count: 400)
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "hebrew.txt"))
        XCTAssertEqual(book.pageProgression, .rightToLeft)
        let setter = try typesetter(1280, 800, columns: .two, book: book)
        let pagination = setter.paginate()
        XCTAssertGreaterThan(pagination.pages.count, 2)
        let spread = setter.layoutSpread(0, of: pagination)
        let first = pagination.pages[0].start..<pagination.pages[0].end
        let line = try XCTUnwrap(spread.text.lines.first { !$0.glyphs.isEmpty })
        let onTheRight = try XCTUnwrap(spread.text.offset(atX: 1000, y: Double(line.top + line.height / 2)))
        let onTheLeft = try XCTUnwrap(spread.text.offset(atX: 300, y: Double(line.top + line.height / 2)))
        XCTAssertTrue(first.contains(onTheRight), "the first page is on the right")
        XCTAssertFalse(first.contains(onTheLeft), "the second page is on the left")
    }
}
