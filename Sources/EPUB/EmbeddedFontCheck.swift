import BookModel
import CFreeType
import Typesetting

/// Whether FreeType opens an embedded font from the bytes the book's
/// resources give for it (recovered, when it was obfuscated).
public enum EmbeddedFontCheck {
    /// Fonts larger than this are not loaded.
    public static let maximumFontSize = 32 << 20

    public static func loads(_ font: EmbeddedFont, from resources: DocumentResources) -> Bool {
        guard let bytes = try? resources.data(of: font.resource, limit: maximumFontSize) else { return false }
        return loads(bytes)
    }

    public static func loads(_ bytes: [UInt8]) -> Bool {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return false }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        let error = bytes.withUnsafeBufferPointer { buffer in
            FT_New_Memory_Face(library, buffer.baseAddress, FT_Long(buffer.count), 0, &face)
        }
        guard error == 0, let face else { return false }
        defer { FT_Done_Face(face) }
        return face.pointee.num_glyphs > 0
    }
}
