import CHarfBuzz
import CICU

/// JLReq's classes of the punctuation whose full-width glyph is half ink,
/// half blank, and of the characters kept together or hanging at a line's
/// end. Wide forms, and the small forms Chinese files use (﹐﹒﹔﹕).
enum PunctuationClass: Equatable {
    /// Opening brackets (cl-01): the blank is before the ink.
    case opening
    /// Closing brackets (cl-02), commas (cl-07) and full stops (cl-06): the blank is after it.
    case closing
    /// Middle dots (cl-05) ・：；: a quarter blank on each side.
    case middle

    /// By UAX #14's classes through ICU (OP, CL and CP), quotation marks
    /// by whether they open or close, and the middle dots by name.
    init?(_ scalar: UInt32) {
        guard scalar >= 0x2000 else { return nil }
        switch scalar {
        case 0x30FB, 0xFF1A, 0xFF1B, 0xFE54, 0xFE55: self = .middle
        case 0x2018, 0x201C: self = .opening
        case 0x2019, 0x201D: self = .closing
        default:
            if CICU_endsNoLine(scalar) != 0 {
                self = .opening
            } else if CICU_isClosingMark(scalar) != 0 {
                self = .closing
            } else {
                return nil
            }
        }
    }

    /// 、。，． (and their small forms): the marks JLReq lets hang past a line's end.
    static func hangs(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFE50, 0xFE51, 0xFE52: true
        default: false
        }
    }

    /// Characters that repeat to make one mark (…… ‥‥ ——, cl-08): no
    /// space is put between two of them.
    static func isInseparable(_ scalar: UInt32) -> Bool {
        scalar == 0x2026 || scalar == 0x2025 || scalar == 0x2014 || scalar == 0x2015 || scalar == 0x3033
            || scalar == 0x3034 || scalar == 0x3035
    }
}

/// The blank before and after a punctuation mark's ink that may be taken
/// away, 26.6 pixels at its face's size.
struct PunctuationBlanks: Equatable {
    var before: Int32
    var after: Int32

    static let none = PunctuationBlanks(before: 0, after: 0)
}

/// What a face's punctuation blanks are kept under: the character, and the
/// language its glyph was chosen for (Chinese and Japanese fonts place 。
/// and ， differently by locale).
struct PunctuationKey: Hashable {
    var scalar: UInt32
    var language: UInt
}

extension FontFace {
    /// The blanks of `scalar`, a mark of `PunctuationClass`, in text of
    /// `language`: what HarfBuzz's half-width forms (`halt`) take away
    /// where the font has them, else, for a full-width glyph, half its
    /// advance on the side its class leaves blank. Kept per face.
    func punctuationBlanks(of scalar: UInt32, language: hb_language_t?) -> PunctuationBlanks {
        let key = PunctuationKey(scalar: scalar, language: UInt(bitPattern: language))
        if let known = punctuationBlankCache[key] { return known }
        let found = measureBlanks(of: scalar, language: language)
        punctuationBlankCache[key] = found
        return found
    }

    private func measureBlanks(of scalar: UInt32, language: hb_language_t?) -> PunctuationBlanks {
        guard let kind = PunctuationClass(scalar), let full = shapeAlone(scalar, language: language, halfWidth: false),
              full.advance > 0 else { return .none }
        if let half = shapeAlone(scalar, language: language, halfWidth: true), half.advance < full.advance {
            let before = max(0, half.offset - full.offset)
            return PunctuationBlanks(before: min(before, full.advance - half.advance),
                                     after: max(0, full.advance - half.advance - before))
        }
        // No half-width form: a glyph of (nearly) a full em is half blank.
        let em = Int32(pixelSize * 64)
        guard full.advance * 10 >= em * 9 else { return .none }
        let blank = full.advance - em / 2
        switch kind {
        case .opening: return PunctuationBlanks(before: blank, after: 0)
        case .closing: return PunctuationBlanks(before: 0, after: blank)
        case .middle: return PunctuationBlanks(before: blank / 2, after: blank - blank / 2)
        }
    }

    /// The advance of `scalar` shaped alone in Han script, and how far its
    /// glyph is moved back (the negated x offset), with or without `halt`.
    private func shapeAlone(_ scalar: UInt32, language: hb_language_t?,
                            halfWidth: Bool) -> (advance: Int32, offset: Int32)? {
        guard let buffer = hb_buffer_create() else { return nil }
        defer { hb_buffer_destroy(buffer) }
        var text = scalar
        hb_buffer_add_utf32(buffer, &text, 1, 0, 1)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_HAN)
        if let language { hb_buffer_set_language(buffer, language) }
        if halfWidth {
            var feature = hb_feature_t(tag: hb_tag_from_string("halt", 4), value: 1, start: 0, end: UInt32.max)
            hb_shape(hbFont, buffer, &feature, 1)
        } else {
            hb_shape(hbFont, buffer, nil, 0)
        }
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count), count == 1 else { return nil }
        return (positions[0].x_advance, -positions[0].x_offset)
    }
}
