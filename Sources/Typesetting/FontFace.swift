import CFreeType
import CHarfBuzz

/// One font file at one pixel size: a FreeType face for rasterising and a
/// HarfBuzz font for shaping, both over the same file.
/// Not thread-safe: each thread that lays out or draws owns its own faces.
public final class FontFace {
    /// Stable within a FontSet; part of glyph cache keys.
    public let id: Int
    public let file: FontFile
    /// The file's bytes, which the FreeType face reads for as long as it lives.
    let data: FontFileData
    public let pixelSize: Int
    /// Sized FreeType face. Valid for the lifetime of this object.
    public let ftFace: FT_Face
    let hbFont: OpaquePointer
    private let library: FreeTypeLibrary
    /// Vertical metrics in 26.6 fixed point pixels.
    public let ascender: Int32
    public let descender: Int32
    public let lineGap: Int32
    /// The hyphen drawn where a word is broken: U+2010 when the font has it, else U+002D.
    public let hyphenCharacter: UInt32
    let hyphenGlyph: UInt32
    /// 26.6 pixels.
    let hyphenAdvance: Int32
    /// The advance of U+0020, the unit of `max_space_stretch`; 26.6 pixels.
    public let spaceAdvance: Int32
    /// Outlines are slanted when loaded: an italic made from an upright
    /// face when the family has no italic installed.
    public let synthesisedSlant: Bool
    /// Outlines are thickened by this much (26.6 pixels; 0 for none), and
    /// every advance grows by it: a bold made from a regular face when the
    /// family has no bold.
    public let emboldening: Int32
    /// Whether each BMP character has a glyph: 0 unknown, 1 yes, 2 no; in
    /// blocks of 256 characters made when first asked for, as a book needs
    /// few of them and a reader holds many faces.
    private var coverage = [[UInt8]](repeating: [], count: 0x100)
    /// Whether each ASCII character has a glyph, one bit each: asked of
    /// nearly every character of most books, so read without the cache's
    /// bookkeeping.
    private let asciiCoverage: (low: UInt64, high: UInt64)
    /// Chinese and Japanese punctuation's blanks, measured when first asked for (`PunctuationBlanks`).
    var punctuationBlankCache: [PunctuationKey: PunctuationBlanks] = [:]
    /// Where its Chinese and Japanese characters are drawn, for the marks set close to them.
    private(set) lazy var ideographicBaselines = IdeographicBaselines(font: hbFont)

    init(id: Int, data: FontFileData, pixelSize: Int, library: FreeTypeLibrary, synthesisedSlant: Bool = false,
         synthesisedBold: Bool = false) throws {
        let file = data.file
        guard pixelSize >= 4, pixelSize <= 400 else {
            throw TypesettingError.fontUnavailable(path: file.path, reason: "font size \(pixelSize) px is outside 4...400")
        }
        self.id = id
        self.file = file
        self.data = data
        self.pixelSize = pixelSize
        self.library = library
        var face: FT_Face? = nil
        let bytes = data.bytes
        let error = FT_New_Memory_Face(library.handle, bytes.base, FT_Long(bytes.count), FT_Long(file.index), &face)
        guard error == 0, let face else {
            throw TypesettingError.fontUnavailable(path: file.path, reason: FreeTypeLibrary.describe(error))
        }
        if FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize)) != 0 {
            FT_Done_Face(face)
            throw TypesettingError.fontUnavailable(path: file.path, reason: "cannot be set to \(pixelSize) px")
        }
        if synthesisedSlant {
            // The shear FreeType's own oblique uses: x += 0.2 y.
            var slant = FT_Matrix(xx: 0x10000, xy: 0x0366A, yx: 0, yy: 0x10000)
            FT_Set_Transform(face, &slant, nil)
        }
        self.synthesisedSlant = synthesisedSlant
        // FreeType's own emboldening strength: a 24th of the em.
        emboldening = synthesisedBold ? Int32(max(1, pixelSize * 64 / 24)) : 0
        ftFace = face

        // HarfBuzz reads the same bytes and uses its own OpenType metrics:
        // unhinted advances, which suit subpixel positioning. WOFF tables
        // come unpacked through FreeType.
        let hbFace = data.sharedFace.map { hb_face_reference($0) } ?? hb_ft_face_create_referenced(face)
        guard let font = hb_font_create(hbFace) else {
            hb_face_destroy(hbFace)
            FT_Done_Face(face)
            throw TypesettingError.fontUnavailable(path: file.path, reason: "HarfBuzz cannot open it")
        }
        hb_face_destroy(hbFace)
        let scale = Int32(pixelSize * 64)
        hb_font_set_scale(font, scale, scale)
        hbFont = font

        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        ascender = extents.ascender
        descender = extents.descender
        lineGap = extents.line_gap

        var glyph: hb_codepoint_t = 0
        if hb_font_get_nominal_glyph(font, 0x2010, &glyph) != 0 {
            hyphenCharacter = 0x2010
        } else {
            hyphenCharacter = 0x2D
            if hb_font_get_nominal_glyph(font, 0x2D, &glyph) == 0 { glyph = 0 }
        }
        hyphenGlyph = glyph
        hyphenAdvance = hb_font_get_glyph_h_advance(font, glyph)
        var space: hb_codepoint_t = 0
        let spaceWidth = hb_font_get_nominal_glyph(font, 0x20, &space) != 0 ? hb_font_get_glyph_h_advance(font, space) : 0
        spaceAdvance = spaceWidth > 0 ? spaceWidth : Int32(pixelSize * 64 / 4)
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        for scalar in UInt32(0)..<0x80 where hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 {
            if scalar < 64 { ascii.low |= 1 << UInt64(scalar) } else { ascii.high |= 1 << UInt64(scalar - 64) }
        }
        asciiCoverage = ascii
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(ftFace)
    }

    /// The glyph for a character, or nil when the font lacks it.
    public func glyph(for scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font has a glyph for a character; cached for the BMP.
    func hasGlyph(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            let bits = scalar < 64 ? asciiCoverage.low >> UInt64(scalar) : asciiCoverage.high >> UInt64(scalar - 64)
            return bits & 1 != 0
        }
        guard scalar < 0x10000 else { return glyph(for: scalar) != nil }
        let block = Int(scalar >> 8), index = Int(scalar & 0xFF)
        if coverage[block].isEmpty { coverage[block] = [UInt8](repeating: 0, count: 0x100) }
        switch coverage[block][index] {
        case 1: return true
        case 2: return false
        default:
            let has = glyph(for: scalar) != nil
            coverage[block][index] = has ? 1 : 2
            return has
        }
    }

    /// Horizontal advance of a glyph in 26.6 pixels.
    public func advance(ofGlyph glyph: UInt32) -> Int32 {
        hb_font_get_glyph_h_advance(hbFont, glyph)
    }
}

/// Owns an FT_Library; faces keep it alive.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws {
        var library: FT_Library? = nil
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw TypesettingError.fontUnavailable(path: "FreeType", reason: "the library cannot start")
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    static func describe(_ error: FT_Error) -> String {
        switch error {
        case 0x01: return "no such file or it cannot be opened"
        case 0x02, 0x03: return "not a font file FreeType knows"
        case 0x06: return "no such face in this file"
        default: return "FreeType error 0x\(String(error, radix: 16))"
        }
    }
}
