import BookFormats
import BookModel
@testable import EPUB
import Foundation
import TestSupport
import Typesetting
import XCTest

/// Hostile and broken books: a clear one-line error or a readable page,
/// never a crash, never a file from outside the book.
final class BadInputTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-bad-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path(_ name: String) -> String { folder + "/" + name + ".epub" }

    private func text(of book: Book) -> String { String(decoding: book.text.utf8, as: UTF8.self) }

    private func assertRefused(_ name: String, saying words: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try BookFormats().open(path: path(name)), file: file, line: line) { error in
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"), "one line: \(message)", file: file, line: line)
            XCTAssertTrue(words.contains { message.lowercased().contains($0) }, "\(message) names \(words)", file: file, line: line)
        }
    }

    func testBrokenMarkupIsReportedAndReadAsFarAsItGoes() throws {
        try EPUBArchiveWriter.book([("c1.xhtml", "<html><body><p>Unclosed <b>bold <i>and <p>more text &nbsp; &unknown; <br> end")],
                                   to: path("broken"))
        let book = try BookFormats().open(path: path("broken")).book
        let shown = text(of: book)
        XCTAssertTrue(shown.hasPrefix("This page is not well-formed XHTML"), shown)
        XCTAssertTrue(shown.contains("Unclosed bold and"))
        XCTAssertTrue(shown.contains("end"))
        XCTAssertEqual(book.document?.notices.count, 1)
    }

    func testAMissingSpineDocumentKeepsTheOthersInPlace() throws {
        let entries: [EPUBArchiveWriter.Entry] = [
            .init("mimetype", "application/epub+zip", method: .stored), .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", EPUBArchiveWriter.package(
                items: [("a", "missing.xhtml", "application/xhtml+xml"), ("b", "c2.xhtml", "application/xhtml+xml")],
                spine: ["a", "b"])),
            .init("OEBPS/c2.xhtml", EPUBArchiveWriter.xhtml("<p>The second chapter is here.</p>")),
        ]
        try EPUBArchiveWriter.write(entries, to: path("missing"))
        let book = try BookFormats().open(path: path("missing")).book
        let sections = try XCTUnwrap(book.document?.sections)
        XCTAssertEqual(sections.count, 2)
        XCTAssertTrue(text(of: book).contains("could not be read: OEBPS/missing.xhtml is not in the book"))
        XCTAssertTrue(text(of: book).hasSuffix("The second chapter is here."))
    }

    func testPathsOutOfTheBookAreNeverFollowed() throws {
        let entries: [EPUBArchiveWriter.Entry] = [
            .init("mimetype", "application/epub+zip", method: .stored), .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", EPUBArchiveWriter.package(
                items: [("a", "../../../../../../etc/passwd", "application/xhtml+xml"), ("b", "c2.xhtml", "application/xhtml+xml"),
                        ("i", "/etc/passwd", "image/png")],
                spine: ["a", "b"])),
            .init("OEBPS/c2.xhtml", EPUBArchiveWriter.xhtml(
                "<p>Text.</p><img src=\"../../../../../../etc/passwd\" alt=\"x\"/><img src=\"file:///etc/passwd\" alt=\"y\"/>")),
        ]
        try EPUBArchiveWriter.write(entries, to: path("traversal"))
        let opened = try EPUBBook.open(path: path("traversal"))
        XCTAssertFalse(text(of: opened.book).contains("root:"))
        XCTAssertTrue(text(of: opened.book).contains("Text."))
        let images = (opened.book.document?.blocks ?? []).filter { if case .image = $0.kind { true } else { false } }
        XCTAssertTrue(images.isEmpty, "no image outside the manifest and the container")
        XCTAssertThrowsError(try opened.publication.resources.data(of: "/etc/passwd", limit: 1 << 20))
        XCTAssertThrowsError(try opened.publication.resources.data(of: "../../etc/passwd", limit: 1 << 20))
    }

    func testExternalEntitiesAreNotReadAndExpansionStaysSmall() throws {
        let xxe = EPUBArchiveWriter.xhtml("<p>Before &xxe; after</p>",
                                          prolog: "<!DOCTYPE html [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>")
        var laughs = "<!DOCTYPE html [<!ENTITY l0 \"lol\">"
        for level in 1..<10 { laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">" }
        laughs += "<!ENTITY plain \"Plain entity\">]>"
        try EPUBArchiveWriter.book([("c1.xhtml", xxe)], to: path("xxe"))
        try EPUBArchiveWriter.book([("c1.xhtml", EPUBArchiveWriter.xhtml("<p>&plain; &l9;</p>", prolog: laughs))], to: path("laughs"))
        let shown = text(of: try BookFormats().open(path: path("xxe")).book)
        XCTAssertFalse(shown.contains("root:"))
        XCTAssertTrue(shown.contains("Before") && shown.contains("after"))
        let laughed = try BookFormats().open(path: path("laughs")).book
        XCTAssertLessThan(laughed.text.scalarCount, 10_000, "the entity is not expanded a billion times")
    }

    func testDeepNestingIsRead() throws {
        let deep = String(repeating: "<div>", count: 20_000) + "deep" + String(repeating: "</div>", count: 20_000)
        try EPUBArchiveWriter.book([("c1.xhtml", EPUBArchiveWriter.xhtml(deep + "<p>After.</p>"))], to: path("deep"))
        let book = try BookFormats().open(path: path("deep")).book
        XCTAssertTrue(text(of: book).contains("deep"))
    }

    func testDRMIsRefused() throws {
        let encryption = """
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
            <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
            <enc:CipherData><enc:CipherReference URI="OEBPS/c1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>
            """
        try EPUBArchiveWriter.book([("c1.xhtml", "scrambled")], files: [.init("META-INF/encryption.xml", encryption)], to: path("drm"))
        assertRefused("drm", saying: ["drm"])
        try EPUBArchiveWriter.book([("c1.xhtml", EPUBArchiveWriter.xhtml("<p>x</p>"))],
                                   files: [.init("META-INF/rights.xml", "<rights/>")], to: path("rights"))
        assertRefused("rights", saying: ["drm"])
    }

    func testContainersThatAreNoEPUBAreRefused() throws {
        try EPUBArchiveWriter.write([.init("mimetype", "application/epub+zip", method: .stored),
                                     .init("OEBPS/c1.xhtml", EPUBArchiveWriter.xhtml("<p>x</p>"))], to: path("no-container"))
        assertRefused("no-container", saying: ["container"])
        try EPUBArchiveWriter.write([.init("readme.txt", "hello")], to: path("plain"))
        assertRefused("plain", saying: ["not an epub"])
        try EPUBArchiveWriter.book([("c1.xhtml", EPUBArchiveWriter.xhtml("<p>x</p>"))], to: path("whole"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("whole")))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path("truncated")))
        assertRefused("truncated", saying: ["damaged", "truncated"])
    }

    func testCompressionOtherThanDeflateIsRefused() throws {
        let entries: [EPUBArchiveWriter.Entry] = [
            .init("mimetype", "application/epub+zip", method: .stored),
            .init("META-INF/container.xml", EPUBArchiveWriter.container, method: .bzip2),
            .init("OEBPS/content.opf", EPUBArchiveWriter.package(items: [("a", "c1.xhtml", "application/xhtml+xml")], spine: ["a"]),
                  method: .bzip2),
            .init("OEBPS/c1.xhtml", EPUBArchiveWriter.xhtml("<p>x</p>"), method: .bzip2),
        ]
        try EPUBArchiveWriter.write(entries, to: path("bzip2"))
        assertRefused("bzip2", saying: ["bzip2"])
    }

    func testAZipBombIsNotInflated() throws {
        let bomb = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>" + String(repeating: " ", count: 20 << 20) + "</p></body></html>"
        try EPUBArchiveWriter.book([("c1.xhtml", bomb), ("c2.xhtml", EPUBArchiveWriter.xhtml("<p>After the bomb.</p>"))],
                                   to: path("bomb"))
        let book = try BookFormats().open(path: path("bomb")).book
        XCTAssertTrue(text(of: book).contains("compression ratio") || text(of: book).contains("larger than"))
        XCTAssertTrue(text(of: book).hasSuffix("After the bomb."))
    }

    func testImagesTheManifestDoesNotListAreNotShown() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        try EPUBArchiveWriter.book([("c1.xhtml", EPUBArchiveWriter.xhtml("<p>A</p><img src=\"red.png\" alt=\"red\"/><img src=\"ok.png\"/>"))],
                                   files: [.init("OEBPS/red.png", png), .init("OEBPS/ok.png", png)],
                                   extraItems: [("ok", "ok.png", "image/png")], to: path("unlisted"))
        let book = try BookFormats().open(path: path("unlisted")).book
        let images = (book.document?.blocks ?? []).compactMap { block -> String? in
            if case let .image(image) = block.kind { return image.resource } else { return nil }
        }
        XCTAssertEqual(images, ["OEBPS/ok.png"])
    }
}
