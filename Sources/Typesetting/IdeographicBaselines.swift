import CHarfBuzz

/// Where a font's ideographic em box and character face (the box inside it
/// that its Chinese and Japanese characters fill) lie, from its BASE table,
/// so that ruby and emphasis marks can be set close to the characters they
/// belong to. What the table lacks is HarfBuzz's fallback for the em box,
/// which without a table is the ascender and descender across a horizontal
/// line and half an em each side of the middle across a vertical one; a
/// font without a character face (a Latin one) gives its em box for it.
/// 26.6 pixels.
struct IdeographicBaselines: Equatable {
    /// A horizontal line's: how far the character face reaches above the baseline.
    var faceTop: Int32
    /// A horizontal line's: the em box's bottom above the baseline (below it when negative).
    var emBoxBottom: Int32
    /// A vertical line's: the character face's right and left edges right
    /// of the em box's middle, where an upright glyph is centred (left of
    /// it when negative).
    var faceRight: Int32
    var faceLeft: Int32
    /// A vertical line's: half the em box's width.
    var halfEmBoxWidth: Int32

    /// Reads the baselines of `font` (an `hb_font_t` set to its pixel size).
    init(font: OpaquePointer) {
        let horizontal = HB_DIRECTION_LTR, vertical = HB_DIRECTION_TTB
        faceTop = Self.inFont(HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_TOP_OR_RIGHT, of: font, direction: horizontal)
            ?? Self.made(HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_TOP_OR_RIGHT, of: font, direction: horizontal)
        emBoxBottom = Self.made(HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT, of: font, direction: horizontal)
        let right = Self.made(HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_TOP_OR_RIGHT, of: font, direction: vertical)
        let left = Self.made(HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT, of: font, direction: vertical)
        let middle = (right + left) / 2
        faceRight = (Self.inFont(HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_TOP_OR_RIGHT, of: font, direction: vertical) ?? right)
            - middle
        faceLeft = (Self.inFont(HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT, of: font, direction: vertical) ?? left)
            - middle
        halfEmBoxWidth = (right - left) / 2
    }

    /// The Han script's tag: the BASE table's record for it, else its default one.
    private static let script: hb_tag_t = 0x6861_6E69  // "hani"

    /// A baseline the font gives, or nil.
    private static func inFont(_ tag: hb_ot_layout_baseline_tag_t, of font: OpaquePointer,
                               direction: hb_direction_t) -> Int32? {
        var coordinate: hb_position_t = 0
        return hb_ot_layout_get_baseline(font, tag, direction, script, 0, &coordinate) != 0 ? coordinate : nil
    }

    /// A baseline the font gives, or HarfBuzz's for it when it has none.
    private static func made(_ tag: hb_ot_layout_baseline_tag_t, of font: OpaquePointer,
                             direction: hb_direction_t) -> Int32 {
        var coordinate: hb_position_t = 0
        hb_ot_layout_get_baseline_with_fallback(font, tag, direction, script, 0, &coordinate)
        return coordinate
    }
}
