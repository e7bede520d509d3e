import BookModel
import EPUB
import Foundation
@testable import Reader
import TestSupport
import Typesetting
import XCTest

/// A highlight in an EPUB is kept by its places as well as its offsets:
/// it is found in the section shown first, in the whole book once taken in,
/// with the book's styles turned off (which moves every later offset) and
/// at another size.
final class SectionedHighlightTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-highlights-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func open(_ path: String, store: StateStore, publisherStyles: Bool) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: LazyEPUBTests.font, theme: .light, language: "en")
        return try ReaderSession(opening: .sectioned(try LazyEPUB(path: path, publisherStyles: publisherStyles)), path: path,
                                 settings: settings, start: .savedPlace, stateStore: store)
    }

    func testAHighlightSurvivesTheWholeBookTakenInTheStylesTurnedOffAndAnotherSize() throws {
        // The first chapter's styles hide a long paragraph: with them off every later offset moves.
        // The later chapters' headings are not in capitals, which would change their own lengths.
        let path = folder + "/book.epub"
        let chapters = LazyEPUBTests.chapters(4, hidden: true)
        try LazyEPUBTests.write([chapters[0]] + chapters.dropFirst().map { ($0.0, $0.1.replacingOccurrences(of: "h1", with: "h2")) },
                                to: path)
        let store = StateStore(directory: folder + "/state")
        let styled = try open(path, store: store, publisherStyles: true)
        styled.finishBackgroundWork()
        let section = try XCTUnwrap(styled.book.document?.sections[2].offsets)
        let range = (section.lowerBound + 12)..<(section.lowerBound + 70)
        styled.show(offset: range.lowerBound)
        XCTAssertEqual(styled.addHighlight(range, color: .green, note: "Ночь — 夜"), 0)
        let text = styled.book.excerpt(range)
        XCTAssertTrue(text.contains("chapter 3"), text)
        let places = (styled.book.place(of: range.lowerBound), styled.book.place(of: range.upperBound))
        styled.stop()

        let plain = try open(path, store: store, publisherStyles: false)
        defer { plain.stop() }
        XCTAssertTrue(plain.isReadingWholeBook, "the saved place's section is shown first")
        XCTAssertEqual(plain.highlights.map(\.text), [text], "found in the section shown")
        XCTAssertEqual(plain.highlights.map { plain.book.excerpt($0.range) }, [text])
        plain.finishBackgroundWork()
        XCTAssertFalse(plain.isReadingWholeBook)
        let found = try XCTUnwrap(plain.highlights.first)
        XCTAssertNotEqual(found.start, range.lowerBound, "the offsets moved with the styles")
        XCTAssertEqual(plain.book.excerpt(found.range), text, "the same words")
        XCTAssertEqual(plain.book.place(of: found.start), places.0)
        XCTAssertEqual(plain.book.place(of: found.end), places.1)
        XCTAssertEqual(found.note, "Ночь — 夜")
        try plain.setFontSize(22)
        XCTAssertEqual(plain.highlights.map(\.range), [found.range], "no layout moves it")
    }
}
