import BookModel
import Foundation
import PlainText
import XCTest
import Raster
import TestSupport
import Typesetting

/// Pages of the shared UDHR texts in five scripts, drawn headless with the
/// default font and fallback fonts, compared with PNGs in the repository
/// (right-to-left reordering, Arabic joining, Devanagari conjuncts, Thai
/// marks and word breaks, Japanese line breaking, Chinese lines justified
/// as JLReq adjusts them). Recorded like the
/// other goldens with `EBOOK_FB_RECORD_GOLDENS=1`.
final class ScriptGoldenTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    private func assertPage(_ page: Int, of name: String, golden: String) throws {
        let path = Self.packageRoot.appendingPathComponent("../shared/books/udhr/udhr_\(name).txt").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/books is not present") }
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("fallback fonts are not installed (fonts-noto-core, fonts-noto-cjk)")
        }
        let typesetter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: 800, height: 600),
                                        font: Self.font)
        let pagination = typesetter.paginate()
        XCTAssertEqual(pagination.pages.map(\.missingGlyphs).reduce(0, +), 0, name)
        var buffer = PixelBuffer(width: 800, height: 600)
        let failures = PagePainter(theme: .light).paint(typesetter.layoutPage(page - 1, of: pagination),
                                                        fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(failures, 0)
        try assertMatchesGolden(buffer, named: "\(golden)")
    }

    func testArabic() throws { try assertPage(2, of: "arb", golden: "udhr-arabic-800x600-p2") }
    func testHebrew() throws { try assertPage(2, of: "heb", golden: "udhr-hebrew-800x600-p2") }
    func testHindi() throws { try assertPage(2, of: "hin", golden: "udhr-hindi-800x600-p2") }
    func testThai() throws { try assertPage(2, of: "tha", golden: "udhr-thai-800x600-p2") }
    func testJapanese() throws { try assertPage(2, of: "jpn", golden: "udhr-japanese-800x600-p2") }
    func testChineseJustified() throws { try assertPage(2, of: "cmn_hans", golden: "udhr-chinese-800x600-p2") }
}
