import BookModel
import Foundation
import PlainText
import XCTest
import Raster
import TestSupport
import Typesetting

/// Pages of the sample book drawn headless and compared with PNGs in the
/// repository. `EBOOK_FB_RECORD_GOLDENS=1` records them anew; a mismatch
/// leaves NAME.actual.png and NAME.diff.png in .build/golden-failures.
final class GoldenPageTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func assertPage(_ page: Int, size: (Int, Int), theme: Theme, fontSize: Int = 20, name: String) throws {
        let book = try Book.open(path: Self.packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path)
        let geometry = PageGeometry(width: size.0, height: size.1, fontSize: fontSize)
        let typesetter = try Typesetter(book: book, geometry: geometry, font: Self.font)
        let pagination = typesetter.paginate()
        var buffer = PixelBuffer(width: size.0, height: size.1)
        let failures = PagePainter(theme: theme).paint(typesetter.layoutPage(page - 1, of: pagination),
                                                       fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(failures, 0)
        let golden = GoldenImage(
            goldenPath: Self.packageRoot.appendingPathComponent("Tests/RasterTests/Goldens/\(name).png").path,
            outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path)
        let outcome = try golden.check(buffer, record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
        if let message = outcome.failureMessage { XCTFail(message) }
    }

    func testTitlePage() throws {
        try assertPage(1, size: (640, 480), theme: .light, fontSize: 16, name: "lamplighter-640x480-p1-light")
    }

    func testChapterOpening() throws {
        try assertPage(2, size: (800, 600), theme: .light, name: "lamplighter-800x600-p2-light")
    }

    func testVerseAndDarkTheme() throws {
        try assertPage(4, size: (800, 600), theme: .dark, name: "lamplighter-800x600-p4-dark")
    }
}
