import BookModel
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The whole book paginated on several threads, as the `paginate` command
/// does it, gives exactly the pages and page text of one typesetter alone.
final class WholeBookPaginationTests: XCTestCase {
    private let geometry = PageGeometry(width: 400, height: 300, fontSize: 14)

    /// Linear chapters with a section between them that no page shows;
    /// with `emptySection`, one more after the first chapter that holds
    /// nothing (a blank page, or a picture the reader cannot draw).
    private func sectionedBook(emptySection: Bool = false) -> Book {
        var builder = DocumentBuilder()
        for chapter in 1...6 {
            builder.beginSection(name: "ch\(chapter).xhtml")
            builder.append(.heading(level: 1), style: DocumentFixtures.body, text: "Chapter \(chapter)")
            for paragraph in 1...(4 + chapter * 2) {
                builder.append(.paragraph, style: DocumentFixtures.body,
                               text: "Paragraph \(paragraph) of chapter \(chapter), long enough to take a few lines "
                                   + "of this small page, so that a chapter runs over pages.")
            }
            if chapter == 1, emptySection { builder.beginSection(name: "blank.xhtml") }
            if chapter == 3 {
                builder.beginSection(name: "note.xhtml", isLinear: false)
                builder.append(.paragraph, style: DocumentFixtures.body, text: "A note reached only by a link.")
            }
        }
        return builder.build(metadata: BookMetadata(title: "Sections", language: "en"), contents: [], format: .epub)
    }

    private func assertSamePages(_ book: Book, _ name: String) throws {
        let typesetter = try Typesetter(book: book, geometry: geometry, font: ReaderSessionTests.font)
        XCTAssertGreaterThan(ChapterSegments(book: book).count, 3, name)
        let alone = typesetter.paginate(collectText: true)
        XCTAssertGreaterThan(alone.pages.count, 6, name)
        for workers in [1, 2, 4] {
            let shared = try PaginationStore.paginateWholeBook(typesetter, collectText: true, workers: workers)
            XCTAssertEqual(shared.pages, alone.pages, "\(name), \(workers) threads")
            XCTAssertEqual(shared.pageLines, alone.pageLines, "\(name), \(workers) threads")
        }
        let withoutText = try PaginationStore.paginateWholeBook(typesetter, workers: 2)
        XCTAssertEqual(withoutText.pages, alone.pages, name)
        XCTAssertEqual(withoutText.pageLines, [], "\(name): no text asked for, none kept")
    }

    func testAStructuredBooksPagesAndTextAreThoseOfOneThread() throws {
        try assertSamePages(sectionedBook(), "sections")
    }

    /// A section with nothing on it is a page of its own, whether the book
    /// is paginated at once or segment by segment.
    func testAnEmptySectionIsOneBlankPageEverywhere() throws {
        let book = sectionedBook(emptySection: true)
        try assertSamePages(book, "an empty section")
        let typesetter = try Typesetter(book: book, geometry: geometry, font: ReaderSessionTests.font)
        let pages = typesetter.paginate().pages
        let blank = try XCTUnwrap(book.document?.sections.first { $0.name == "blank.xhtml" })
        XCTAssertEqual(pages.filter { $0.start == blank.offsets.lowerBound && $0.end == $0.start }.count, 1)
        XCTAssertEqual(typesetter.paginate(through: pages.count).pages, pages, "pages found up to one are the same pages")
    }

    func testATextBooksPagesAndTextAreThoseOfOneThread() throws {
        try assertSamePages(try ChapterResumeTests.chapterBook(), "text")
    }
}
