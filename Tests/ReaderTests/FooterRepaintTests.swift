import BookModel
import Raster
import Typesetting
import XCTest
@testable import Reader

/// When pagination moves the page numbers, held pages get their footers
/// drawn again alone: the picture must equal the page drawn whole.
final class FooterRepaintTests: XCTestCase {
    func testAFooterDrawnAgainAloneEqualsThePageDrawnWholeWithTheNewNumbers() throws {
        let book = try ChapterResumeTests.chapterBook()
        let geometry = PageGeometry(width: 400, height: 300, fontSize: 14)
        let typesetter = try Typesetter(book: book, geometry: geometry, font: ReaderSessionTests.font)
        let estimated = typesetter.paginate()
        var exact = estimated
        exact.pagesBefore = 41
        let page = 3
        XCTAssertNotEqual(estimated.footer(forPage: page, of: book), exact.footer(forPage: page, of: book))
        let renderer = PageRenderer(typesetter: typesetter, theme: .sepia)

        var repainted = PixelBuffer(width: geometry.width, height: geometry.height)
        var ink = InkRows.all(rows: geometry.height)
        renderer.render(page: page, of: estimated, into: &repainted, ink: &ink)
        let before = repainted.pixels
        renderer.renderFooter(page: page, of: exact, into: &repainted, ink: &ink)

        var whole = PixelBuffer(width: geometry.width, height: geometry.height)
        renderer.render(page: page, of: exact, into: &whole)
        XCTAssertEqual(repainted.pixels, whole.pixels)
        XCTAssertNotEqual(repainted.pixels, before, "the numbers changed on the picture")
        // Only the footer's rows were touched.
        let footer = typesetter.footerRows
        for row in 0..<geometry.height where !footer.contains(row) {
            let range = row * repainted.stride..<(row * repainted.stride + geometry.width)
            XCTAssertEqual(repainted.pixels[range], before[range], "row \(row)")
        }
        XCTAssertTrue(footer.allSatisfy(ink.contains), "the footer's rows are counted as inked")
    }
}
