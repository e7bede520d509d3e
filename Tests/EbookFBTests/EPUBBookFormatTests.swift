import BookFormats
import BookModel
import EPUB
import Foundation
import Raster
import Reader
import TestSupport
import XCTest

/// EPUBs in the library: named by their package, shown with their own
/// cover, and a book that cannot be opened listed with the reason.
final class EPUBBookFormatTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-format-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func writeBook(_ name: String, cover: [UInt8]?) throws -> String {
        let coverItem = cover == nil ? "" : #"<item id="pic" href="cover.png" media-type="image/png" properties="cover-image"/>"#
        let package = """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:test:format</dc:identifier>
            <dc:title>The Waste Land</dc:title><dc:creator>T. S. Eliot</dc:creator><dc:language>en</dc:language></metadata>
            <manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>\(coverItem)</manifest>
            <spine><itemref idref="c1"/></spine></package>
            """
        var entries: [EPUBArchiveWriter.Entry] = [
            .init("mimetype", "application/epub+zip", method: .stored), .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", package), .init("OEBPS/c1.xhtml", EPUBArchiveWriter.xhtml("<p>April is the cruellest month</p>")),
        ]
        if let cover { entries.append(.init("OEBPS/cover.png", cover, method: .stored)) }
        let path = folder + "/" + name
        try EPUBArchiveWriter.write(entries, to: path)
        return path
    }

    /// A file is listed by what its bytes are, or by a name a format's
    /// files have; only its first few bytes are read.
    func testTheLibraryListsEPUBsByTheirBytesAndBooksByTheirNames() throws {
        let formats = BookFormats()
        let epub = try writeBook("waste-land.epub", cover: nil)
        let unnamed = folder + "/waste-land"
        try FileManager.default.copyItem(atPath: epub, toPath: unnamed)
        let files: [(name: String, bytes: [UInt8])] = [
            ("Moby Dick.EPUB", Array("not yet copied".utf8)), ("alice.txt", Array("Alice".utf8)),
            ("notes.text", Array("Notes".utf8)), ("cover.png", DocumentFixtures.png(width: 4, height: 4)),
            ("README", Array("Some words".utf8)),
        ]
        for file in files { try Data(file.bytes).write(to: URL(fileURLWithPath: folder + "/" + file.name)) }
        XCTAssertTrue(formats.lists(fileAt: epub))
        XCTAssertTrue(formats.lists(fileAt: unnamed), "an EPUB without an extension")
        XCTAssertTrue(formats.lists(fileAt: folder + "/Moby Dick.EPUB"), "a book being copied, listed by its name")
        XCTAssertTrue(formats.lists(fileAt: folder + "/alice.txt"))
        XCTAssertTrue(formats.lists(fileAt: folder + "/notes.text"))
        XCTAssertFalse(formats.lists(fileAt: folder + "/cover.png"))
        XCTAssertFalse(formats.lists(fileAt: folder + "/README"), "any file may be text: only a text name lists it")
        XCTAssertEqual(formats.format(ofFileAt: unnamed).name, "epub")
        XCTAssertGreaterThan(EPUBBookFormat().descriptionVersion, 1, "covers cached while EPUBs could not be read are made anew")
    }

    /// A book is read in the format its bytes are, whatever its name.
    func testAnEPUBNamedTxtIsAnEPUBAndATextNamedEpubIsText() throws {
        let formats = BookFormats()
        let epub = folder + "/waste-land.txt"
        try FileManager.default.moveItem(atPath: try writeBook("waste-land.epub", cover: nil), toPath: epub)
        let text = folder + "/notes.epub"
        try Data("Notes\n\nA line of plain text, no archive at all.\n".utf8).write(to: URL(fileURLWithPath: text))
        let openedEPUB = try formats.open(path: epub)
        XCTAssertEqual(openedEPUB.formatName, "epub")
        XCTAssertEqual(openedEPUB.book.metadata.title, "The Waste Land")
        let openedText = try formats.open(path: text)
        XCTAssertEqual(openedText.formatName, "text")
        XCTAssertEqual(openedText.book.string(of: openedText.book.paragraphs[0]), "Notes")
        if case .sectioned = try formats.openForReading(path: epub) {} else { XCTFail("an EPUB is read a section at a time") }
        if case .whole = try formats.openForReading(path: text) {} else { XCTFail("a text is read whole") }
        XCTAssertEqual(formats.describe(path: epub).title, "The Waste Land")
    }

    func testTitleAuthorsAndTheBooksOwnCover() throws {
        let path = try writeBook("waste-land.epub", cover: DocumentFixtures.png(width: 300, height: 450))
        let info = LibraryBookInfo(EPUBBookFormat().describe(path: path))
        XCTAssertEqual(info.title, "The Waste Land")
        XCTAssertEqual(info.authors, ["T. S. Eliot"])
        XCTAssertNil(info.problem)
        let cover = try XCTUnwrap(info.coverImage)
        XCTAssertEqual([cover.width, cover.height], [300, 450], "a cover within the bounds is decoded at its size")
        XCTAssertEqual(cover[10, 200], 0x2060A0, "the left half")
        XCTAssertEqual(cover[290, 200], 0xC04020, "the right half")
    }

    func testALargeCoverIsDecodedSmallerKeepingItsShape() throws {
        let path = try writeBook("large.epub", cover: DocumentFixtures.png(width: 1600, height: 2400))
        let cover = try XCTUnwrap(LibraryBookInfo(EPUBBookFormat().describe(path: path)).coverImage)
        XCTAssertEqual([cover.width, cover.height], [400, 600])
    }

    func testWithoutACoverOneIsDrawnAndADamagedCoverIsNoCover() throws {
        XCTAssertNil(LibraryBookInfo(EPUBBookFormat().describe(path: try writeBook("plain.epub", cover: nil))).coverImage)
        let damaged = try writeBook("damaged.epub", cover: Array(DocumentFixtures.png(width: 30, height: 45).prefix(40)))
        let info = LibraryBookInfo(EPUBBookFormat().describe(path: damaged))
        XCTAssertNil(info.coverImage)
        XCTAssertEqual(info.title, "The Waste Land")
        XCTAssertNil(info.problem, "the book opens all the same")
    }

    func testABookThatCannotBeOpenedIsListedWithTheReason() throws {
        let path = folder + "/broken.epub"
        try Data("PK\u{3}\u{4} cut short".utf8).write(to: URL(fileURLWithPath: path))
        let info = LibraryBookInfo(EPUBBookFormat().describe(path: path))
        XCTAssertEqual(info.title, "broken")
        let problem = try XCTUnwrap(info.problem)
        XCTAssertTrue(problem.hasPrefix("a damaged zip archive ("), problem)
        XCTAssertFalse(problem.contains(folder), "the row shows the file already: \(problem)")
    }
}
