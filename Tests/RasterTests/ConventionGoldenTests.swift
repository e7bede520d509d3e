import BookModel
import Foundation
import PlainText
import XCTest
import Raster
import TestSupport
import Typesetting

/// Pages whose plain-text conventions are read, not printed: Alice's
/// Project Gutenberg `_italics_` in DejaVu Serif Italic, and an Aozora
/// Bunko page set horizontally with ruby drawn small above its base. Recorded like the
/// other goldens with `EBOOK_FB_RECORD_GOLDENS=1`.
final class ConventionGoldenTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func assertPage(_ page: Int, of book: String, size: (Int, Int), golden: String,
                            writingMode: WritingModeChoice = .auto) throws {
        let path = Self.packageRoot.appendingPathComponent("../shared/books/\(book)").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/books is not present") }
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("fallback fonts are not installed (fonts-noto-core, fonts-noto-cjk)")
        }
        let typesetter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: size.0, height: size.1),
                                        font: Self.font, writingMode: writingMode)
        let pagination = typesetter.paginate()
        var buffer = PixelBuffer(width: size.0, height: size.1)
        let failures = PagePainter(theme: .light).paint(typesetter.layoutPage(page - 1, of: pagination),
                                                        fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(failures, 0)
        try assertMatchesGolden(buffer, named: "\(golden)")
    }

    func testAliceItalics() throws {
        try assertPage(4, of: "en_alice_11-0.txt", size: (800, 600), golden: "alice-italics-800x600-p4")
    }

    func testAozoraRuby() throws {
        // Set horizontally, as it asks to be read otherwise (VerticalGoldenTests has it vertical).
        try assertPage(2, of: "ja_soseki_wagahai_aozora_ch1.txt", size: (600, 800), golden: "aozora-ruby-600x800-p2",
                       writingMode: .horizontal)
    }
}
