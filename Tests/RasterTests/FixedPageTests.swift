import BookModel
import Geometry
import Raster
import TestSupport
import Typesetting
import XCTest

/// Fixed pages (comic and PDF pages, fixed-layout documents): one page per
/// section fitted to the screen on the surround, two to a spread in
/// landscape on the sides the book names, drawn again at a zoomed scale.
final class FixedPageTests: XCTestCase {
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func typesetter(_ book: Book, _ width: Int, _ height: Int) throws -> Typesetter {
        try Typesetter(book: book, geometry: PageGeometry(width: width, height: height), font: Self.font)
    }

    private func draw(_ typesetter: Typesetter, page: Int) -> (PixelBuffer, PageLayout) {
        let layout = typesetter.layoutPage(page, of: typesetter.paginate())
        var buffer = PixelBuffer(width: typesetter.geometry.width, height: typesetter.geometry.height)
        PagePainter(theme: .light).paint(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        return (buffer, layout)
    }

    func testEachPortraitPageIsAPageOfItsOwnFittedAndCentred() throws {
        let (book, _) = DocumentFixtures.fixedPages([(300, 400), (300, 400), (300, 400)])
        let portrait = try typesetter(book, 600, 1000)
        let pagination = portrait.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.count, 3)
        XCTAssertEqual(pagination.pages.map(\.images), [1, 1, 1])
        XCTAssertEqual(pagination.pageLines, [[], [], []], "a picture's placeholder is no text")
        let (buffer, layout) = draw(portrait, page: 1)
        let box = try XCTUnwrap(layout.fixedPages.first?.box)
        XCTAssertEqual(box, PixelRect(x: 0, y: 100, width: 600, height: 800), "fitted to the width, centred down the screen")
        XCTAssertEqual(buffer[10, 500], 0x202020, "the page's left half")
        XCTAssertEqual(buffer[590, 500], 0x2060A0, "its right half")
        XCTAssertEqual(buffer[300, 50], Theme.light.surround, "the surround above it")
        XCTAssertEqual(buffer[300, 950], Theme.light.surround, "and below")
        XCTAssertEqual(layout.footer, "", "no footer over a picture")
    }

    func testLandscapePairsPagesIntoSpreadsOnTheirSides() throws {
        let sides: [PageSide] = [.right, .left, .right, .auto, .auto]
        let (book, _) = DocumentFixtures.fixedPages(Array(repeating: (300, 400), count: 5), sides: sides)
        let landscape = try typesetter(book, 1200, 800)
        let pagination = landscape.paginate()
        // The first page alone on the right, then two spreads: 2+3 and 4+5.
        XCTAssertEqual(pagination.pages.count, 3)
        XCTAssertEqual(pagination.pages.map(\.images), [1, 2, 2])
        let (_, first) = draw(landscape, page: 0)
        XCTAssertEqual(first.fixedPages.map(\.box), [PixelRect(x: 600, y: 0, width: 600, height: 800)])
        let (buffer, spread) = draw(landscape, page: 1)
        XCTAssertEqual(spread.fixedPages.map(\.box), [PixelRect(x: 0, y: 0, width: 600, height: 800),
                                                      PixelRect(x: 600, y: 0, width: 600, height: 800)])
        XCTAssertEqual(buffer[10, 400], 0x202020, "page 2 on the left")
        XCTAssertEqual(buffer[610, 400], 0x303030, "page 3 on the right")
    }

    func testARightToLeftBookPutsTheFirstPageOfASpreadOnTheRight() throws {
        let (book, _) = DocumentFixtures.fixedPages(Array(repeating: (300, 400), count: 2), progression: .rightToLeft)
        let landscape = try typesetter(book, 1200, 800)
        let (buffer, layout) = draw(landscape, page: 0)
        XCTAssertEqual(layout.fixedPages.count, 2)
        XCTAssertEqual(buffer[610, 400], 0x101010, "page 1 on the right")
        XCTAssertEqual(buffer[10, 400], 0x202020, "page 2 on the left")
    }

    func testALandscapePageStandsAloneInASpreadBook() throws {
        let (book, _) = DocumentFixtures.fixedPages([(300, 400), (800, 400), (300, 400)])
        let landscape = try typesetter(book, 1200, 800)
        let pagination = landscape.paginate()
        XCTAssertEqual(pagination.pages.count, 3, "the wide page splits the run: each page alone")
        let (_, wide) = draw(landscape, page: 1)
        XCTAssertEqual(wide.fixedPages.map(\.box), [PixelRect(x: 0, y: 100, width: 1200, height: 600)])
    }

    func testAZoomedPageIsDecodedAgainAtTheZoomedScale() throws {
        let (book, resources) = DocumentFixtures.fixedPages([(40, 40)])
        let portrait = try typesetter(book, 400, 400)
        let layout = portrait.layoutPage(0, of: portrait.paginate())
        var buffer = PixelBuffer(width: 400, height: 400)
        let scaled = try ScaledFontFaces(scale: 4)
        // The page's centre at 4x: the seam between its halves at the buffer's centre.
        PagePainter(theme: .light).paint(layout, fonts: portrait.fonts, scaled: scaled, originX: 150, originY: 150,
                                         cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(buffer[100, 200], 0x101010)
        XCTAssertEqual(buffer[300, 200], 0x2060A0)
        XCTAssertEqual(resources.reads["page1.png"], 1)
    }

    /// A fixed-layout document 400 x 300 CSS px: a picture in the flow and a
    /// caption placed at (200, 250), drawn on a 800 x 800 screen at 2x.
    private func laidOutBook() -> (Book, MemoryResources) {
        let resources = MemoryResources(["plate.png": DocumentFixtures.png(width: 100, height: 50)])
        var builder = DocumentBuilder()
        builder.beginSection(name: "page.xhtml", fixedPage: FixedPage(width: 400, height: 300, content: .laidOut))
        builder.append(.image(DocumentImage(resource: "plate.png", pixelWidth: 100, pixelHeight: 50)),
                       style: DocumentFixtures.style { $0.alignment = .start; $0.textIndent = 0 }, text: "")
        builder.append(.paragraph, style: DocumentFixtures.style {
            $0.placement = BlockPlacementBox(top: 250, left: 200, width: 200)
            $0.alignment = .start
            $0.textIndent = 0
        }, text: "Caption")
        let book = builder.build(metadata: BookMetadata(title: "Plate"), contents: [], format: .epub, resources: resources)
        return (book, resources)
    }

    func testALaidOutPageIsSetInItsNaturalSizeAndScaledToTheScreen() throws {
        let (book, _) = laidOutBook()
        let screen = try typesetter(book, 800, 800)
        let pagination = screen.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.count, 1)
        XCTAssertEqual(pagination.pages[0].images, 1)
        XCTAssertEqual(pagination.pageLines[0], ["Caption"])
        let (buffer, layout) = draw(screen, page: 0)
        let placed = try XCTUnwrap(layout.fixedPages.first)
        XCTAssertEqual(placed.box, PixelRect(x: 0, y: 100, width: 800, height: 600))
        XCTAssertEqual(placed.scale, 2)
        // The picture at the page's top-left, twice its CSS size.
        XCTAssertEqual(buffer[20, 150], 0x2060A0)
        XCTAssertEqual(buffer[180, 150], 0xC04020)
        XCTAssertEqual(buffer[20, 250], Theme.light.background, "below it the page's paper")
        // The caption's ink in its box only: from (400, 600) on the screen.
        let caption = try XCTUnwrap(placed.content?.parts.last?.layout)
        XCTAssertEqual(caption.lines, ["Caption"])
        var inked: [(Int, Int)] = []
        for y in 100..<700 { for x in 0..<800 where buffer[x, y] != Theme.light.background && !(x < 200 && y < 200) {
            inked.append((x, y))
        } }
        XCTAssertFalse(inked.isEmpty)
        XCTAssertGreaterThanOrEqual(inked.map(\.0).min() ?? 0, 400)
        XCTAssertGreaterThanOrEqual(inked.map(\.1).min() ?? 0, 600)
    }

    func testWhatALaidOutPageSetsBeyondItsBoxIsCutOff() throws {
        var builder = DocumentBuilder()
        builder.beginSection(name: "page.xhtml", fixedPage: FixedPage(width: 400, height: 300, content: .laidOut))
        builder.append(.paragraph, style: DocumentFixtures.style {
            $0.placement = BlockPlacementBox(top: 100, left: 370, width: 300)
            $0.alignment = .start
            $0.textIndent = 0
        }, text: "Overflowing")
        let book = builder.build(metadata: BookMetadata(title: "Clip"), contents: [], format: .epub)
        let screen = try typesetter(book, 1000, 600)
        let (buffer, layout) = draw(screen, page: 0)
        XCTAssertEqual(layout.fixedPages.first?.box, PixelRect(x: 100, y: 0, width: 800, height: 600))
        let inside = (840..<900).contains { x in (200..<260).contains { buffer[x, $0] != Theme.light.background } }
        XCTAssertTrue(inside, "the text's start inside the page")
        let outside = (900..<1000).allSatisfy { x in (0..<600).allSatisfy { buffer[x, $0] == Theme.light.surround } }
        XCTAssertTrue(outside, "nothing past the page's edge")
    }
}
