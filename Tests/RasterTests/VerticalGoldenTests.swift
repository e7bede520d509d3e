import BookModel
import Foundation
import PlainText
import XCTest
@testable import Raster
import TestSupport
import Typesetting

/// A vertical page drawn: columns from the right with ruby to their
/// right, a two-digit number upright in one character's space, a Latin
/// word turned a quarter, and the footer across the bottom. Recorded like
/// the other goldens with `EBOOK_FB_RECORD_GOLDENS=1`.
final class VerticalGoldenTests: XCTestCase {
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    static let file = """
    吾輩は猫である
    夏目漱石

    ［＃８字下げ］一［＃「一」は中見出し］

    　吾輩《わがはい》は猫である。名前はまだ無い。明治38年の12月、Londonから帰った漱石がこれを書いた。
    　どこで生れたかとんと見当《けんとう》がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間［＃「人間」に傍点］というものを見た。
    """

    func testVerticalPage() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("fallback fonts are not installed (fonts-noto-core, fonts-noto-cjk)")
        }
        let book = Book(text: try BookDecoder.decode(Data(Self.file.utf8), path: "aozora.txt"))
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 600, height: 480), font: Self.font)
        XCTAssertEqual(typesetter.writingMode, .verticalRL)
        let pagination = typesetter.paginate()
        let layout = typesetter.layoutPage(pagination.pages.count > 1 ? 1 : 0, of: pagination)
        XCTAssertTrue(layout.glyphs.contains(where: \.sideways), "the Latin word is turned")
        var buffer = PixelBuffer(width: 600, height: 480)
        let failures = PagePainter(theme: .light).paint(layout, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        XCTAssertEqual(failures, 0)
        try assertMatchesGolden(buffer, named: "aozora-vertical-600x480")
    }

    /// A glyph turned a quarter clockwise keeps its ink, its top now facing right.
    func testTurnedGlyphKeepsItsInk() {
        let glyph = GlyphBitmap(width: 3, height: 2, left: 1, top: 5, coverage: [1, 2, 3, 4, 5, 6])
        let turned = glyph.turnedClockwise()
        XCTAssertEqual(turned.width, 2)
        XCTAssertEqual(turned.height, 3)
        // The bottom-left pixel (4) goes to the top-left; the top-left (1) to the top-right.
        XCTAssertEqual(turned.coverage, [4, 1, 5, 2, 6, 3])
        // The glyph's top row, 5 px above the pen, is now 5 px right of it (its last column).
        XCTAssertEqual(turned.left + turned.width - 1, glyph.top)
        // Its left column, 1 px right of the pen, is now 1 px below it.
        XCTAssertEqual(-turned.top, glyph.left)
    }
}
