import EPUB
import Foundation
import Raster
import Reader
import TestSupport
import XCTest
@testable import ebook_fb

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

    func testTheLibraryListsEPUBsAndTextBooks() {
        let formats = LibraryFormats.readable(encoding: nil)
        XCTAssertTrue(formats.contains { $0.accepts(fileName: "Moby Dick.EPUB") })
        XCTAssertTrue(formats.contains { $0.accepts(fileName: "alice.txt") })
        XCTAssertFalse(formats.contains { $0.accepts(fileName: "cover.png") })
        XCTAssertGreaterThan(EPUBBookFormat().version, UnsupportedBookFormat.epub.version,
                             "covers cached while EPUBs could not be read are made anew")
    }

    func testTitleAuthorsAndTheBooksOwnCover() throws {
        let path = try writeBook("waste-land.epub", cover: DocumentFixtures.png(width: 300, height: 450))
        let info = EPUBBookFormat().info(path: path)
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
        let cover = try XCTUnwrap(EPUBBookFormat().info(path: path).coverImage)
        XCTAssertEqual([cover.width, cover.height], [400, 600])
    }

    func testWithoutACoverOneIsDrawnAndADamagedCoverIsNoCover() throws {
        XCTAssertNil(EPUBBookFormat().info(path: try writeBook("plain.epub", cover: nil)).coverImage)
        let damaged = try writeBook("damaged.epub", cover: Array(DocumentFixtures.png(width: 30, height: 45).prefix(40)))
        let info = EPUBBookFormat().info(path: damaged)
        XCTAssertNil(info.coverImage)
        XCTAssertEqual(info.title, "The Waste Land")
        XCTAssertNil(info.problem, "the book opens all the same")
    }

    func testABookThatCannotBeOpenedIsListedWithTheReason() throws {
        let path = folder + "/broken.epub"
        try Data("PK\u{3}\u{4} cut short".utf8).write(to: URL(fileURLWithPath: path))
        let info = EPUBBookFormat().info(path: path)
        XCTAssertEqual(info.title, "broken")
        let problem = try XCTUnwrap(info.problem)
        XCTAssertTrue(problem.hasPrefix("a damaged zip archive ("), problem)
        XCTAssertFalse(problem.contains(folder), "the row shows the file already: \(problem)")
    }
}
