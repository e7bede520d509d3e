import BookModel
@testable import EPUB
import Foundation
import TestSupport
import XCTest

/// CSS `float` and `clear` of content documents into the model: which
/// blocks float, to which side of the page, with which margins, and the
/// space of the flow around them.
final class FloatStyleTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-floats-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The blocks of a one-document book with `body` and `css`: their text and attributes.
    private func blocks(_ body: String, css: String = "") throws -> [(text: String, block: BlockAttributes)] {
        let path = folder + "/book.epub"
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        try EPUBArchiveWriter.book([("c.xhtml", EPUBArchiveWriter.xhtml(body, head: "<link rel=\"stylesheet\" href=\"s.css\"/>"))],
                                   files: [.init("OEBPS/s.css", css), .init("OEBPS/i.png", png)],
                                   extraItems: [("css", "s.css", "text/css"), ("i", "i.png", "image/png")], to: path)
        let book = try EPUBBook.open(path: path).book
        let document = try XCTUnwrap(book.document)
        return book.paragraphs.indices.map { (book.string(of: book.paragraphs[$0]), document.blocks[$0]) }
    }

    func testAFloatedImageKeepsItsSideAndMarginsAndTheSpaceOfTheFlow() throws {
        let shown = try blocks("""
            <p>One</p><img class="detail" src="i.png" alt="a"/><p class="two">Two</p>
            <p style="margin-bottom: 2em"><img class="detail" src="i.png"/></p><p>Three</p>
            """, css: "img.detail { float: right; margin: 0.2em 0em 0.9em 2em } p.two { margin-top: 1.5em }")
        XCTAssertEqual(shown.map(\.text), ["One", "\u{FFFC}", "Two", "\u{FFFC}", "Three"])
        let float = try XCTUnwrap(shown[1].block.style.float)
        XCTAssertEqual(float.side, .right)
        XCTAssertEqual([float.marginTop, float.marginRight, float.marginBottom, float.marginLeft], [0.2, 0, 0.9, 2])
        XCTAssertEqual(shown[1].block.style.spaceBefore, 0, "a float takes no space in the flow")
        XCTAssertEqual(shown[2].block.style.spaceBefore, 1.5, "the space before the text after it is the text's")
        XCTAssertNil(shown[2].block.style.float)
        XCTAssertEqual(shown[4].block.style.spaceBefore, 2, "a paragraph holding only a float leaves its space to the next")
        let list = try blocks("<ul><li><img class=\"detail\" src=\"i.png\"/>Item</li></ul>",
                              css: "img.detail { float: left }")
        XCTAssertEqual(list.map(\.text), ["\u{FFFC}", "Item"])
        XCTAssertEqual(list[0].block.kind, .image(DocumentImage(resource: "OEBPS/i.png")))
        XCTAssertEqual(list[1].block.kind, .listItem(marker: "\u{2022}"), "the item's marker goes to its text")
    }

    func testABlockThatOnlyWrapsAnImageFloatsIt() throws {
        let shown = try blocks("""
            <div class="f"> <img src="i.png"/> </div><p>Beside</p>
            <div class="f"><p>Text floated is set in the flow.</p></div>
            """, css: "div.f { float: left; margin: 0 1em 0 3em }")
        XCTAssertEqual(shown.map(\.text), ["\u{FFFC}", "Beside", "Text floated is set in the flow."])
        let float = try XCTUnwrap(shown[0].block.style.float)
        XCTAssertEqual(float.side, .left)
        XCTAssertEqual(float.marginRight, 1)
        XCTAssertEqual(float.marginLeft, 3)
        XCTAssertEqual(shown[0].block.style.indentStart, 0, "the float's margins are not the flow's indent")
        XCTAssertNil(shown[2].block.style.float)
        XCTAssertEqual(shown[2].block.style.indentStart, 3, "a floated block with text keeps its margins as before")
    }

    func testLogicalSidesFollowTheDirection() throws {
        let shown = try blocks("""
            <img class="s" src="i.png"/><img class="e" src="i.png"/>
            <div dir="rtl"><img class="s" src="i.png"/><img class="e" src="i.png"/>
            <p class="c">Cleared</p></div><p class="c">Cleared</p><p style="clear: both">Both</p>
            """, css: "img.s { float: inline-start } img.e { float: inline-end } p.c { clear: inline-start }")
        XCTAssertEqual(shown.prefix(4).map { $0.block.style.float?.side }, [.left, .right, .right, .left])
        XCTAssertEqual(shown[4].block.style.clear, .right, "inline-start is the right in right-to-left text")
        XCTAssertEqual(shown[5].block.style.clear, .left)
        XCTAssertEqual(shown[6].block.style.clear, .both)
    }
}
