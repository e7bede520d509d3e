import Foundation
import Raster
@testable import Reader
import TestSupport
import Typesetting
import XCTest

/// EPUB books in the library: their own titles, authors and covers, the
/// cover decoded at the size it is drawn and kept whole.
final class EPUBLibraryTests: XCTestCase {
    /// An EPUB with a title, an author and a cover image (`meta name="cover"`).
    static func writeBook(to path: String, title: String, author: String, cover: [UInt8]) throws {
        let items = [("d0", "ch1.xhtml", "application/xhtml+xml"), ("img", "cover.png", "image/png")]
        let package = EPUBArchiveWriter.package(items: items, spine: ["d0"], title: title,
                                                extraMetadata: "<dc:creator>\(author)</dc:creator><meta name=\"cover\" content=\"img\"/>")
        try EPUBArchiveWriter.write([
            .init("mimetype", "application/epub+zip", method: .stored),
            .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", package),
            .init("OEBPS/ch1.xhtml", EPUBArchiveWriter.xhtml("<h1>Loomings</h1><p>Call me Ishmael.</p>")),
            .init("OEBPS/cover.png", cover),
        ], to: path)
    }

    func testTheLibraryListsAnEPUBWithItsTitleAuthorAndCover() throws {
        let fixture = try LibraryFixture(books: [("alice.txt", "Alice in Wonderland", "Lewis Carroll")])
        defer { fixture.remove() }
        let cover = DocumentFixtures.png(width: 200, height: 300, left: 0x2060A0, right: 0xC04020)
        try Self.writeBook(to: fixture.books + "/whale.epub", title: "The Whale", author: "Herman Melville", cover: cover)
        let library = try fixture.library()
        XCTAssertTrue(library.advance(to: 0))
        library.finishCovers()
        _ = library.advance(to: 100)
        let labels = library.controls.filter { $0.id.hasPrefix("library.book.") }.map(\.label)
        XCTAssertEqual(labels.sorted(), ["Alice in Wonderland, Lewis Carroll", "The Whale, Herman Melville"])

        let entry = try XCTUnwrap(library.entries.first { $0.name == "whale.epub" })
        let found = try XCTUnwrap(library.catalogue.known(entry))
        XCTAssertNil(found.info.problem)
        let (width, height) = (library.layout.coverWidth, library.layout.coverHeight)
        XCTAssertEqual(found.cover.width, width)
        // Its own picture, not a drawn cover: the image's two halves at the cover's middle height.
        let middle = height / 2
        XCTAssertEqual(found.cover[width / 2 - width / 5, middle], 0x2060A0)
        XCTAssertEqual(found.cover[width / 2 + width / 5, middle], 0xC04020)
    }

    func testACoverOfAnotherShapeIsKeptWholeAndDecodedAtTheDrawnSize() throws {
        let wide = DocumentFixtures.png(width: 400, height: 200, left: 0x2060A0, right: 0xC04020)
        let cover = try XCTUnwrap(EPUBBookFormat.cover(from: wide, width: 60, height: 90))
        XCTAssertEqual(cover.width, 60)
        XCTAssertEqual(cover.height, 90)
        // Scaled to 60x30, centred: the ground above and below, the whole image's width between.
        XCTAssertEqual(cover[30, 5], EPUBBookFormat.ground)
        XCTAssertEqual(cover[30, 84], EPUBBookFormat.ground)
        XCTAssertEqual(cover[2, 45], 0x2060A0)
        XCTAssertEqual(cover[57, 45], 0xC04020)
        XCTAssertNil(EPUBBookFormat.cover(from: [1, 2, 3], width: 60, height: 90), "not an image: a drawn cover instead")
    }

    func testAnEPUBThatCannotBeOpenedIsListedWithTheReason() throws {
        let folder = NSTemporaryDirectory() + "epub-library-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try EPUBArchiveWriter.write([.init("notes.txt", "a zip, not a book")], to: folder + "/Notes.epub")
        let info = EPUBBookFormat().info(path: folder + "/Notes.epub", coverWidth: 60, coverHeight: 90)
        XCTAssertEqual(info.title, "Notes")
        XCTAssertEqual(info.problem, "a zip archive but not an EPUB (no mimetype file and no META-INF/container.xml)")
    }
}
