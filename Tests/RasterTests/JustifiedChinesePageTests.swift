import BookModel
import Foundation
import XCTest
import Raster
import Typesetting

/// A page of Journey to the West drawn as the reader draws it: the ink of
/// its justified lines meets the right margin, whatever mark ends them.
final class JustifiedChinesePageTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheInkOfJustifiedLinesEndsAtTheMargin() throws {
        let path = Self.packageRoot.appendingPathComponent("../shared/books/zh_xiyouji_23962-0.txt").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("../shared/books is not present") }
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("fallback fonts are not installed (fonts-noto-cjk)")
        }
        let typesetter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: 1280, height: 800),
                                        font: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"))
        let page = typesetter.layoutPage(19, of: typesetter.paginate())
        let background = UInt32(0xFF00_0000)
        var buffer = PixelBuffer(width: 1280, height: 800, fill: background)
        XCTAssertEqual(PagePainter(theme: .light).paint(page, fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer), 0)
        let paper = buffer[0, 0]
        let margin = typesetter.geometry.marginLeft + Int(typesetter.geometry.measure) / 64
        var flush = 0
        for (number, line) in page.text.lines.enumerated() {
            // The rightmost inked column of the line's rows.
            var ink = 0
            for y in line.top..<min(800, line.top + line.height) {
                for x in stride(from: 1279, to: ink, by: -1) where buffer[x, y] != paper {
                    ink = x
                    break
                }
            }
            let penEnd = Int(page.lineExtents[number].upperBound) / 64
            if penEnd >= margin - 1 {
                flush += 1
                // A closing mark's ink stops short of its trimmed advance: a comma's by a fifth of an em.
                let endsInMark = page.lines[number].last.map { "，。、．：；」』）".contains($0) } ?? false
                let tolerance = endsInMark ? typesetter.geometry.fontSize / 4 : 2
                XCTAssertLessThanOrEqual(abs(ink + 1 - margin), tolerance, "line \(number): \(page.lines[number])")
            } else {
                XCTAssertLessThan(ink, margin - 5, "a ragged line is not stretched: \(page.lines[number])")
            }
        }
        XCTAssertGreaterThanOrEqual(flush, page.text.lines.count * 8 / 10)
    }
}
