import BookFormats
import BookModel
import Glibc
import XCTest
@testable import PDF

final class PDFFormatTests: XCTestCase {
    private func path(_ name: String) throws -> String {
        try XCTSkipUnless(SharedPDFs.exists(name), "the shared PDFs are absent")
        return SharedPDFs.path(name)
    }

    func testRecognisedByItsHeaderWhateverItsName() {
        let format = PDFFormat()
        XCTAssertEqual(format.recognition(ofHead: Array("%PDF-1.5\n%\u{e2}".utf8), fileName: "notes.txt"), .certain)
        XCTAssertEqual(format.recognition(ofHead: Array("junk\r\n%PDF-1.4".utf8), fileName: "a"), .certain)
        XCTAssertEqual(format.recognition(ofHead: Array("Call me Ishmael.".utf8), fileName: "moby.pdf"), .no)
    }

    func testAPDFNamedAsTextIsStillAPDF() throws {
        let source = try path("pdflatex-outline.pdf")
        let copy = "/tmp/pdf-format-test-\(getpid()).txt"
        let bytes = try XCTUnwrap(readAll(source))
        XCTAssertTrue(writeAll(bytes, to: copy))
        defer { unlink(copy) }
        XCTAssertEqual(BookFormats().format(ofFileAt: copy).name, "pdf")
    }

    func testTheOutlineIsTheContentsAndEachPageAFixedPage() throws {
        let opened = try PDFFormat().open(path: try path("pdflatex-outline.pdf"), window: nil)
        let book = opened.book
        XCTAssertEqual(opened.formatName, "pdf")
        XCTAssertEqual(book.chapters.map(\.title), ["Foo", "Bar", "Baz", "Foo", "Bar", "Baz", "Foo", "Bar", "Baz"])
        let sections = try XCTUnwrap(book.document?.sections)
        XCTAssertEqual(sections.count, 4)
        XCTAssertEqual(book.chapters.first?.offset, sections[1].offsets.lowerBound, "Foo is on page 2")
        for section in sections {
            let page = try XCTUnwrap(section.fixedPage)
            // A4 in points.
            XCTAssertEqual(page.width, 595.3, accuracy: 0.5)
            XCTAssertEqual(page.height, 841.9, accuracy: 0.5)
            XCTAssertFalse(page.pairs)
            guard case .drawn = page.content else { return XCTFail("a PDF page is drawn by MuPDF") }
        }
        XCTAssertEqual(book.document?.format, .pdf)
    }

    func testEachPagesTextIsItsBlock() throws {
        let book = try PDFFormat().open(path: try path("pdflatex-4-pages.pdf"), window: nil).book
        let sections = try XCTUnwrap(book.document?.sections)
        XCTAssertEqual(book.paragraphs.count, 4)
        let text = String(decoding: book.text.utf8[book.paragraphs[0].bytes], as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Hello, here is some text without a meaning."), text)
        XCTAssertFalse(text.contains("\n"))
        XCTAssertEqual(sections.map(\.paragraphs.count), [1, 1, 1, 1])
    }

    func testLinksBetweenPagesAreKept() throws {
        let pages = try PDFPages(path: try path("pdflatex-outline.pdf"))
        // The contents on the first page link to the sections on pages 2 to 4.
        let links = pages.page(0, withText: false).page.links
        XCTAssertEqual(Set(links.map(\.target)), ["page2", "page3", "page4"])
        for link in links {
            XCTAssertGreaterThan(link.width, 0)
            XCTAssertGreaterThan(link.height, 0)
            XCTAssertTrue((0..<595).contains(link.x) && (0..<842).contains(link.y), "\(link)")
        }
    }

    func testAPasswordIsRefusedInOneLine() throws {
        let file = try path("libreoffice-writer-password.pdf")
        XCTAssertThrowsError(try PDFFormat().open(path: file, window: nil)) { error in
            XCTAssertEqual(error as? PDFError, .needsPassword(path: file))
            XCTAssertTrue("\(error)".contains("password"))
            XCTAssertFalse("\(error)".contains("\n"))
        }
        let description = PDFFormat().describe(path: file)
        XCTAssertEqual(description.problem, "protected by a password")
        XCTAssertNil(description.coverImage)
    }

    func testADamagedFileIsReadAsFarAsItGoes() throws {
        // Without its cross-reference stream: MuPDF finds the objects again.
        let source = try path("pdflatex-4-pages.pdf")
        let bytes = try XCTUnwrap(readAll(source))
        let cut = "/tmp/pdf-damaged-test-\(getpid()).pdf"
        XCTAssertTrue(writeAll(Array(bytes.dropLast(60)), to: cut))
        defer { unlink(cut) }
        let book = try PDFFormat().open(path: cut, window: nil).book
        XCTAssertEqual(book.document?.sections.count, 4)
        XCTAssertTrue(String(decoding: book.text.utf8, as: UTF8.self).hasPrefix("Hello, here is some text"))

        let garbage = "/tmp/pdf-garbage-test-\(getpid()).pdf"
        XCTAssertTrue(writeAll(Array("%PDF-1.4\nnothing else".utf8), to: garbage))
        defer { unlink(garbage) }
        XCTAssertThrowsError(try PDFFormat().open(path: garbage, window: nil)) { error in
            XCTAssertFalse("\(error)".contains("\n"))
            XCTAssertTrue("\(error)".hasPrefix(garbage + ": cannot read the PDF"), "\(error)")
        }
    }

    func testDescribedByTitleAndTheFirstPageAsCover() throws {
        let description = PDFFormat().describe(path: try path("habibi-arabic.pdf"))
        XCTAssertEqual(description.title, "habibi")
        XCTAssertNil(description.problem)
        let cover = try XCTUnwrap(description.coverImage)
        XCTAssertEqual(Array(cover.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let untitled = PDFFormat().describe(path: try path("pdflatex-4-pages.pdf"))
        XCTAssertEqual(untitled.title, "pdflatex-4-pages")
    }

    func testAPageReadAheadIsThePageReadWhenAsked() throws {
        let file = try path("pdflatex-4-pages.pdf")
        let ahead = try PDFPages(path: file), plain = try PDFPages(path: file)
        let screen = PageGeometry(width: 1280, height: 800)
        ahead.readAhead(2, screen: screen)
        let early = ahead.page(2, withText: false), late = plain.page(2, withText: false)
        XCTAssertEqual(early.text, "")
        XCTAssertEqual(early.page.width, late.page.width)
        XCTAssertEqual(early.page.height, late.page.height)
        XCTAssertEqual(early.page.links, late.page.links)
        XCTAssertEqual(ahead.page(2, withText: true).text, plain.page(2, withText: true).text)
        // Another page than the one read ahead is read when asked.
        ahead.readAhead(1, screen: screen)
        XCTAssertEqual(ahead.page(3, withText: true).text, plain.page(3, withText: true).text)
        XCTAssertEqual(ahead.page(1, withText: false).page.width, plain.page(1, withText: false).page.width)
    }

    func testReadAPageAtATime() throws {
        let reading = try PDFFormat().openForReading(path: try path("moby-dick-mupdf.pdf"))
        guard case let .sectioned(sections) = reading else { return XCTFail("a PDF opens a page at a time") }
        XCTAssertEqual(sections.sectionCount, 567)
        let page = sections.book(ofSection: 299)
        XCTAssertEqual(page.document?.firstSection, 299)
        XCTAssertEqual(page.document?.sections.count, 1)
        XCTAssertGreaterThan(page.document?.sections.first?.fixedPage?.height ?? 0, 100)
        // Its text comes with the whole book.
        XCTAssertEqual(page.text.scalarCount, 1)
    }
}

private func readAll(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}

private func writeAll(_ bytes: [UInt8], to path: String) -> Bool {
    guard let file = fopen(path, "wb") else { return false }
    defer { fclose(file) }
    return fwrite(bytes, 1, bytes.count, file) == bytes.count
}
