import BookModel
import EPUB
import Raster
import Reader
import Typesetting
import XCTest

/// The Cole sample, whose reflowable chapters each float a detail of the
/// painting to the right of their text (`float: right`), end to end: the
/// style sheet read, the pages counted as `paginate` counts them, and the
/// text drawn beside the picture.
final class FloatedPictureTests: XCTestCase {
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    private static let chapters = ["1a-childhood-text", "2a-youth-text", "3a-manhood-text", "4a-oldage-text"]
    private static let paintings = ["1b-childhood-painting", "2b-youth-painting", "3b-manhood-painting", "4b-oldage-painting"]

    private func cole() throws -> Typesetter {
        let path = SharedCorpus.samples + "/cole-voyage-of-life.epub"
        try XCTSkipUnless(SharedCorpus.exists(path), "no shared sample books")
        let book = try EPUBBook.open(path: path).book
        return try Typesetter(book: book, geometry: PageGeometry(width: 1280, height: 800), font: Self.font)
    }

    /// The first page of each section whose name holds one of `names`.
    private func firstPages(of names: [String], in setter: Typesetter, _ pagination: Pagination) throws -> [Int] {
        let sections = try XCTUnwrap(setter.book.document).sections
        return try names.map { name in
            let section = try XCTUnwrap(sections.first { $0.name.contains(name) }, name)
            return pagination.pageIndex(containing: section.offsets.lowerBound)
        }
    }

    func testTheDetailsAreFloatedRightWithTheirMargins() throws {
        let setter = try cole()
        let blocks = try XCTUnwrap(setter.book.document).blocks
        let floats = blocks.compactMap(\.style.float)
        XCTAssertEqual(floats.count, 5, "the portrait and the four details")
        for float in floats {
            XCTAssertEqual(float.side, .right)
            XCTAssertEqual(float.marginLeft, 2)
            XCTAssertEqual(float.marginTop, 0.2, accuracy: 1e-9)
            XCTAssertEqual(float.marginBottom, 0.9, accuracy: 1e-9)
        }
        let full = blocks.filter { if case .image = $0.kind { $0.style.float == nil } else { false } }
        XCTAssertEqual(full.count, 4, "the paintings' pages do not float theirs")
    }

    func testChapterPagesCountFloatsAndOnlyThePaintingPagesCountImages() throws {
        let setter = try cole()
        let pagination = try PaginationStore.paginateWholeBook(setter)
        let chapters = try firstPages(of: Self.chapters, in: setter, pagination)
        let paintings = try firstPages(of: Self.paintings, in: setter, pagination)
        for page in chapters {
            XCTAssertGreaterThanOrEqual(pagination.pages[page].floats, 1, "page \(page + 1)")
            XCTAssertEqual(pagination.pages[page].images, 0, "page \(page + 1)")
        }
        let withImages = pagination.pages.indices.filter { pagination.pages[$0].images > 0 }
        XCTAssertEqual(withImages, paintings)
        XCTAssertEqual(setter.paginate().pages, pagination.pages, "one thread gives the pages all threads give")
    }

    func testTextIsDrawnLeftOfThePictureOnTheRowsItSpans() throws {
        let setter = try cole()
        let pagination = setter.paginate()
        let page = try firstPages(of: ["1a-childhood-text"], in: setter, pagination)[0]
        let layout = setter.layoutPage(page, of: pagination)
        let box = try XCTUnwrap(layout.images.first).box
        let geometry = setter.geometry
        XCTAssertEqual(box.maxX, geometry.marginLeft + Int(geometry.measure) / 64, "against the column's right edge")
        XCTAssertLessThanOrEqual(box.width, Int(geometry.measure) / 64 / 2, "never wider than half the column")
        XCTAssertGreaterThan(box.y, geometry.marginTop, "below the chapter's heading")

        let theme = Theme.light
        var buffer = PixelBuffer(width: geometry.width, height: geometry.height)
        let report = PagePainter(theme: theme).paintReporting(layout, fonts: setter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(report.glyphFailures, 0)
        // The picture is drawn in its box.
        let inside = box.rows.filter { y in buffer[box.x + box.width / 2, y] != theme.background }.count
        XCTAssertGreaterThan(inside, box.height * 9 / 10, "the picture's pixels fill its box")
        // Ink left of the picture (and of its 2 em margin) on the rows it spans.
        let textColumns = geometry.marginLeft..<(box.x - 2 * geometry.fontSize)
        var inkedRows = 0
        for y in box.rows where textColumns.contains(where: { buffer[$0, y] != theme.background }) { inkedRows += 1 }
        XCTAssertGreaterThan(inkedRows, box.height / 3, "text runs beside the picture")
        // Nothing between the text and the picture: the margin stays bare.
        let margin = (box.x - 2 * geometry.fontSize + 4)..<box.x
        for y in box.rows {
            XCTAssertFalse(margin.contains { buffer[$0, y] != theme.background }, "row \(y) inks the float's margin")
        }
    }
}
