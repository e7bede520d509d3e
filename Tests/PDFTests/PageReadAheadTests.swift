import BookModel
import XCTest
@testable import PDF

/// The page a PDF opens at is read and drawn on a thread while the reader
/// sets up: drawn exactly as the screen will ask for it, taken once.
final class PageReadAheadTests: XCTestCase {
    private struct NoThreadBegan: Error {}
    private let screen = PageGeometry(width: 1280, height: 800)

    /// A page read ahead and the pixels its thread drew. Asked for before
    /// the thread has begun drawing, the pixels are the asker's to draw (the
    /// thread no longer draws them): so the drawing is asked for a little
    /// later each time until the thread has drawn it.
    private func drawnAhead(_ index: Int, of document: PDFDocument)
        throws -> (page: PDFDocument.Page, region: PageReadAhead.Region, pixels: [UInt32]) {
        for attempt in 0..<20 {
            let ahead = PageReadAhead()
            ahead.start(index, of: document, screen: screen)
            let read = try XCTUnwrap(ahead.page(index) { try? document.page(index, withText: false) })
            let region = PageReadAhead.Region.fitted(width: read.width, height: read.height, to: screen)
            usleep(UInt32(2_000 * attempt))
            if let drawn = ahead.takeDrawing(page: index, region: region) {
                XCTAssertTrue(ahead.takeDrawing(page: index, region: region) == nil, "taken once")
                return (read, region, try XCTUnwrap(drawn))
            }
        }
        throw NoThreadBegan()
    }

    private func pages() throws -> PDFPages {
        try XCTSkipUnless(SharedPDFs.exists("pdflatex-4-pages.pdf"), "the shared PDFs are absent")
        return try PDFPages(path: SharedPDFs.path("pdflatex-4-pages.pdf"))
    }

    func testThePageIsReadWithoutItsTextAndDrawnFittedToTheScreen() throws {
        let document = try pages().document
        let (read, region, drawn) = try drawnAhead(2, of: document)
        XCTAssertEqual(read.text, "", "the text comes with the whole book")
        XCTAssertFalse(try document.page(2, withText: true).text.isEmpty)
        // A portrait page on a landscape screen: as tall as the screen.
        XCTAssertEqual(region.height, 800)
        XCTAssertEqual(region.width, Int((read.width * 800 / read.height).rounded()))
        XCTAssertTrue(drawn == document.draw(page: 2, x: 0, y: 0, width: region.width, height: region.height,
                                             scale: region.scale), "the pixels of that region")
    }

    func testAnotherRegionLetsTheDrawingGoAndAnotherPageLeavesIt() throws {
        let document = try pages().document
        let ahead = PageReadAhead()
        ahead.start(1, of: document, screen: screen)
        let read = try XCTUnwrap(ahead.page(1) { try? document.page(1, withText: false) })
        let region = PageReadAhead.Region.fitted(width: read.width, height: read.height, to: screen)
        var zoomed = region
        zoomed.scale *= 2
        XCTAssertTrue(ahead.takeDrawing(page: 1, region: zoomed) == nil, "another scale is drawn anew")
        XCTAssertTrue(ahead.takeDrawing(page: 1, region: region) == nil, "and the drawing ahead is let go")
        XCTAssertEqual(ahead.page(1) { nil }, nil, "the page was taken: read anew")
    }

    func testAnotherPageThanTheOneReadAheadIsReadByTheAsker() throws {
        let document = try pages().document
        let ahead = PageReadAhead()
        // Another page than the one read ahead is read by the asker, whatever the thread does.
        ahead.start(0, of: document, screen: nil)
        var asked = 0
        let other = ahead.page(3) {
            asked += 1
            return try? document.page(3, withText: false)
        }
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(other?.width, try document.page(3, withText: false).width)
        XCTAssertNotNil(ahead.page(0) { try? document.page(0, withText: false) })
    }

    func testTheDrawingTheScreenAsksForFirstIsTheOneDrawnAhead() throws {
        let pages = try pages()
        pages.readAhead(3, screen: screen)
        let (page, text) = pages.page(3, withText: false)
        XCTAssertEqual(text, "")
        guard case let .drawn(reference) = page.content else { return XCTFail("a PDF page draws itself") }
        // As the painter asks at zoom 1: the page fitted, all of it, at the fitted width's scale.
        let fitted = page.fitted(width: screen.width, height: screen.height)
        let scale = Double(fitted.width) / page.width
        let first = try XCTUnwrap(reference.drawing.draw(x: 0, y: 0, width: fitted.width, height: fitted.height,
                                                          scale: scale))
        let again = try XCTUnwrap(reference.drawing.draw(x: 0, y: 0, width: fitted.width, height: fitted.height,
                                                          scale: scale))
        XCTAssertEqual(first, again)
        XCTAssertTrue(first.contains { $0 != 0xFFFF_FFFF }, "the page has ink")
        XCTAssertFalse(pages.page(3, withText: true).text.isEmpty, "its text when asked")
    }
}
