import BookFormats
import BookModel
import Comics
import XCTest

/// The shared sample comics: a right-to-left manga CBZ and a CBT of paintings.
final class SharedComicsTests: XCTestCase {
    func testMangaIsTwelveRightToLeftPages() throws {
        let path = SharedComics.root + "/haruko-manga.cbz"
        try XCTSkipUnless(SharedComics.exists(path), "the shared comics are absent")
        let opened = try BookFormats().open(path: path)
        XCTAssertEqual(opened.formatName, "comic")
        let document = try XCTUnwrap(opened.book.document)
        XCTAssertEqual(document.sections.compactMap(\.fixedPage).count, 12)
        XCTAssertEqual(document.sections.first?.fixedPage?.content, .image(resource: "Haruko/001.jpg"))
        XCTAssertEqual(document.pageProgression, .rightToLeft)
        XCTAssertEqual(opened.book.metadata.title, "Haruko")
        XCTAssertEqual(opened.book.metadata.language, "ja")
    }

    func testPaintingsAreFourPagesInTheArchivesOrder() throws {
        let path = SharedComics.root + "/cole-voyage-of-life.cbt"
        try XCTSkipUnless(SharedComics.exists(path), "the shared comics are absent")
        let comic = try ComicBook(path: path)
        XCTAssertEqual(comic.pageNames, comic.container.names)
        XCTAssertEqual(comic.pageNames.count, 4)
        XCTAssertEqual(comic.pageProgression, .leftToRight)
        XCTAssertTrue(comic.page(2, withText: false).page.isLandscape)
    }
}
