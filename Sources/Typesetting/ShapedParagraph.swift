import CHarfBuzz
import CUnibreak

/// A paragraph's characters shaped by HarfBuzz, with per-character widths
/// and UAX #14 break opportunities. Indices are scalar offsets relative to
/// the paragraph's start.
struct ShapedParagraph {
    enum Break: UInt8 { case none, allowed, mandatory }

    var scalars: [UInt32]
    var glyphs: [UInt32] = []
    var clusters: [Int32] = []
    var advances: [Int32] = []
    var xOffsets: [Int32] = []
    var yOffsets: [Int32] = []
    /// Width of the cluster starting at each character (0 inside a cluster), 26.6.
    var widths: [Int32]
    /// Spaces: they stretch in justified lines and hang at line ends.
    var isGlue: [Bool]
    /// Glyphs drawn as .notdef, by the character they belong to.
    var missing: [UInt8]
    var breaks: [Break]
    var isRightToLeft = false

    /// Shapes `source` (a paragraph's decoded characters). In body text line
    /// ends are spaces and runs of spaces collapse to one.
    init(source: [UInt32], style: ParagraphStyle, face: FontFace, language: String? = nil) {
        let count = source.count
        scalars = source
        widths = [Int32](repeating: 0, count: count)
        isGlue = [Bool](repeating: false, count: count)
        missing = [UInt8](repeating: 0, count: count)
        breaks = [Break](repeating: .none, count: count)

        var shapingText = source
        for index in 0..<count {
            let scalar = source[index]
            if scalar == 0x0A || scalar == 0x09 || scalar == 0x20 {
                shapingText[index] = 0x20
                isGlue[index] = true
            }
        }
        computeBreaks(style: style, language: language)
        shape(shapingText, face: face)

        // Collapse: in body text a space after a space (or at the start) takes no room.
        if style == .body {
            var previousWasGlue = true
            for index in 0..<count {
                if isGlue[index] {
                    if previousWasGlue { widths[index] = 0 }
                    previousWasGlue = true
                } else {
                    previousWasGlue = false
                }
            }
        }
        // Where line ends are kept they break the line and take no room.
        if style != .body {
            for index in 0..<count where source[index] == 0x0A { widths[index] = 0 }
        }
    }

    private mutating func computeBreaks(style: ParagraphStyle, language: String?) {
        let count = scalars.count
        guard count > 0 else { return }
        var raw = [CChar](repeating: 0, count: count)
        scalars.withUnsafeBufferPointer { text in
            raw.withUnsafeMutableBufferPointer { out in
                set_linebreaks_utf32(text.baseAddress, count, language, out.baseAddress)
            }
        }
        for index in 0..<count {
            switch Int32(raw[index]) {
            case LINEBREAK_MUSTBREAK:
                // In prose a source line end is only a space.
                if style == .body, scalars[index] == 0x0A || index == count - 1 {
                    breaks[index] = index == count - 1 ? .mandatory : .allowed
                } else {
                    breaks[index] = .mandatory
                }
            case LINEBREAK_ALLOWBREAK: breaks[index] = .allowed
            default: breaks[index] = .none
            }
        }
    }

    private mutating func shape(_ text: [UInt32], face: FontFace) {
        let count = text.count
        guard count > 0, let buffer = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buffer) }
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf32(buffer, units.baseAddress, Int32(count), 0, Int32(count))
        }
        hb_buffer_guess_segment_properties(buffer)
        isRightToLeft = hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL
        hb_shape(face.hbFont, buffer, nil, 0)

        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
              let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { return }
        let total = Int(glyphCount)
        glyphs.reserveCapacity(total)
        clusters.reserveCapacity(total)
        advances.reserveCapacity(total)
        xOffsets.reserveCapacity(total)
        yOffsets.reserveCapacity(total)
        for index in 0..<total {
            let info = infos[index], position = positions[index]
            let cluster = Int(info.cluster)
            glyphs.append(info.codepoint)
            clusters.append(Int32(cluster))
            advances.append(position.x_advance)
            xOffsets.append(position.x_offset)
            yOffsets.append(position.y_offset)
            widths[cluster] += position.x_advance
            if info.codepoint == 0, !isGlue[cluster], !ShapedParagraph.isInvisible(scalars[cluster]) {
                missing[cluster] &+= 1
            }
        }
    }

    /// Characters that draw nothing, so a .notdef for them is not missing text.
    static func isInvisible(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00AD, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0xFEFF, 0xFE00...0xFE0F: return true
        default: return false
        }
    }
}
