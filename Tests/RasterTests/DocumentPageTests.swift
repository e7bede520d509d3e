import BookModel
import Foundation
import Geometry
import ImageDecoding
import XCTest
import Raster
import TestSupport
import Typesetting

/// Pages of structured books as drawn: styled text and an image, against
/// goldens recorded with `EBOOK_FB_RECORD_GOLDENS=1`; images decoded at
/// the size drawn, zoomed ones decoded again at the zoomed size, and the
/// alternative text where an image cannot be decoded.
final class DocumentPageTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func draw(_ book: Book, page: Int = 0, size: (Int, Int) = (800, 600)) throws -> (PixelBuffer, PageLayout) {
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: size.0, height: size.1), font: Self.font)
        let layout = typesetter.layoutPage(page, of: typesetter.paginate())
        var buffer = PixelBuffer(width: size.0, height: size.1)
        let failures = PagePainter(theme: .light).paint(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(failures, 0)
        return (buffer, layout)
    }

    private func assertGolden(_ buffer: PixelBuffer, _ name: String) throws {
        let golden = GoldenImage(
            goldenPath: Self.packageRoot.appendingPathComponent("Tests/RasterTests/Goldens/\(name).png").path,
            outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path)
        let outcome = try golden.check(buffer, record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
        if let message = outcome.failureMessage { XCTFail(message) }
    }

    /// A heading, italic, bold, small capitals, a superscript, a quote and a list.
    func testStyledTextLooksAsRecorded() throws {
        let (buffer, _) = try draw(DocumentFixtures.styledChapters())
        try assertGolden(buffer, "document-styles-800x600-p1")
    }

    func testAnImageLooksAsRecorded() throws {
        let (book, _) = DocumentFixtures.illustrated()
        let (buffer, _) = try draw(book)
        try assertGolden(buffer, "document-image-800x600-p1")
    }

    func testTheImageIsDrawnInItsBoxAtTheSizeDrawn() throws {
        let (book, resources) = DocumentFixtures.illustrated(imageWidth: 64, imageHeight: 32)
        let (buffer, layout) = try draw(book)
        let box = try XCTUnwrap(layout.images.first?.box)
        XCTAssertEqual(box.width, 80, "64 CSS pixels at 20 px")
        XCTAssertEqual(buffer[box.x + 5, box.y + 5], 0x2060A0, "the left half")
        XCTAssertEqual(buffer[box.maxX - 5, box.maxY - 5], 0xC04020, "the right half")
        XCTAssertEqual(buffer[box.x - 3, box.y + 5], Theme.light.background, "nothing outside its box")
        XCTAssertEqual(resources.reads["images/plate.png"], 1, "read once, to draw it")
    }

    func testAZoomedImageIsDecodedAgainAtTheZoomedSize() throws {
        let (book, resources) = DocumentFixtures.illustrated(imageWidth: 300, imageHeight: 200)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600), font: Self.font)
        let layout = typesetter.layoutPage(0, of: typesetter.paginate())
        let box = try XCTUnwrap(layout.images.first?.box)
        let scale = 3.0, originX = Double(box.x) + 40, originY = Double(box.y) + 30
        var zoomed = PixelBuffer(width: 800, height: 600)
        PagePainter(theme: .light).paint(layout, fonts: typesetter.fonts, scaled: try ScaledFontFaces(scale: scale),
                                         originX: originX, originY: originY, cache: GlyphCache(), into: &zoomed)
        // What the image is at three times its drawn size, the part on screen.
        let bytes = try resources.data(of: "images/plate.png", limit: 1 << 20)
        let width = Int((Double(box.width) * scale).rounded()), height = Int((Double(box.height) * scale).rounded())
        let direct = try ImageDecoder.decode(bytes, width: width, height: height,
                                             region: PixelRect(x: 120, y: 90, width: 800, height: min(600, height - 90)))
        // Where the two halves meet, and around.
        let middle = width / 2 - 120
        for (x, y) in [(0, 0), (300, 100), (middle - 2, 200), (middle, 200), (middle + 2, 200), (700, 300)] {
            XCTAssertEqual(zoomed[x, y], direct.pixels[y * direct.width + x] & 0xFF_FFFF, "at (\(x), \(y))")
        }
        XCTAssertEqual(zoomed[middle - 5, 200], 0x2060A0)
        XCTAssertEqual(zoomed[middle + 5, 200], 0xC04020)
    }

    func testAnImageThatCannotBeDecodedShowsItsAlternativeTextInAFrame() throws {
        // A valid header over broken pixels: placed by its header, not drawable.
        var bytes = DocumentFixtures.png(width: 200, height: 100)
        for index in 40..<bytes.count - 12 { bytes[index] = 0x55 }
        let resources = MemoryResources(["broken.png": bytes])
        var builder = DocumentBuilder()
        builder.append(.image(DocumentImage(resource: "broken.png", alternative: "A broken plate")),
                       style: DocumentFixtures.body, text: "")
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub, resources: resources)
        let (buffer, layout) = try draw(book)
        let image = try XCTUnwrap(layout.images.first)
        XCTAssertFalse(image.alternative.isEmpty)
        let box = image.box
        XCTAssertEqual(buffer[box.x, box.y + box.height / 2], Theme.light.secondary, "the frame")
        let inked = (box.y..<box.maxY).contains { y in
            (box.x + 2..<box.maxX - 2).contains { x in buffer[x, y] != Theme.light.background }
        }
        XCTAssertTrue(inked, "the alternative text is drawn inside")
        var reported = PixelBuffer(width: 800, height: 600)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600), font: Self.font)
        let report = PagePainter(theme: .light).paintReporting(typesetter.layoutPage(0, of: typesetter.paginate()),
                                                               fonts: typesetter.fonts, cache: GlyphCache(), into: &reported)
        XCTAssertEqual(report.drawn, [], "an image not decoded is not reported drawn")
        XCTAssertEqual(report.replaced.map(\.resource), ["broken.png"])
    }

    func testThePainterReportsTheImagesItDecodedAndDrew() throws {
        let (book, _) = DocumentFixtures.illustrated(imageWidth: 64, imageHeight: 32)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600), font: Self.font)
        let layout = typesetter.layoutPage(0, of: typesetter.paginate())
        var buffer = PixelBuffer(width: 800, height: 600)
        let report = PagePainter(theme: .light).paintReporting(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(report.drawn.map(\.resource), ["images/plate.png"])
        XCTAssertEqual(report.replaced, [])
        XCTAssertEqual(report.glyphFailures, 0)
        let box = try XCTUnwrap(report.drawn.first?.box)
        XCTAssertEqual(buffer[box.x + 5, box.y + 5], 0x2060A0, "what is reported drawn is on the page")
        // An image outside the buffer is neither drawn nor replaced.
        var small = PixelBuffer(width: 800, height: max(1, box.y - 1))
        let clipped = PagePainter(theme: .light).paintReporting(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &small)
        XCTAssertEqual(clipped.drawn, [])
        XCTAssertEqual(clipped.replaced, [])
    }
}
