import CHarfBuzz

/// A stretch of a paragraph shaped in one call: one script, one bidi
/// level, one face.
struct TextRun: Equatable {
    /// Scalar offsets relative to the paragraph.
    var range: Range<Int>
    var script: hb_script_t
    var level: UInt8
    /// Index into the FontSet's faces.
    var face: Int
    /// The run's glyphs in the paragraph's glyph arrays, in HarfBuzz's
    /// output order (visual order within the run).
    var glyphs: Range<Int> = 0..<0
    /// How far the run sits above the baseline (a superscript; below it
    /// when negative), 26.6 pixels.
    var rise: Int32 = 0
    /// The run's language when it is not the paragraph's.
    var language: hb_language_t? = nil
    /// How the run stands in a vertical line; nil in a horizontal one.
    var form: VerticalForm? = nil

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Splits a paragraph into runs by script (Unicode Script property
/// through HarfBuzz's Unicode functions), bidi level and face.
enum ScriptItemizer {
    /// The script of each scalar, with Common and Inherited characters
    /// (spaces, punctuation, marks) taking the script of the text before
    /// them, or after them at the start.
    static func scripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var result = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: scalars.count)
        var current: hb_script_t? = nil
        for (index, scalar) in scalars.enumerated() {
            // ASCII letters are Latin, everything else in ASCII Common: skip the call.
            let script: hb_script_t
            if scalar < 0x80 {
                script = (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
            } else {
                script = hb_unicode_script(funcs, scalar)
            }
            if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN {
                result[index] = current ?? HB_SCRIPT_COMMON
            } else {
                if current == nil {
                    for earlier in 0..<index { result[earlier] = script }
                }
                current = script
                result[index] = script
            }
        }
        return result
    }

    /// Whether a scalar must be drawn with the face of the character
    /// before it: combining marks and joiners.
    static func clingsToPrevious(_ scalar: UInt32) -> Bool {
        if scalar < 0x300 { return false }
        if scalar == 0x200C || scalar == 0x200D || (0xFE00...0xFE0F).contains(scalar) { return true }
        switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar) {
        case HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK,
             HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK:
            return true
        default:
            return false
        }
    }

    /// Marks and joiners on one base shaped in one call at most: HarfBuzz's
    /// time grows with the square of a cluster's length, and no writing
    /// needs more than a few.
    static let longestCluster = 64

    /// Maximal runs of equal script, level, face and key (a block's
    /// styles that shaping or placing sees beyond the face), also cut
    /// inside a cluster longer than `longestCluster`.
    static func runs(scalars: [UInt32], scripts: [hb_script_t], levels: [UInt8], faces: [Int],
                     keys: [UInt16]? = nil) -> [TextRun] {
        var runs: [TextRun] = []
        var start = 0
        var clustered = 0
        let count = scripts.count
        for index in 0...count {
            if index < count, scalars[index] >= 0x300, clingsToPrevious(scalars[index]) {
                clustered += 1
            } else {
                clustered = 0
            }
            let boundary = index == count || (index > start && (scripts[index] != scripts[start]
                || levels[index] != levels[start] || faces[index] != faces[start]
                || (keys.map { $0[index] != $0[start] } ?? false) || clustered > longestCluster))
            if clustered > longestCluster { clustered = 0 }
            guard boundary, index > start else { continue }
            runs.append(TextRun(range: start..<index, script: scripts[start], level: levels[start], face: faces[start]))
            start = index
        }
        return runs
    }
}

extension ScriptItemizer {
    /// Letters, as opposed to punctuation, digits and symbols.
    static func isLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A }
        switch hb_unicode_general_category(hb_unicode_funcs_get_default(), scalar) {
        case HB_UNICODE_GENERAL_CATEGORY_LOWERCASE_LETTER, HB_UNICODE_GENERAL_CATEGORY_UPPERCASE_LETTER,
             HB_UNICODE_GENERAL_CATEGORY_TITLECASE_LETTER, HB_UNICODE_GENERAL_CATEGORY_OTHER_LETTER,
             HB_UNICODE_GENERAL_CATEGORY_MODIFIER_LETTER:
            return true
        default:
            return false
        }
    }
}
