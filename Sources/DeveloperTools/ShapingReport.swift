import CHarfBuzz
import Typesetting

/// One paragraph shaped whole, as HarfBuzz's own command-line tool shapes
/// it (font units, direction and script guessed from the text), printed in
/// that tool's text format, so the two can be compared line for line.
public enum ShapingReport {
    /// `[glyph=cluster@xOffset,yOffset+xAdvance|...]`, offsets only when
    /// not zero and a y advance only when not zero; clusters count characters.
    public static func describe(text: String, font: FontFile) throws -> String {
        guard let blob = hb_blob_create_from_file_or_fail(font.path) else {
            throw TypesettingError.fontUnavailable(path: font.path, reason: "HarfBuzz cannot read it")
        }
        let face = hb_face_create(blob, UInt32(font.index))
        hb_blob_destroy(blob)
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let hbFont = hb_font_create(face) else {
            throw TypesettingError.fontUnavailable(path: font.path, reason: "not a font file HarfBuzz knows")
        }
        defer { hb_font_destroy(hbFont) }
        guard let buffer = hb_buffer_create() else { return "[]" }
        defer { hb_buffer_destroy(buffer) }
        let scalars = text.unicodeScalars.map(\.value)
        scalars.withUnsafeBufferPointer { units in
            hb_buffer_add_utf32(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return "[]" }
        var out = "["
        for index in 0..<Int(count) {
            let info = infos[index], position = positions[index]
            if index > 0 { out += "|" }
            out += "\(info.codepoint)=\(info.cluster)"
            if position.x_offset != 0 || position.y_offset != 0 { out += "@\(position.x_offset),\(position.y_offset)" }
            out += "+\(position.x_advance)"
            if position.y_advance != 0 { out += ",\(position.y_advance)" }
        }
        return out + "]"
    }
}
