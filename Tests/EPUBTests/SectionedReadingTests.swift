import BookModel
import EPUB
import Foundation
import Gestures
import Geometry
import Raster
@testable import Reader
import TestSupport
import Typesetting
import XCTest

/// The reader opening an EPUB a section at a time: the saved place's
/// section alone shows the first page, the whole book is taken in keeping
/// that page, input waits for it, and the place survives the book's
/// styles being turned off and on.
final class SectionedReadingTests: XCTestCase {
    private var folder = ""
    private let geometry = PageGeometry(width: 400, height: 300, fontSize: 14)

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-sectioned-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func open(_ path: String, store: StateStore?, publisherStyles: Bool = true,
                      start: ReaderSession.Start = .savedPlace) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: geometry, font: LazyEPUBTests.font, theme: .light, language: "en")
        return try ReaderSession(opening: .sectioned(try LazyEPUB(path: path, publisherStyles: publisherStyles)), path: path,
                                 settings: settings, start: start, stateStore: store)
    }

    /// The start of the second page of section `section`, as the whole book is paginated.
    private func secondPage(of section: Int, in book: Book) throws -> Int {
        let pages = try Typesetter(book: book, geometry: geometry, font: LazyEPUBTests.font, language: "en").paginate().pages
        let range = try XCTUnwrap(book.document?.sections[section].offsets)
        return try XCTUnwrap(pages.filter { range.contains($0.start) }.dropFirst().first).start
    }

    /// The frame's rows above the footer.
    private func page(_ session: ReaderSession) -> [UInt32] {
        session.compose()
        let frame = session.frame
        return (0..<(geometry.height - geometry.marginBottom)).flatMap { y in (0..<frame.width).map { frame[$0, y] } }
    }

    func testASavedPlaceIsShownFromItsSectionAndKeptWhenTheWholeBookComes() throws {
        let path = folder + "/book.epub"
        try LazyEPUBTests.write(LazyEPUBTests.chapters(6), to: path)
        let whole = try EPUBBook.open(path: path).book
        let offset = try secondPage(of: 4, in: whole)
        let place = try XCTUnwrap(whole.place(of: offset))
        let store = StateStore(directory: folder + "/state")
        try store.save(ReadingState(book: StateStore.key(of: whole), offset: offset, path: path,
                                    bookmarks: [offset], characters: whole.text.scalarCount, place: place,
                                    bookmarkPlaces: [place]))

        let session = try open(path, store: store)
        defer { session.stop() }
        XCTAssertTrue(session.isReadingWholeBook)
        XCTAssertEqual(session.book.document?.firstSection, 4, "only the saved place's section is read")
        XCTAssertEqual(session.book.document?.sections.count, 1)
        XCTAssertEqual(session.book.place(of: session.currentOffset), place)
        XCTAssertFalse(session.pageNumbersAreExact, "the pages before it are not known")
        XCTAssertFalse(session.bookmarksOnPage.isEmpty, "its bookmark shows before the rest is read")
        let shownFirst = page(session)

        session.finishBackgroundWork()
        XCTAssertFalse(session.isReadingWholeBook)
        XCTAssertEqual(session.book.text.utf8, whole.text.utf8)
        XCTAssertEqual(session.currentOffset, offset, "the same page, now in the whole book's offsets")
        XCTAssertTrue(session.pageNumbersAreExact)
        XCTAssertFalse(session.bookmarksOnPage.isEmpty)
        XCTAssertEqual(page(session), shownFirst, "the page looks the same above its footer")
    }

    func testAFirstOpeningShowsTheFirstSectionAndInputWaitsForTheWholeBook() throws {
        let path = folder + "/book.epub"
        try LazyEPUBTests.write(LazyEPUBTests.chapters(5), to: path)
        let session = try open(path, store: StateStore(directory: folder + "/state"))
        defer { session.stop() }
        XCTAssertTrue(session.isReadingWholeBook)
        XCTAssertEqual(session.book.document?.firstSection, 0)
        XCTAssertTrue(session.pageNumbersAreExact, "the first section starts the book")
        XCTAssertEqual(session.currentOffset, 0)
        let right = Point(x: Double(geometry.width) * 0.9, y: Double(geometry.height) / 2)
        session.handle([GestureEvent(time: 1000, kind: .tap(at: right, zone: .right))])
        XCTAssertFalse(session.isReadingWholeBook, "a touch acts on the whole book")
        XCTAssertEqual(session.book.document?.sections.count, 5)
    }

    func testAPlaceSurvivesTheBooksStylesTurnedOffAndOn() throws {
        // The first chapter's styles hide a long paragraph and write its heading in capitals (ß becomes SS):
        // with them off the chapter is longer and every later offset moves.
        let path = folder + "/book.epub"
        let first = ("ch1.xhtml", "<h1>Straße</h1><p class=\"gone\">" + String(repeating: "Hidden words. ", count: 200)
                     + "</p><p>The first chapter.</p>")
        try LazyEPUBTests.write([first] + LazyEPUBTests.chapters(4).dropFirst().map { ($0.0, $0.1.replacingOccurrences(of: "h1", with: "h2")) },
                                to: path)
        let store = StateStore(directory: folder + "/state")
        let styled = try open(path, store: store)
        styled.finishBackgroundWork()
        let target = try secondPage(of: 2, in: styled.book)
        styled.show(offset: target)
        styled.saveNow()
        let place = try XCTUnwrap(styled.book.place(of: styled.currentOffset))
        let words = styled.book.text.utf8.dropFirst(styled.book.utf8Offset(ofScalar: styled.currentOffset)).prefix(40)
        styled.stop()

        let plain = try open(path, store: store, publisherStyles: false)
        defer { plain.stop() }
        XCTAssertEqual(plain.book.place(of: plain.currentOffset), place, "shown from the saved section")
        plain.finishBackgroundWork()
        XCTAssertEqual(plain.book.place(of: plain.currentOffset), place)
        XCTAssertNotEqual(plain.currentOffset, target, "the offset moved with the styles; the place did not")
        XCTAssertEqual(Array(plain.book.text.utf8.dropFirst(plain.book.utf8Offset(ofScalar: plain.currentOffset)).prefix(40)),
                       Array(words), "the same words start the page")
        // Kept under the text's hash, the place would have been lost.
        XCTAssertNotEqual(StateStore.contentHash(of: plain.book.text.utf8), StateStore.contentHash(of: styled.book.text.utf8))
    }
}

extension Book {
    /// The byte offset in the decoded UTF-8 of scalar offset `scalar`.
    func utf8Offset(ofScalar scalar: Int) -> Int {
        guard let paragraph = paragraphs.last(where: { $0.scalars.lowerBound <= scalar }) else { return 0 }
        let inside = scalar - paragraph.scalars.lowerBound
        let text = String(decoding: self.text.utf8[paragraph.bytes], as: UTF8.self)
        return paragraph.bytes.lowerBound + String(text.unicodeScalars.prefix(inside)).utf8.count
    }
}
