import BookModel
import CHarfBuzz
import Foundation
@testable import PlainText
import XCTest
@testable import Typesetting

/// Ruby and emphasis marks stand close over the characters they belong to:
/// the marks' em box on the characters' ideographic face, whatever font
/// the paragraph itself is set in.
final class MarkPlacementTests: XCTestCase {
    private static let latin = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    private static let file = """
    吾輩は猫である
    夏目漱石

    　吾輩《わがはい》は猫である。名前はまだ無い。吾輩はここで始めて人間［＃「人間」に傍点］というものを見た。
    """

    private func typesetter() throws -> Typesetter {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc") else {
            throw XCTSkip("CJK fonts are not installed (fonts-noto-cjk)")
        }
        let book = Book(text: try BookDecoder.decode(Data(Self.file.utf8), path: "aozora.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: 600, height: 800), font: Self.latin,
                              writingMode: .horizontal)
    }

    /// The ink's top and bottom of `glyph` as placed, 26.6 pixels down the page.
    private func ink(of glyph: PlacedGlyph, in setter: Typesetter) -> (top: Int32, bottom: Int32) {
        var extents = hb_glyph_extents_t()
        hb_font_get_glyph_extents(setter.fonts.faces[glyph.face].hbFont, glyph.glyph, &extents)
        return (glyph.y - extents.y_bearing, glyph.y - extents.y_bearing - extents.height)
    }

    func testReadingAndEmphasisSitJustAboveTheirCharacters() throws {
        let setter = try typesetter()
        let pages = setter.paginate()
        let body = try XCTUnwrap(setter.book.paragraphs.last)
        let page = setter.layoutPage(pages.pageIndex(containing: body.scalars.lowerBound), of: pages)
        let small = setter.rubySize(for: setter.fonts.body)
        let marks = page.glyphs.filter { setter.fonts.faces[$0.face].pixelSize == small }
        let text = page.glyphs.filter { setter.fonts.faces[$0.face].pixelSize != small }
        // The reading (four kana) and the two dots: each over the character below it.
        XCTAssertEqual(marks.count, 6)
        for mark in marks {
            let below = text.filter { $0.y > mark.y && abs($0.x - mark.x) < Int32(setter.fonts.body.pixelSize * 64) }
            let baseline = try XCTUnwrap(below.map(\.y).min())
            let bases = below.filter { $0.y == baseline }
            let markBottom = ink(of: mark, in: setter).bottom
            let baseTop = try XCTUnwrap(bases.map { ink(of: $0, in: setter).top }.min())
            XCTAssertGreaterThanOrEqual(baseTop, markBottom, "the mark's ink stays clear of its base's")
            XCTAssertLessThan(baseTop - markBottom, Int32(setter.rubySize(for: setter.fonts.body) * 64 / 4),
                              "no more than a quarter of the mark's em between the two")
        }
    }

    func testAFontWithoutBaselinesGivesItsEmBox() throws {
        let setter = try typesetter()
        _ = setter.paginate()  // opens the fallback faces
        let latin = setter.fonts.body
        let baselines = latin.ideographicBaselines
        XCTAssertEqual(baselines.faceTop, latin.ascender)
        XCTAssertEqual(baselines.emBoxBottom, latin.descender)
        XCTAssertEqual(baselines.halfEmBoxWidth, Int32(latin.pixelSize * 32))
        XCTAssertEqual(baselines.faceRight, Int32(latin.pixelSize * 32))
        let cjk = try XCTUnwrap(setter.fonts.faces.first { $0.file.path.contains("CJK") && $0.pixelSize == latin.pixelSize })
        let face = cjk.ideographicBaselines
        XCTAssertLessThan(face.faceTop, cjk.ascender, "the character face lies inside the em box")
        XCTAssertLessThan(face.faceRight, face.halfEmBoxWidth)
        XCTAssertLessThan(face.faceLeft, 0)
    }
}
