import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

final class LayoutTests: XCTestCase {
    private func typesetter(_ text: String, width: Int = 640, height: Int = 480, fontSize: Int = 20) throws -> Typesetter {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: width, height: height, fontSize: fontSize),
                              font: FontFile(path: SharedData.defaultFont))
    }

    private func allPages(_ typesetter: Typesetter) -> [PageLayout] {
        let pagination = typesetter.paginate()
        return pagination.pages.indices.map { typesetter.layoutPage($0, of: pagination) }
    }

    private static let words = "the quick brown fox jumps over a lazy dog while seven wizards hex every jolly quartz"
    private static func prose(paragraphs: Int) -> String {
        (0..<paragraphs).map { index in
            (0..<(40 + index % 7)).map { String(words.split(separator: " ")[($0 * 5 + index) % 16]) }.joined(separator: " ") + "."
        }.joined(separator: "\n\n")
    }

    func testNoLineIsWiderThanTheMeasure() throws {
        let long = "Pneumonoultramicroscopicsilicovolcanoconiosis" + String(repeating: "x", count: 200)
        let setter = try typesetter(Self.prose(paragraphs: 8) + "\n\n" + long + " and more " + long)
        let left = Int32(setter.geometry.marginLeft * 64)
        let right = left + setter.geometry.measure
        for page in allPages(setter) {
            for extent in page.lineExtents {
                XCTAssertGreaterThanOrEqual(extent.lowerBound, left)
                XCTAssertLessThanOrEqual(extent.upperBound, right, "page \(page.pageIndex + 1)")
            }
        }
    }

    func testAWordLongerThanALineIsCutAndKept() throws {
        let long = String(repeating: "abcdefghij", count: 30)
        let setter = try typesetter(long)
        let pagination = setter.paginate(collectText: true)
        let lines = pagination.pageLines.flatMap { $0 }
        XCTAssertGreaterThan(lines.count, 2)
        XCTAssertEqual(lines.joined(), long)
    }

    func testJustifiedLinesFillTheMeasureAndLastLinesDoNot() throws {
        let setter = try typesetter(Self.prose(paragraphs: 1))
        let page = setter.layoutPage(0, of: setter.paginate())
        let left = Int32(setter.geometry.marginLeft * 64)
        let right = left + setter.geometry.measure
        XCTAssertGreaterThan(page.lineExtents.count, 3)
        for extent in page.lineExtents.dropLast() {
            // Justified: the ink reaches the right edge to within a pixel.
            XCTAssertLessThanOrEqual(abs(extent.upperBound - right), 64)
        }
        XCTAssertLessThan(try XCTUnwrap(page.lineExtents.last).upperBound, right - 64)
        XCTAssertEqual(page.lineExtents[0].lowerBound, left + setter.geometry.paragraphIndent)
    }

    func testASourceLineEndInProseSetsLikeASpace() throws {
        let wrapped = try typesetter("The fishing boats lay\ntilted on the mud.")
        let spaced = try typesetter("The fishing boats lay tilted on the mud.")
        let wrappedPage = wrapped.layoutPage(0, of: wrapped.paginate())
        let spacedPage = spaced.layoutPage(0, of: spaced.paginate())
        XCTAssertEqual(wrappedPage.glyphs, spacedPage.glyphs)
        XCTAssertEqual(wrappedPage.lines, ["The fishing boats lay tilted on the mud."])
    }

    func testPagesTileTheTextAndRepeatExactly() throws {
        let setter = try typesetter(Self.prose(paragraphs: 60))
        let first = setter.paginate()
        let second = setter.paginate()
        XCTAssertEqual(first.pages, second.pages)
        XCTAssertGreaterThan(first.pages.count, 3)
        XCTAssertEqual(first.pages.first?.start, 0)
        XCTAssertEqual(first.pages.last?.end, setter.book.text.scalarCount)
        for index in first.pages.indices.dropFirst() {
            XCTAssertEqual(first.pages[index].start, first.pages[index - 1].end)
        }
    }

    /// Pages drawn again, in any order, reuse paragraphs laid out before and
    /// come out exactly as a typesetter that never saw them lays them out.
    func testPagesLaidOutAgainReuseParagraphsAndAreUnchanged() throws {
        let text = Self.prose(paragraphs: 80)
        let setter = try typesetter(text)
        let pagination = setter.paginate()
        let order = Array(pagination.pages.indices) + pagination.pages.indices.reversed() + [3, 3, 1, 3]
        for index in order {
            let again = setter.layoutPage(index, of: pagination)
            let once = try typesetter(text).layoutPage(index, of: pagination)
            XCTAssertEqual(again.glyphs, once.glyphs, "page \(index)")
            XCTAssertEqual(again.lines, once.lines, "page \(index)")
        }
        XCTAssertGreaterThan(setter.pageParagraphs.hits, pagination.pages.count, "pages drawn again reuse their paragraphs")
    }

    func testPageLayoutShowsTheLinesPaginationCounted() throws {
        let setter = try typesetter(Self.prose(paragraphs: 30))
        let pagination = setter.paginate(collectText: true)
        for index in pagination.pages.indices {
            XCTAssertEqual(setter.layoutPage(index, of: pagination).lines, pagination.pageLines[index])
        }
    }

    func testChapterHeadingStartsANewPage() throws {
        let text = Self.prose(paragraphs: 2) + "\n\nCHAPTER II.\n\n" + Self.prose(paragraphs: 2)
        let setter = try typesetter(text)
        let pagination = setter.paginate(collectText: true)
        let headingPage = try XCTUnwrap(pagination.pageLines.firstIndex { $0.first == "CHAPTER II." })
        XCTAssertGreaterThan(headingPage, 0)
        XCTAssertEqual(pagination.pages[headingPage].start, setter.book.chapters[0].offset)
    }

    func testFooterShowsPageCountAndPercentage() throws {
        let setter = try typesetter(Self.prose(paragraphs: 40))
        let pagination = setter.paginate()
        let count = pagination.pages.count
        XCTAssertEqual(setter.layoutPage(0, of: pagination).footer.hasPrefix("1 / \(count) · "), true)
        XCTAssertEqual(setter.layoutPage(count - 1, of: pagination).footer, "\(count) / \(count) · 100%")
    }

    func testPositionIsFoundAfterRelayoutAtAnotherSize() throws {
        let text = Self.prose(paragraphs: 50)
        let small = try typesetter(text, fontSize: 16).paginate()
        let large = try typesetter(text, fontSize: 28).paginate()
        let offset = small.pages[small.pages.count / 2].start
        let page = large.pages[large.pageIndex(containing: offset)]
        XCTAssertTrue(page.start <= offset && offset < page.end)
    }

    func testMissingGlyphsAreCounted() throws {
        // DejaVu Serif has no CJK ideographs; without fallback fonts they are missing.
        let book = Book(text: try BookDecoder.decode(Data("Latin text and 漢字 here.".utf8), path: "book.txt"))
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 640, height: 480),
                                    font: FontFile(path: SharedData.defaultFont), fontFallback: false)
        XCTAssertEqual(setter.paginate().pages.map(\.missingGlyphs).reduce(0, +), 2)
        XCTAssertEqual(try typesetter("Ünïcödé Ελληνικά кириллица").paginate().pages[0].missingGlyphs, 0)
    }

    func testBadGeometryAndFontsGiveClearErrors() throws {
        let text = try BookDecoder.decode(Data("text".utf8), path: "b")
        XCTAssertThrowsError(try Typesetter(book: Book(text: text), geometry: PageGeometry(width: 0, height: 0),
                                            font: FontFile(path: SharedData.defaultFont))) {
            XCTAssertTrue("\($0)".contains("0x0"))
        }
        XCTAssertThrowsError(try PageGeometry.parseSize("1280by800"))
        XCTAssertThrowsError(try FontSet.resolve(path: "/no/such/font.ttf")) {
            XCTAssertTrue("\($0)".contains("/no/such/font.ttf"))
        }
        XCTAssertThrowsError(try Typesetter(book: Book(text: text), geometry: PageGeometry(width: 640, height: 480),
                                            font: FontFile(path: "/etc/hostname"))) {
            XCTAssertTrue("\($0)".contains("/etc/hostname"))
        }
    }

    func testDefaultFontComesFromFontconfig() throws {
        let file = try FontLocator.file(forFamily: FontLocator.defaultFamily)
        XCTAssertTrue(file.path.contains("DejaVuSerif"), file.path)
    }
}
