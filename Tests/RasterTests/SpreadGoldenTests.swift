import BookModel
import Foundation
import PlainText
import XCTest
import Raster
import TestSupport
import Typesetting

/// Spreads of two reflowed pages at 1280x800 compared with PNGs in the
/// repository: the sample book left to right, and the shared Hebrew UDHR
/// right to left (its first page on the right). Recorded like the other
/// goldens with `EBOOK_FB_RECORD_GOLDENS=1`.
final class SpreadGoldenTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func assertSpread(holdingPage page: Int, of path: String, golden: String) throws {
        let typesetter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: 1280, height: 800),
                                        font: Self.font, columns: .two)
        XCTAssertEqual(typesetter.spread.columns, 2)
        let pagination = typesetter.paginate()
        let spread = typesetter.spreads(of: pagination).spread(ofPage: page - 1)
        var buffer = PixelBuffer(width: 1280, height: 800)
        let failures = PagePainter(theme: .light).paint(typesetter.layoutSpread(spread, of: pagination),
                                                        fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(failures, 0)
        try assertMatchesGolden(buffer, named: "\(golden)")
    }

    func testLeftToRight() throws {
        try assertSpread(holdingPage: 3, of: Self.packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path,
                         golden: "lamplighter-1280x800-spread-p3")
    }

    func testRightToLeft() throws {
        let path = Self.packageRoot.appendingPathComponent("../shared/books/udhr/udhr_heb.txt").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/books is not present") }
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("fallback fonts are not installed (fonts-noto-core, fonts-noto-cjk)")
        }
        try assertSpread(holdingPage: 3, of: path, golden: "udhr-hebrew-1280x800-spread-p3")
    }
}
