import BookModel
@testable import EPUB
import Foundation
import TestSupport
import Typesetting
import XCTest

/// An EPUB opened a section at a time: a spine document read alone is set
/// exactly as it is in the whole book, and the book's state key names its
/// text, not its styling or packing.
final class LazyEPUBTests: XCTestCase {
    private var folder = ""
    static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-lazy-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Chapters of headings, styled paragraphs, a list and a quote, long
    /// enough for several small pages each.
    static func chapters(_ count: Int, hidden: Bool = false) -> [(String, String)] {
        (1...count).map { number in
            let paragraphs = (1...14).map { paragraph in
                "<p>Paragraph \(paragraph) of chapter \(number), with <em>some words in italics</em> and "
                    + "<strong>some in bold</strong>, long enough to run over a few lines of a small page.</p>"
            }.joined()
            let extra = hidden && number == 1 ? "<p class=\"gone\">" + String(repeating: "Hidden words. ", count: 200) + "</p>" : ""
            return ("ch\(number).xhtml", "<h1>Straße \(number)</h1>" + extra + paragraphs
                    + "<ul><li>one item</li><li>another item</li></ul><blockquote><p>A quotation.</p></blockquote>")
        }
    }

    static let css = "h1 { text-transform: uppercase } .gone { display: none } em { font-style: italic }"

    /// Writes a book of `documents` with `css` linked from each.
    static func write(_ documents: [(String, String)], css: String = css, identifier: String = "urn:test:lazy",
                      method: EPUBArchiveWriter.Method = .deflated, to path: String) throws {
        let link = "<link rel=\"stylesheet\" href=\"style.css\"/>"
        let items = documents.enumerated().map { ("d\($0.offset)", $0.element.0, "application/xhtml+xml") }
            + [("css", "style.css", "text/css")]
        var entries = [EPUBArchiveWriter.Entry("mimetype", "application/epub+zip", method: .stored),
                       EPUBArchiveWriter.Entry("META-INF/container.xml", EPUBArchiveWriter.container, method: method),
                       EPUBArchiveWriter.Entry("OEBPS/content.opf", EPUBArchiveWriter.package(
                           items: items, spine: documents.indices.map { "d\($0)" }, identifier: identifier), method: method)]
        entries += documents.map { EPUBArchiveWriter.Entry("OEBPS/\($0.0)", EPUBArchiveWriter.xhtml($0.1, head: link),
                                                           method: method) }
        entries.append(EPUBArchiveWriter.Entry("OEBPS/style.css", css, method: method))
        try EPUBArchiveWriter.write(entries, to: path)
    }

    /// The pages of section `index` read alone match the whole book's pages
    /// of that section: the same lines on each page, the same images, and
    /// starts apart by the section's place in the whole book.
    private func assertSectionSetAlike(_ lazy: LazyEPUB, whole: Book, section index: Int, geometry: PageGeometry,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let part = lazy.book(ofSection: index)
        XCTAssertEqual(part.document?.firstSection, index, file: file, line: line)
        XCTAssertEqual(part.document?.isPartial, true, file: file, line: line)
        guard let sections = whole.document?.sections else { return XCTFail("no sections", file: file, line: line) }
        let base = sections[index].offsets.lowerBound
        XCTAssertEqual(String(decoding: part.text.utf8, as: UTF8.self),
                       whole.text(of: sections[index]), "section \(index)'s text", file: file, line: line)
        let segments = ChapterSegments(book: whole)
        guard let segment = segments.firstParagraphs.firstIndex(of: sections[index].paragraphs.lowerBound) else {
            return XCTFail("section \(index) starts no segment", file: file, line: line)
        }
        let wholePages = try Typesetter(book: whole, geometry: geometry, font: Self.font, language: "en")
            .paginate(segment: segment, of: segments, collectText: true)
        let partPages = try Typesetter(book: part, geometry: geometry, font: Self.font, language: "en")
            .paginate(collectText: true)
        XCTAssertEqual(partPages.pages.count, wholePages.pages.count, "section \(index)'s pages", file: file, line: line)
        XCTAssertEqual(partPages.pageLines, wholePages.pageLines, "section \(index)'s lines", file: file, line: line)
        XCTAssertEqual(partPages.pages.map(\.images), wholePages.pages.map(\.images), file: file, line: line)
        // The first page of the book starts at 0 and the last of a section runs over those no page shows.
        XCTAssertEqual(partPages.pages.dropFirst().map { $0.start + base }, wholePages.pages.dropFirst().map(\.start),
                       "section \(index)'s page starts", file: file, line: line)
    }

    func testASectionReadAloneIsSetAsInTheWholeBook() throws {
        let path = folder + "/book.epub"
        try Self.write(Self.chapters(4), to: path)
        let lazy = try LazyEPUB(path: path)
        let whole = try EPUBBook.open(path: path).book
        XCTAssertEqual(lazy.sectionCount, 4)
        XCTAssertEqual(lazy.firstShownSection, 0)
        let geometry = PageGeometry(width: 400, height: 300, fontSize: 14)
        for index in 0..<4 { try assertSectionSetAlike(lazy, whole: whole, section: index, geometry: geometry) }
        XCTAssertEqual(lazy.waitForWholeBook().text.utf8, whole.text.utf8, "the whole book read lazily is the book")
    }

    func testMobyDicksSectionsReadAloneAreSetAsInTheWholeBook() throws {
        let moby = SharedCorpus.samples + "/moby-dick.epub"
        try XCTSkipUnless(SharedCorpus.exists(moby), "the shared EPUB samples are absent")
        let lazy = try LazyEPUB(path: moby)
        let whole = try EPUBBook.open(path: moby).book
        XCTAssertEqual(lazy.sectionCount, whole.document?.sections.count)
        // The cover is reached by links only: a first opening shows the title page.
        XCTAssertEqual(lazy.firstShownSection, 1)
        XCTAssertFalse(lazy.isShown(section: 0))
        let geometry = PageGeometry(width: 1280, height: 800, fontSize: 20)
        let lastShown = try XCTUnwrap((0..<lazy.sectionCount).last { lazy.isShown(section: $0) })
        for index in [1, 2, 5, 40, 128, lastShown] {
            try assertSectionSetAlike(lazy, whole: whole, section: index, geometry: geometry)
        }
        // Sizes in the zip place a section near where it is.
        let sections = try XCTUnwrap(whole.document?.sections)
        let estimate = lazy.estimatedPlace(ofSection: 128, characters: sections[128].offsets.count)
        XCTAssertEqual(Double(estimate.charactersBefore), Double(sections[128].offsets.lowerBound),
                       accuracy: Double(whole.text.scalarCount) / 20)
        XCTAssertEqual(Double(estimate.length), Double(whole.text.scalarCount), accuracy: Double(whole.text.scalarCount) / 10)
    }

    func testTheStateKeyNamesTheTextNotItsStylesOrPacking() throws {
        let (plain, stored, edited, other) = (folder + "/a.epub", folder + "/b.epub", folder + "/c.epub", folder + "/d.epub")
        try Self.write(Self.chapters(3, hidden: true), to: plain)
        try Self.write(Self.chapters(3, hidden: true), css: "p { margin: 2em }", method: .stored, to: stored)
        var changed = Self.chapters(3, hidden: true)
        changed[2].1 += "<p>One more line.</p>"
        try Self.write(changed, to: edited)
        try Self.write(Self.chapters(2), to: other)
        let key = try LazyEPUB(path: plain).stateKey
        XCTAssertEqual(try LazyEPUB(path: plain, publisherStyles: false).stateKey, key, "styles off, the same book")
        XCTAssertEqual(try LazyEPUB(path: stored).stateKey, key, "restyled and stored uncompressed, the same text")
        XCTAssertNotEqual(try LazyEPUB(path: edited).stateKey, key, "another text")
        // The same identifier on another book (as the W3C pkg-unique-id tests have it) is another key.
        XCTAssertNotEqual(try LazyEPUB(path: other).stateKey, key)
        XCTAssertEqual(try EPUBBook.open(path: plain).book.document?.stateKey, key, "the whole book carries its key")
        // The book's styles change its text (hidden, transformed): the offsets move, the key does not.
        let on = try EPUBBook.open(path: plain).book, off = try EPUBBook.open(path: plain, publisherStyles: false).book
        XCTAssertNotEqual(on.text.scalarCount, off.text.scalarCount)
    }
}

extension Book {
    /// The text of `section` as the book holds it.
    func text(of section: BookSection) -> String {
        let paragraphs = self.paragraphs[section.paragraphs]
        guard let first = paragraphs.first, let last = paragraphs.last else { return "" }
        return String(decoding: text.utf8[first.bytes.lowerBound..<last.bytes.upperBound], as: UTF8.self)
    }
}
