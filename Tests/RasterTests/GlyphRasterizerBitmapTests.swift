import CFreeType
import XCTest
@testable import Raster

/// Bitmaps that outline fonts never produce: mono strikes and bottom-up rows.
final class GlyphRasterizerBitmapTests: XCTestCase {
    func testMonoBitmapBecomesFullCoverage() throws {
        let font = try TestFace(pixelSize: 20)
        // Two rows of 10 one-bit pixels, 2 bytes per row, leftmost pixel in the high bit.
        var bits: [UInt8] = [0b1010_0000, 0b0100_0000, 0b0000_0001, 0b1100_0000]
        let glyph = try bits.withUnsafeMutableBufferPointer { storage in
            var mono = FT_Bitmap()
            mono.rows = 2
            mono.width = 10
            mono.pitch = 2
            mono.buffer = storage.baseAddress
            mono.num_grays = 2
            mono.pixel_mode = UInt8(FT_PIXEL_MODE_MONO.rawValue)
            return try GlyphRasterizer.converted(mono, library: font.library, glyph: 7, left: 1, top: 2)
        }
        XCTAssertEqual(glyph.width, 10)
        XCTAssertEqual(glyph.height, 2)
        XCTAssertEqual(glyph.left, 1)
        XCTAssertEqual(glyph.top, 2)
        XCTAssertEqual(glyph.coverage, [
            255, 0, 255, 0, 0, 0, 0, 0, 0, 255,
            0, 0, 0, 0, 0, 0, 0, 255, 255, 255,
        ])
    }

    func testNegativePitchMeansBottomUpRows() {
        var gray: [UInt8] = [1, 2, 0, 3, 4, 0] // bottom row first, one byte of padding each
        let glyph = gray.withUnsafeMutableBufferPointer { storage in
            var bitmap = FT_Bitmap()
            bitmap.rows = 2
            bitmap.width = 2
            bitmap.pitch = -3
            bitmap.buffer = storage.baseAddress
            bitmap.num_grays = 256
            bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
            return GlyphRasterizer.packed(bitmap, left: 0, top: 0, scale: 1)
        }
        XCTAssertEqual(glyph.coverage, [3, 4, 1, 2])
    }
}
