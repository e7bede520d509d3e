import CFreeType
import XCTest

/// A FreeType library and one face opened from a system font file, sized in
/// pixels; tests skip when the font is not installed.
final class TestFace {
    static let dejaVuSerif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"

    private(set) var library: FT_Library?
    let face: FT_Face

    init(path: String = TestFace.dejaVuSerif, pixelSize: UInt32) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("font \(path) is not installed")
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0 else { throw XCTSkip("FreeType failed to initialise") }
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw XCTSkip("FreeType cannot open \(path)")
        }
        self.library = library
        self.face = face
        try setPixelSize(pixelSize)
    }

    func setPixelSize(_ pixels: UInt32) throws {
        let error = FT_Set_Pixel_Sizes(face, 0, pixels)
        XCTAssertEqual(error, 0, "FT_Set_Pixel_Sizes(\(pixels))")
    }

    func glyph(for character: Character) -> UInt32 {
        let scalar = character.unicodeScalars.first?.value ?? 0
        return FT_Get_Char_Index(face, FT_ULong(scalar))
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }
}
