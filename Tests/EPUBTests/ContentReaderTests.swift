import BookModel
@testable import EPUB
import Foundation
import TestSupport
import Typesetting
import XCTest

/// Content documents into blocks: kinds, styles, runs, links, anchors.
final class ContentReaderTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-content-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The book of one or more documents (name, body, head) with a style sheet.
    private func open(_ documents: [(String, String)], css: String = "", publisherStyles: Bool = true,
                      files: [EPUBArchiveWriter.Entry] = [], items: [(String, String, String)] = []) throws -> OpenedEPUB {
        let path = folder + "/book.epub"
        let link = "<link rel=\"stylesheet\" href=\"style.css\"/>"
        try EPUBArchiveWriter.book(documents.map { ($0.0, EPUBArchiveWriter.xhtml($0.1, head: link)) },
                                   files: [.init("OEBPS/style.css", css)] + files,
                                   extraItems: [("css", "style.css", "text/css")] + items, to: path)
        return try EPUBBook.open(path: path, publisherStyles: publisherStyles)
    }

    private struct Shown {
        var kind: BlockKind
        var text: String
        var attributes: BlockAttributes
    }

    private func blocks(_ book: Book) -> [Shown] {
        guard let document = book.document else { return [] }
        return book.paragraphs.indices.map { index in
            Shown(kind: document.blocks[index].kind, text: book.string(of: book.paragraphs[index]),
                  attributes: document.blocks[index])
        }
    }

    func testBlockKindsAndListMarkers() throws {
        let book = try open([("c.xhtml", """
            <h2>Title</h2><blockquote><p>Quoted</p></blockquote>
            <ul><li>one</li><li><p>two</p></li></ul><ol start="3"><li>three</li><li>four</li></ol>
            <ol style="list-style-type: lower-roman"><li>i</li><li value="4">iv</li></ol>
            <pre>line 1
              line 2</pre><hr/><table><tr><td>cell</td><th>head</th></tr></table><p>after</p>
            """)]).book
        let shown = blocks(book)
        XCTAssertEqual(shown.map(\.text), ["Title", "Quoted", "one", "two", "three", "four", "i", "iv", "line 1\n  line 2", "",
                                           "cell", "head", "after"])
        XCTAssertEqual(shown[0].kind, .heading(level: 2))
        XCTAssertEqual(shown[1].kind, .quote)
        XCTAssertEqual(shown[2].kind, .listItem(marker: "\u{2022}"))
        XCTAssertEqual(shown[3].kind, .listItem(marker: "\u{2022}"), "the marker goes to the item's first block")
        XCTAssertEqual(shown[4].kind, .listItem(marker: "3."))
        XCTAssertEqual(shown[5].kind, .listItem(marker: "4."))
        XCTAssertEqual(shown[6].kind, .listItem(marker: "i."))
        XCTAssertEqual(shown[7].kind, .listItem(marker: "iv."))
        XCTAssertEqual(shown[8].kind, .preformatted)
        XCTAssertEqual(shown[8].text, "line 1\n  line 2")
        XCTAssertEqual(shown[9].kind, .rule)
        XCTAssertEqual(shown[10].kind, .tableCell)
        XCTAssertEqual(shown[11].kind, .tableCell)
        XCTAssertEqual(shown[12].text, "after")
    }

    func testInlineRunsWhiteSpaceAndBreaks() throws {
        let book = try open([("c.xhtml", """
            <p>  Some   <em>italic</em>
            and <strong>bold <i>both</i></strong> x<sup>2</sup><br/>next   line <span class="sc">Caps</span></p>
            """)], css: ".sc { font-variant: small-caps }").book
        let block = try XCTUnwrap(blocks(book).first)
        XCTAssertEqual(block.text, "Some italic and bold both x2\u{2028}next line Caps")
        let runs = block.attributes.markup.runs
        func style(of word: String) -> InlineStyle? {
            let scalars = Array(block.text.unicodeScalars)
            guard let start = (0...(scalars.count - word.unicodeScalars.count)).first(where: {
                String(String.UnicodeScalarView(scalars[$0..<$0 + word.unicodeScalars.count])) == word
            }) else { return nil }
            return runs.first { $0.range.contains(start) }?.style ?? block.attributes.style.inline
        }
        XCTAssertEqual(style(of: "italic")?.slant, .italic)
        XCTAssertEqual(style(of: "bold")?.weight, .bold)
        XCTAssertEqual(style(of: "both")?.slant, .italic)
        XCTAssertEqual(style(of: "both")?.weight, .bold)
        XCTAssertEqual(style(of: "2")?.verticalPosition, .superscript)
        XCTAssertEqual(style(of: "Caps")?.smallCaps, true)
        XCTAssertEqual(style(of: "Some"), block.attributes.style.inline)
    }

    /// Collapsed spaces keep the style of the text they came from: the
    /// spaces around inline code are the body's, the code's run holds only
    /// the code (a monospace space is far wider than a word space).
    func testSpacesAroundInlineCodeAreTheBodys() throws {
        let book = try open([("c.xhtml", "<p>Use <code>ls</code> to list, <code> pwd</code> to see.</p>")]).book
        let block = try XCTUnwrap(blocks(book).first)
        XCTAssertEqual(block.text, "Use ls to list, pwd to see.")
        let code = block.attributes.markup.runs.filter { $0.style.family == "monospace" }.map(\.range)
        XCTAssertEqual(code, [4..<6, 16..<19])
    }

    func testTextOfEveryWidthKeepsItsCharactersAndLineBreaks() throws {
        let book = try open([("c.xhtml", """
            <p>caf\u{E9} \u{65E5}\u{672C} \u{1F600}<br/>\u{05D0}b</p>
            <pre>\u{65E5} a
            \u{1F600}\u{E9}</pre>
            """)]).book
        XCTAssertEqual(blocks(book).map(\.text), ["caf\u{E9} \u{65E5}\u{672C} \u{1F600}\u{2028}\u{05D0}b",
                                                 "\u{65E5} a\n\u{1F600}\u{E9}"],
                       "one-, two-, three- and four-byte characters; a kept line end is a line feed only in pre")
    }

    func testHiddenContentTransformsAndPublisherStyles() throws {
        let documents = [("c.xhtml", """
            <p class="up">shout</p><p hidden="">hidden</p><p style="display: none">gone</p><div class="none">css gone</div>
            <script>var x = 1;</script><p>shown <q>quoted</q> <span xml:lang="fr" lang="fr"><q>cité</q></span></p>
            """)]
        let css = ".up { text-transform: uppercase; text-align: center; margin-top: 2em } .none { display: none }"
        let styled = blocks(try open(documents, css: css).book)
        XCTAssertEqual(styled.map(\.text), ["SHOUT", "shown \u{201C}quoted\u{201D} \u{AB}\u{A0}cité\u{A0}\u{BB}"])
        XCTAssertEqual(styled[0].attributes.style.alignment, .centred)
        XCTAssertEqual(styled[0].attributes.style.spaceBefore, 2)
        let plain = blocks(try open(documents, css: css, publisherStyles: false).book)
        XCTAssertEqual(plain.map(\.text), ["shout", "gone", "css gone", "shown \u{201C}quoted\u{201D} \u{AB}\u{A0}cité\u{A0}\u{BB}"],
                       "without the book's styles (sheets and style attributes) only `hidden` hides")
        XCTAssertEqual(plain[0].attributes.style.alignment, .justified)
    }

    func testLinksNotesAndAnchors() throws {
        let opened = try open([
            ("a.xhtml", """
                <p>See <a href="b.xhtml#sec">there</a>, a note<a epub:type="noteref" href="b.xhtml#n1">1</a>,
                an aside<a href="b.xhtml#n2">2</a> and <a href="http://example.com/">the web</a>.</p>
                """),
            ("b.xhtml", """
                <p>Start</p><h2 id="sec">Section</h2><p>Text with <span id="mid">middle</span>.</p>
                <aside id="n2"><p>A short aside.</p></aside><aside epub:type="footnote" id="n1"><p>Note one.</p></aside>
                """),
        ])
        let book = opened.book
        let document = try XCTUnwrap(book.document)
        let links = document.blocks[0].links
        XCTAssertEqual(links.count, 3, "the external link is dropped")
        let text = String(decoding: book.text.utf8, as: UTF8.self)
        func offset(of phrase: String) -> Int {
            let scalars = Array(text.unicodeScalars), needle = Array(phrase.unicodeScalars)
            return (0...(scalars.count - needle.count)).first { Array(scalars[$0..<$0 + needle.count]) == needle } ?? -1
        }
        XCTAssertEqual(links[0].target, offset(of: "Section"))
        XCTAssertFalse(links[0].isNoteReference)
        XCTAssertEqual(links[1].target, offset(of: "Note one."))
        XCTAssertTrue(links[1].isNoteReference, "epub:type noteref")
        XCTAssertEqual(links[2].target, offset(of: "A short aside."))
        XCTAssertTrue(links[2].isNoteReference, "a link to a short aside")
        XCTAssertEqual(document.anchors["OEBPS/b.xhtml#mid"], offset(of: "middle"))
        XCTAssertEqual(document.anchors["OEBPS/b.xhtml"], offset(of: "Start"))
    }

    func testImagesAreBlocksOfTheirOwn() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let book = try open([("c.xhtml", """
            <p>Before <img src="i.png" alt="An  image" width="40" style="width: 50%"/> after</p>
            <p><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline"/></p>
            """)], files: [.init("OEBPS/i.png", png)], items: [("i", "i.png", "image/png")]).book
        let shown = blocks(book)
        XCTAssertEqual(shown.map(\.text), ["Before", "\u{FFFC}", "after", "\u{FFFC}"])
        guard case let .image(image) = shown[1].kind, case let .image(inline) = shown[3].kind else {
            return XCTFail("no image blocks")
        }
        XCTAssertEqual(image.resource, "OEBPS/i.png")
        XCTAssertEqual(image.alternative, "An image")
        XCTAssertEqual(image.pixelWidth, 40)
        XCTAssertEqual(image.widthFraction, 0.5)
        let resources = try XCTUnwrap(book.document?.resources)
        XCTAssertEqual(try resources.data(of: image.resource, limit: 100), png)
        XCTAssertEqual(try resources.data(of: inline.resource, limit: 100), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testContentsFallBackToOneEntryPerDocumentAndProgressionToTheLanguage() throws {
        let path = folder + "/plain.epub"
        try EPUBArchiveWriter.write([
            .init("mimetype", "application/epub+zip", method: .stored), .init("META-INF/container.xml", EPUBArchiveWriter.container),
            .init("OEBPS/content.opf", EPUBArchiveWriter.package(
                items: [("a", "a.xhtml", "application/xhtml+xml"), ("b", "b.xhtml", "application/xhtml+xml")], spine: ["a", "b"],
                language: "he")),
            .init("OEBPS/a.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>First</title></head><body><p>א</p></body></html>"),
            .init("OEBPS/b.xhtml", EPUBArchiveWriter.xhtml("<h1>Second heading</h1><p>ב</p>").replacingOccurrences(of: "<title>t</title>", with: "")),
        ], to: path)
        let opened = try EPUBBook.open(path: path)
        XCTAssertEqual(opened.book.chapters.map(\.title), ["First", "Second heading"])
        XCTAssertEqual(opened.publication.contentsSource, "spine")
        XCTAssertEqual(opened.book.document?.pageProgression, .rightToLeft)
    }
}
