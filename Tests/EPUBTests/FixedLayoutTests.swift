import BookModel
@testable import EPUB
import Foundation
import TestSupport
import Typesetting
import XCTest

/// Fixed-layout EPUB: rendition properties, viewports, and spine items
/// that become fixed pages (XHTML laid out in its viewport, images, SVG).
final class FixedLayoutTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-fxl-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A book of `documents` (file, media type, itemref properties, content) with `metadata` in its package.
    private func open(_ documents: [(String, String, String, String)], metadata: String,
                      files: [EPUBArchiveWriter.Entry] = [], items: String = "") throws -> OpenedEPUB {
        let manifest = documents.enumerated().map { "<item id=\"d\($0.offset)\" href=\"\($0.element.0)\" media-type=\"\($0.element.1)\"/>" }
            .joined() + items
        let spine = documents.indices.map { "<itemref idref=\"d\($0)\" properties=\"\(documents[$0].2)\"/>" }.joined()
        let package = """
        <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>
        <dc:title>t</dc:title><dc:language>en</dc:language>\(metadata)</metadata>
        <manifest>\(manifest)</manifest><spine>\(spine)</spine></package>
        """
        let path = folder + "/book.epub"
        try EPUBArchiveWriter.write([.init("mimetype", "application/epub+zip", method: .stored),
                                     .init("META-INF/container.xml", EPUBArchiveWriter.container),
                                     .init("OEBPS/content.opf", package)]
                                    + documents.map { .init("OEBPS/\($0.0)", $0.3) } + files, to: path)
        return try EPUBBook.open(path: path)
    }

    private static let prePaginated = "<meta property=\"rendition:layout\">pre-paginated</meta>"

    private static func page(_ body: String, viewport: String = "width=600, height=800") -> String {
        EPUBArchiveWriter.xhtml(body, head: "<meta name=\"viewport\" content=\"\(viewport)\"/>")
    }

    func testTheFirstViewportDeclarationWinsAndUnitsAreIgnored() {
        XCTAssertTrue(FixedLayoutSize.viewport(content: "width=900, height=600, width=1000, height=1000") == (900, 600))
        XCTAssertTrue(FixedLayoutSize.viewport(content: "width=1000px, height=600mm") == (1000, 600))
        XCTAssertTrue(FixedLayoutSize.viewport(content: "width=900, height=600, something, foo") == (900, 600))
        XCTAssertTrue(FixedLayoutSize.viewport(content: "width=device-width, height=device-height") == (nil, nil))
        XCTAssertTrue(FixedLayoutSize.viewport(content: "initial-scale=5; width = 300 ;height=200") == (300, 200))
    }

    func testPrePaginatedDocumentsArePagesOfTheirViewportWithTheirSides() throws {
        let epub = try open([("a.xhtml", "application/xhtml+xml", "page-spread-right", Self.page("<p>One</p>")),
                             ("b.xhtml", "application/xhtml+xml", "rendition:page-spread-center",
                              Self.page("<p>Two</p>", viewport: "width=1000, height=500"))],
                            metadata: Self.prePaginated)
        let sections = try XCTUnwrap(epub.book.document?.sections)
        XCTAssertEqual(sections.map(\.fixedPage?.width), [600, 1000])
        XCTAssertEqual(sections.map(\.fixedPage?.height), [800, 500])
        XCTAssertEqual(sections.map(\.fixedPage?.content), [.laidOut, .laidOut])
        XCTAssertEqual(sections.map(\.fixedPage?.side), [.right, .centre])
        let layout = EPUBFacts.facts(of: epub.publication, book: epub.book).entries.first { $0.key == "layout" }
        XCTAssertTrue(layout.map { "\($0.value)".contains("pre-paginated") } ?? false)
    }

    func testAnItemrefOverridesTheLayoutAndTheFirstOverrideCounts() throws {
        let epub = try open([("a.xhtml", "application/xhtml+xml", "", Self.page("<p>Fixed</p>")),
                             ("b.xhtml", "application/xhtml+xml", "rendition:layout-reflowable rendition:layout-pre-paginated",
                              Self.page("<p>Flowing</p>")),
                             ("c.xhtml", "application/xhtml+xml", "rendition:spread-none", Self.page("<p>Alone</p>"))],
                            metadata: Self.prePaginated + "<meta property=\"rendition:layout\">reflowable</meta>")
        let sections = try XCTUnwrap(epub.book.document?.sections)
        XCTAssertNotNil(sections[0].fixedPage, "the package's first layout declaration counts")
        XCTAssertNil(sections[1].fixedPage, "the itemref's first override counts")
        XCTAssertEqual(sections[2].fixedPage?.pairs, false)
        XCTAssertEqual(sections[0].fixedPage?.pairs, true)
    }

    func testAReflowableBookHasNoFixedPagesAndNoLayoutFact() throws {
        let epub = try open([("a.xhtml", "application/xhtml+xml", "", Self.page("<p>Text</p>"))], metadata: "")
        XCTAssertNil(epub.book.document?.sections.first?.fixedPage)
        XCTAssertFalse(EPUBFacts.facts(of: epub.publication, book: epub.book).entries.contains { $0.key == "layout" })
    }

    func testAbsolutelyPositionedBoxesArePlacedInCSSPixels() throws {
        let body = """
        <div style="position: absolute; top: 10px; left: 2em; width: 300px; height: 5em"><p>First</p><p>Second</p></div>
        <p>In the flow</p>
        """
        let epub = try open([("a.xhtml", "application/xhtml+xml", "", Self.page(body))], metadata: Self.prePaginated)
        let blocks = try XCTUnwrap(epub.book.document?.blocks)
        XCTAssertEqual(blocks.count, 3)
        XCTAssertEqual(blocks[0].style.placement, BlockPlacementBox(top: 10, left: 32, width: 300, height: 80))
        XCTAssertEqual(blocks[1].style.placement, BlockPlacementBox(top: nil, left: 32, width: 300, height: nil),
                       "the blocks after the first in a box follow it down")
        XCTAssertNil(blocks[2].style.placement)
    }

    func testPositionIsNotAPlacementInAReflowableBook() throws {
        let body = "<p style=\"position: absolute; top: 10px; left: 10px\">Text</p>"
        let epub = try open([("a.xhtml", "application/xhtml+xml", "", Self.page(body))], metadata: "")
        XCTAssertNil(epub.book.document?.blocks.first?.style.placement)
    }

    func testImageAndSVGSpineItemsArePicturePages() throws {
        let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100%" height="100%" \
        viewBox="0 0 1100 1700"><image width="1100" height="1700" xlink:href="p.png"/><text x="0" y="20">Caption</text></svg>
        """
        let epub = try open([("p.png", "image/png", "", ""), ("s.svg", "image/svg+xml", "", svg)],
                            metadata: Self.prePaginated, files: [.init("OEBPS/p.png", DocumentFixtures.png(width: 3, height: 2))])
        let document = try XCTUnwrap(epub.book.document)
        XCTAssertEqual(document.sections[0].fixedPage?.content, .image(resource: "OEBPS/p.png"))
        XCTAssertEqual(document.sections[0].fixedPage.map { [$0.width, $0.height] }, [3, 2])
        XCTAssertEqual(document.sections[1].fixedPage?.content, .image(resource: "OEBPS/s.svg"))
        XCTAssertEqual(document.sections[1].fixedPage.map { [$0.width, $0.height] }, [1100, 1700])
        XCTAssertEqual(epub.book.string(of: epub.book.paragraphs[document.sections[1].paragraphs.lowerBound]), "Caption")
        // The SVG drawn is self-contained: its image is a data URL, nothing is left to load.
        let drawn = String(decoding: try epub.publication.resources.data(of: "OEBPS/s.svg", limit: 1 << 20), as: UTF8.self)
        XCTAssertTrue(drawn.contains("xlink:href=\"data:image/png;base64,"), drawn)
    }

    func testAnSVGLosesEveryReferenceOutOfTheBook() {
        let svg = Array("<svg><image href=\"file:///etc/passwd\"/><image xlink:href='../../x.png'/><use href=\"#a\"/></svg>".utf8)
        let out = String(decoding: SVGReferences.inlined(svg, path: "OEBPS/s.svg") { _ in nil }, as: UTF8.self)
        XCTAssertEqual(out, "<svg><image href=\"\"/><image xlink:href=''/><use href=\"#a\"/></svg>")
    }

    func testAnInlineSVGIsAnImageOfItsOwnWithThePagesStyles() throws {
        let body = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><linearGradient id=\"g\"/>"
            + "<rect class=\"r\" width=\"10\" height=\"10\"/></svg>"
        let path = folder + "/inline.epub"
        try EPUBArchiveWriter.book([("a.xhtml", EPUBArchiveWriter.xhtml(body, head: "<style>.r { fill: green }</style>"))],
                                   to: path)
        let epub = try EPUBBook.open(path: path)
        let images = (epub.book.document?.blocks ?? []).compactMap { block -> DocumentImage? in
            if case let .image(image) = block.kind { return image } else { return nil }
        }
        let image = try XCTUnwrap(images.first)
        let svg = String(decoding: try epub.publication.resources.data(of: image.resource, limit: 1 << 20), as: UTF8.self)
        XCTAssertTrue(svg.contains(".r { fill: green }"), svg)
        XCTAssertTrue(svg.contains("<linearGradient id=\"g\"/>") && svg.contains("viewBox=\"0 0 10 10\""), svg)
    }

    func testTheSampleBooksAreFixedPages() throws {
        let samples = SharedCorpus.samples
        try XCTSkipUnless(SharedCorpus.exists(samples + "/svg-in-spine.epub"), "no shared sample books")
        let svg = try XCTUnwrap(EPUBBook.open(path: samples + "/svg-in-spine.epub").book.document)
        XCTAssertEqual(svg.sections.count, 6)
        XCTAssertTrue(svg.sections.allSatisfy { if case .image = $0.fixedPage?.content { true } else { false } })
        let manga = try XCTUnwrap(EPUBBook.open(path: samples + "/haruko-html-jpeg.epub").book.document)
        XCTAssertEqual(manga.sections.filter { $0.fixedPage?.content == .laidOut }.count, 12)
        XCTAssertNil(manga.sections.last?.fixedPage, "the last spine item is reflowable")
        XCTAssertEqual(manga.sections.first?.fixedPage.map { [$0.width, $0.height] }, [600, 837])
        let cole = try XCTUnwrap(EPUBBook.open(path: samples + "/cole-voyage-of-life.epub").book.document)
        XCTAssertEqual(cole.sections.filter { $0.fixedPage != nil }.count, 4)
        XCTAssertTrue(cole.sections.compactMap(\.fixedPage).allSatisfy { !$0.pairs })
        let blanche = try XCTUnwrap(EPUBBook.open(path: samples + "/page-blanche.epub").book.document)
        XCTAssertEqual(blanche.sections.prefix(4).map(\.fixedPage?.side), [.right, .left, .right, .left])
    }
}
