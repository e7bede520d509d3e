import BookModel
@testable import EPUB
import Foundation
import TestSupport
import Typesetting
import XCTest

/// Vertical writing read from a book's CSS and markup: the sections' writing
/// modes, ruby, combined digits and the margins of vertical blocks.
final class VerticalWritingTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-vertical-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Documents given as (name, whole XHTML document), with one style sheet.
    private func open(_ documents: [(String, String)], css: String) throws -> Book {
        let path = folder + "/book.epub"
        try EPUBArchiveWriter.book(documents, files: [.init("OEBPS/style.css", css)],
                                   extraItems: [("css", "style.css", "text/css")], to: path)
        return try EPUBBook.open(path: path).book
    }

    private func document(html: String = "", body: String = "", _ content: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" \(html)><head><title>t</title>
        <link rel="stylesheet" href="style.css"/></head><body \(body)>\(content)</body></html>
        """
    }

    func testTheRootElementDecidesEachSectionsMode() throws {
        let book = try open([("a.xhtml", document("<p>横書き</p>")),
                             ("b.xhtml", document(html: "class=\"v\"", "<p>縦書き</p>")),
                             ("c.xhtml", document(body: "style=\"-epub-writing-mode: vertical-lr\"", "<p>左から</p>")),
                             ("d.xhtml", document(html: "class=\"v\"", body: "style=\"writing-mode: horizontal-tb\"",
                                                  "<p>横に戻す</p>"))],
                            css: ".v { -webkit-writing-mode: vertical-rl; } p { writing-mode: vertical-lr; }")
        let modes = try XCTUnwrap(book.document).sections.map(\.writingMode)
        // A paragraph's own mode does not turn the section; body's, given to the root, does.
        XCTAssertEqual(modes, [.horizontalTB, .verticalRL, .verticalLR, .horizontalTB])
        XCTAssertEqual(book.writingMode, .horizontalTB, "the mode of most of the text decides the book's")
    }

    func testRubyIsMarkupBesideItsBase() throws {
        let book = try open([("a.xhtml", document(html: "class=\"v\"",
                                                  "<p>空の<ruby>真中<rp>(</rp><rt>まんなか</rt><rp>)</rp></ruby>に</p>"))],
                            css: ".v { writing-mode: vertical-rl; }")
        let block = try XCTUnwrap(book.document?.blocks.first)
        let text = Array(book.string(of: book.paragraphs[0]).unicodeScalars)
        let ruby = try XCTUnwrap(block.markup.rubies.first)
        XCTAssertEqual(String(String.UnicodeScalarView(text[ruby.base])), "真中")
        XCTAssertEqual(String(String.UnicodeScalarView(text[ruby.reading])), "まんなか")
        XCTAssertEqual(block.markup.hidden, [ruby.reading])
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600),
                                    font: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))
        let pages = setter.paginate(collectText: true)
        XCTAssertEqual(pages.pageLines.joined().joined(), "空の真中に", "the reading is not read as text")
    }

    func testCombinedElementsStayApartAndVerticalMarginsTurn() throws {
        let book = try open([("a.xhtml", document(html: "class=\"v\"",
                                                  "<p class=\"m\">第<span class=\"c\">10</span><span class=\"c\">11</span>回</p>"))],
                            css: ".v { writing-mode: vertical-rl; } .c { text-combine-upright: all; } "
                                + ".m { margin-top: 2em; margin-right: 1em; margin-left: 3em; }")
        let block = try XCTUnwrap(book.document?.blocks.first)
        let combines = block.markup.runs.map(\.style.combine)
        XCTAssertEqual(combines.count, 2)
        XCTAssertNotEqual(combines.first, combines.last, "two elements side by side are two groups")
        // Top is where the columns start, right the space before the block, left the space after it.
        XCTAssertEqual(block.style.indentStart, 2, accuracy: 0.01)
        XCTAssertEqual(block.style.spaceBefore, 1, accuracy: 0.01)
        XCTAssertEqual(block.style.spaceAfter, 3, accuracy: 0.01)
    }
}
