import CFreeType

/// A FreeType call that failed while rendering a glyph.
public struct GlyphRenderingError: Error, Equatable, CustomStringConvertible {
    public let operation: String
    public let glyph: UInt32
    public let code: Int32

    public var description: String {
        let reason = FT_Error_String(code).map { String(cString: $0) } ?? "FreeType error \(code)"
        return "\(operation) failed for glyph \(glyph): \(reason)"
    }
}

/// Renders one glyph of a sized FreeType face into a coverage mask.
///
/// Light hinting (vertical only) keeps horizontal positions true, so the
/// outline can be shifted by a fraction of a pixel before rendering and text
/// keeps its designed spacing.
public enum GlyphRasterizer {
    /// Horizontal positions are quantised to 1/`subpixelPhases` pixel.
    public static let subpixelPhases = 4

    /// `FT_LOAD_TARGET_LIGHT`, spelled out because Swift cannot import the
    /// function-like `FT_LOAD_TARGET_` macro it is built from.
    static let loadTargetLight = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16

    /// Splits a pen position in 26.6 fixed point into whole pixels and a
    /// subpixel phase, rounded to the nearest phase. Shifts floor, so
    /// positions left of the page split the same way.
    static func quantise(penX: Int) -> (pixel: Int, phase: Int) {
        // 16 units of 1/64 pixel a phase: four phases a pixel.
        let phases = (penX + 8) >> 4
        return (phases >> 2, phases & (subpixelPhases - 1))
    }

    /// Renders `glyph` of `face` (already sized) moved right by
    /// `phase`/`subpixelPhases` of a pixel, its outline thickened by
    /// `emboldening` (26.6 pixels; a bold made from a regular face).
    public static func render(face: FT_Face, glyph: UInt32, phase: Int, emboldening: Int32 = 0) throws -> GlyphBitmap {
        precondition((0..<subpixelPhases).contains(phase), "subpixel phase \(phase) out of range")
        var error = FT_Load_Glyph(face, glyph, loadTargetLight)
        guard error == 0 else { throw GlyphRenderingError(operation: "FT_Load_Glyph", glyph: glyph, code: error) }
        guard let slot = face.pointee.glyph else {
            throw GlyphRenderingError(operation: "FT_Load_Glyph", glyph: glyph, code: -1)
        }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE && emboldening > 0 {
            FT_Outline_Embolden(&slot.pointee.outline, FT_Pos(emboldening))
        }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE && phase != 0 {
            // 26.6 fixed point: one pixel is 64 units.
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / subpixelPhases), 0)
        }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
            guard error == 0 else {
                throw GlyphRenderingError(operation: "FT_Render_Glyph", glyph: glyph, code: error)
            }
        }
        let left = Int(slot.pointee.bitmap_left)
        let top = Int(slot.pointee.bitmap_top)
        if slot.pointee.bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            return packed(slot.pointee.bitmap, left: left, top: top, scale: 1)
        }
        return try converted(slot.pointee.bitmap, library: slot.pointee.library, glyph: glyph, left: left, top: top)
    }

    /// Turns mono or colour bitmaps (bitmap-only or emoji fonts) into gray.
    static func converted(
        _ bitmap: FT_Bitmap, library: FT_Library?, glyph: UInt32, left: Int, top: Int
    ) throws -> GlyphBitmap {
        var source = bitmap
        var gray = FT_Bitmap()
        FT_Bitmap_Init(&gray)
        defer { FT_Bitmap_Done(library, &gray) }
        let error = FT_Bitmap_Convert(library, &source, &gray, 1)
        guard error == 0 else { throw GlyphRenderingError(operation: "FT_Bitmap_Convert", glyph: glyph, code: error) }
        // Converted masks count 0...num_grays-1; stretch them to 0...255.
        let levels = max(Int(gray.num_grays) - 1, 1)
        return packed(gray, left: left, top: top, scale: 255 / levels)
    }

    /// Copies an 8-bit FreeType bitmap into packed rows, top row first.
    static func packed(_ bitmap: FT_Bitmap, left: Int, top: Int, scale: Int) -> GlyphBitmap {
        let width = Int(bitmap.width)
        let height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            return GlyphBitmap(width: 0, height: 0, left: left, top: top, coverage: [])
        }
        let pitch = Int(bitmap.pitch)
        let coverage = [UInt8](unsafeUninitializedCapacity: width * height) { storage, count in
            for row in 0..<height {
                // A negative pitch means rows are stored bottom-up.
                let sourceRow = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                for column in 0..<width {
                    storage[row * width + column] = UInt8(min(Int(sourceRow[column]) * scale, 255))
                }
            }
            count = width * height
        }
        return GlyphBitmap(width: width, height: height, left: left, top: top, coverage: coverage)
    }
}
