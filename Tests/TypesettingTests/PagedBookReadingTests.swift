import BookModel
import XCTest

/// A book of fixed pages read a page at a time: the page shown is a book
/// of its own at once, the whole book (every page's text) on a thread.
final class PagedBookReadingTests: XCTestCase {
    private final class Pages: PagedBookSource, @unchecked Sendable {
        let stateKey = "pages"
        let format = DocumentFormat.pdf
        let pageCount = 5
        let metadata = BookMetadata(title: "Five pages")
        let pageProgression = PageProgression.leftToRight
        let resources: DocumentResources? = nil
        let contents = [ContentsEntry(title: "Third", level: 1, target: Pages.pageName(2))]
        private(set) var made: [Int] = []

        func page(_ index: Int, withText: Bool) -> (page: FixedPage, text: String) {
            made.append(index)
            return (FixedPage(width: 600, height: 800, content: .image(resource: "p\(index)")),
                    index == 1 || !withText ? "" : "Page \(index + 1)")
        }
    }

    func testThePageShownIsABookOfItsOwnMadeFromThatPageOnlyItsTextComingWithTheWholeBook() {
        let pages = Pages()
        let reading = PagedBookReading(source: pages)
        XCTAssertEqual(reading.sectionCount, 5)
        let book = reading.book(ofSection: 2)
        XCTAssertEqual(pages.made, [2])
        XCTAssertEqual(book.document?.firstSection, 2)
        XCTAssertEqual(book.document?.isPartial, true)
        XCTAssertEqual(book.document?.sections.first?.fixedPage?.content, .image(resource: "p2"))
        XCTAssertEqual(String(decoding: book.text.utf8, as: UTF8.self), "\u{FFFC}")
        reading.startReadingWholeBook()
        let whole = reading.waitForWholeBook()
        XCTAssertEqual(String(decoding: whole.text.utf8[whole.paragraphs[2].bytes], as: UTF8.self), "Page 3")
    }

    func testTheWholeBookHasEveryPageItsTextAndTheContents() {
        let reading = PagedBookReading(source: Pages())
        reading.startReadingWholeBook()
        let book = reading.waitForWholeBook()
        XCTAssertEqual(book.document?.sections.count, 5)
        XCTAssertEqual(book.document?.format, .pdf)
        XCTAssertEqual(book.document?.isPartial, false)
        XCTAssertEqual(book.chapters.map(\.title), ["Third"])
        XCTAssertEqual(book.chapters.first?.offset, book.document?.sections[2].offsets.lowerBound)
        XCTAssertEqual(book.paragraphs.count, 5)
        XCTAssertEqual(String(decoding: book.text.utf8[book.paragraphs[1].bytes], as: UTF8.self), "\u{FFFC}",
                       "a page without text holds a placeholder")
    }
}
