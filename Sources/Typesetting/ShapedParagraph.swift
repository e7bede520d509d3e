import BookModel
import CHarfBuzz

/// A paragraph's characters itemised into runs (script, bidi level, face)
/// and shaped by HarfBuzz, with per-character widths, break opportunities
/// and hyphenation points. Indices are scalar offsets relative to the
/// paragraph's start.
struct ShapedParagraph {
    typealias Break = BreakOpportunity

    var scalars: [UInt32]
    /// All runs' glyphs; each run's slice is in visual order.
    var glyphs: [UInt32] = []
    var clusters: [Int32] = []
    var advances: [Int32] = []
    var xOffsets: [Int32] = []
    var yOffsets: [Int32] = []
    /// Runs in logical order.
    var runs: [TextRun] = []
    var bidi: BidiParagraph
    /// Width of the cluster starting at each character (0 inside a cluster), 26.6.
    var widths: [Int32]
    /// Spaces: they stretch in justified lines and hang at line ends.
    var isGlue: [Bool]
    /// Glyphs drawn as .notdef, by the character they belong to.
    var missing: [UInt8]
    var breaks: [Break]
    /// Markup characters, not shown (empty when the paragraph has none).
    var isHidden: [Bool] = []
    /// The paragraph's styled runs and ruby.
    var markup: InlineMarkup
    /// How Chinese and Japanese lines are adjusted (nil for other text).
    var spacing: InlineSpacing?
    /// Set in a vertical line: advances run down the column (`VerticalText`).
    var vertical: VerticalShaping? = nil

    var isRightToLeft: Bool { bidi.isRightToLeft }

    /// Whether the character at `index` is markup, not shown.
    @inline(__always)
    func hides(_ index: Int) -> Bool { !isHidden.isEmpty && isHidden[index] }

    /// Shapes `source` (a paragraph's decoded characters) with `face`, and
    /// fallback faces from `fonts` for what it lacks. In body text line
    /// ends are spaces and runs of spaces collapse to one. `direction` is
    /// the paragraph's when `source` is a window of a longer one.
    init(source: [UInt32], style: ParagraphStyle, fonts: FontSet, face: FontFace, services: TextServices,
         markup: InlineMarkup = InlineMarkup(), direction: BidiParagraph.Direction = .auto,
         vertical: VerticalShaping? = nil) {
        let count = source.count
        scalars = source
        self.markup = markup
        if !markup.hidden.isEmpty { isHidden = markup.hiddenMask(count: count) }
        // A line end between two wide characters is no space: hidden, and not glue.
        let vanishing = style == .body || style == .preserved
            ? SegmentBreaks.vanishing(in: source, keptLineEnds: style == .preserved) : []
        if !vanishing.isEmpty, isHidden.isEmpty { isHidden = [Bool](repeating: false, count: count) }
        for index in vanishing { isHidden[index] = true }
        widths = [Int32](repeating: 0, count: count)
        isGlue = [Bool](repeating: false, count: count)
        missing = [UInt8](repeating: 0, count: count)
        bidi = BidiParagraph(source, direction: direction)

        var shapingText = source
        for index in 0..<count {
            let scalar = source[index]
            if scalar == 0x0A || scalar == 0x09 || scalar == 0x20 {
                shapingText[index] = 0x20
                isGlue[index] = true
            }
        }
        for index in vanishing { isGlue[index] = false }
        breaks = vanishing.isEmpty ? services.lineBreaks.opportunities(source)
            : SegmentBreaks.opportunities(source, vanishing: vanishing) { services.lineBreaks.opportunities($0) }
        adjustBreaks(style: style, hyphenator: style == .body ? services.hyphenator : nil)
        if !markup.isEmpty { keepMarkupTogether() }

        let scripts = ScriptItemizer.scripts(source)
        var faces = chooseFaces(scripts: scripts, fonts: fonts, primary: face, language: services.language)
        if !markup.runs.isEmpty { applyStyles(to: &faces, fonts: fonts) }
        runs = ScriptItemizer.runs(scalars: source, scripts: scripts, levels: bidi.levels, faces: faces)
        if let vertical { prepareVertical(vertical, fonts: fonts) }
        shape(shapingText, fonts: fonts, language: services.hbLanguage)
        if !isHidden.isEmpty {
            for index in 0..<count where isHidden[index] {
                widths[index] = 0
                missing[index] = 0
            }
        }

        // Collapse: in body text a space after a space (or at the start)
        // takes no room; in a contents list too, so its entries line up.
        if style == .body || style == .contents {
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
        measureInlineSpacing(fonts: fonts, language: services.hbLanguage)
    }

    mutating func adjustBreaks(style: ParagraphStyle, hyphenator: Hyphenator?) {
        let count = scalars.count
        guard count > 0 else { return }
        for index in 0..<count {
            switch breaks[index] {
            case .mandatory where style == .body && scalars[index] == 0x0A && index != count - 1:
                // In prose a source line end is only a space.
                breaks[index] = .allowed
            case .allowed where scalars[index] == 0xAD && style == .body:
                breaks[index] = .hyphen
            default:
                break
            }
        }
        hyphenator?.mark(scalars, breaks: &breaks)
    }

    /// No line ends inside markup or a ruby base: a line may end only
    /// after the markup, as it would after the text it marks.
    mutating func keepMarkupTogether() {
        for range in markup.hidden where range.count > 1 {
            for index in range.lowerBound..<(range.upperBound - 1) where breaks[index] != .mandatory {
                breaks[index] = .none
            }
        }
        for ruby in markup.rubies {
            for index in ruby.base where breaks[index] != .mandatory { breaks[index] = .none }
        }
    }

    /// Characters in an italic or bold run take the family's face in that
    /// style (when it has the character).
    func applyStyles(to faces: inout [Int], fonts: FontSet) {
        let (indices, styles) = markup.styleIndices(count: scalars.count)
        for index in scalars.indices where indices[index] != 0 {
            let style = styles[Int(indices[index])]
            guard style.changesFace else { continue }
            let styled = fonts.face(fonts.faces[faces[index]], styled: style)
            if isGlue[index] || styled.hasGlyph(scalars[index]) { faces[index] = styled.id }
        }
    }

    /// The faces of a paragraph set in one face, as below: most paragraphs
    /// have every character in it, and then every rule below chooses it.
    func chooseFaces(scripts: [hb_script_t], fonts: FontSet, primary face: FontFace, language: String?) -> [Int] {
        let covered = scalars.withUnsafeBufferPointer { scalars in
            isGlue.withUnsafeBufferPointer { isGlue in
                scalars.indices.allSatisfy { isGlue[$0] || scalars[$0] < 0x20 || face.hasGlyph(scalars[$0]) }
            }
        }
        if covered { return [Int](repeating: face.id, count: scalars.count) }
        return chooseFaces(scripts: scripts, fonts: fonts, primary: { _ in face }, language: language)
    }

    /// The face of each scalar: its primary face (the paragraph's, or a
    /// styled run's) when it has the character, else a fallback; marks and
    /// joiners stay with their base, and spaces and punctuation with the
    /// face before them when it has them. A space after a run of another
    /// style (inline code in monospace) takes its own run's face: the
    /// other face's space is another width.
    func chooseFaces(scripts: [hb_script_t], fonts: FontSet, primary: (Int) -> FontFace, language: String?) -> [Int] {
        var faces = [Int](repeating: 0, count: scalars.count)
        var previous = scalars.isEmpty ? nil : primary(0)
        var previousPrimary = previous
        for (index, scalar) in scalars.enumerated() {
            let face = primary(index)
            // A run set in a fallback face of this very primary face.
            let inFallback = previous.map { $0.id != previousPrimary?.id && previousPrimary?.id == face.id } ?? false
            var chosen = face
            if let previous, hides(index) {
                chosen = previous
            } else if isGlue[index] || scalar < 0x20 {
                let sameStyle = previousPrimary?.id == face.id
                chosen = previous.map { sameStyle && $0.hasGlyph(0x20) ? $0 : face } ?? face
            } else if let previous, ScriptItemizer.clingsToPrevious(scalar) || ShapedParagraph.isInvisible(scalar) {
                chosen = previous
            } else if let previous, inFallback, previous.hasGlyph(scalar), scalar < 0x3000 || !face.hasGlyph(scalar) {
                // Keep punctuation and digits inside a fallback run in the same font.
                chosen = face.hasGlyph(scalar) && ScriptItemizer.isLetter(scalar) ? face : previous
            } else if face.hasGlyph(scalar) {
                chosen = face
            } else if let fallback = fonts.fallbackFace(for: scalar, script: scripts[index].rawValue,
                                                        language: language, base: face) {
                chosen = fallback
            }
            faces[index] = chosen.id
            previous = chosen
            previousPrimary = face
        }
        return faces
    }

    mutating func shape(_ text: [UInt32], fonts: FontSet, language: hb_language_t?) {
        let count = text.count
        guard count > 0, let buffer = hb_buffer_create() else { return }
        defer { hb_buffer_destroy(buffer) }
        glyphs.reserveCapacity(count)
        clusters.reserveCapacity(count)
        advances.reserveCapacity(count)
        xOffsets.reserveCapacity(count)
        yOffsets.reserveCapacity(count)
        for runIndex in runs.indices {
            let run = runs[runIndex]
            hb_buffer_clear_contents(buffer)
            // The whole paragraph is context, so joining continues across runs.
            text.withUnsafeBufferPointer { units in
                hb_buffer_add_utf32(buffer, units.baseAddress, Int32(count), UInt32(run.range.lowerBound),
                                    Int32(run.range.count))
            }
            let upright = run.form == .upright
            hb_buffer_set_direction(buffer, upright ? HB_DIRECTION_TTB : run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, run.script)
            if let language = run.language ?? language { hb_buffer_set_language(buffer, language) }
            hb_buffer_guess_segment_properties(buffer)
            let face = fonts.faces[run.face]
            hb_shape(face.hbFont, buffer, nil, 0)

            var glyphCount: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
                  let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { continue }
            let first = glyphs.count
            for index in 0..<Int(glyphCount) {
                let info = infos[index], position = positions[index]
                let cluster = Int(info.cluster)
                glyphs.append(info.codepoint)
                clusters.append(Int32(cluster))
                // A thickened (synthesised bold) glyph is wider by the thickening.
                var advance = position.x_advance + (position.x_advance > 0 ? face.emboldening : 0)
                if upright, let vertical {
                    // Down the column: the offsets turned with the page (`VerticalText`).
                    advance = -position.y_advance
                    xOffsets.append(-position.y_offset)
                    yOffsets.append(vertical.crossSign * position.x_offset)
                } else {
                    xOffsets.append(position.x_offset)
                    yOffsets.append(position.y_offset)
                }
                advances.append(advance)
                widths[cluster] += advance
                if info.codepoint == 0, !isGlue[cluster], !ShapedParagraph.isInvisible(scalars[cluster]) {
                    missing[cluster] &+= 1
                }
            }
            runs[runIndex].glyphs = first..<glyphs.count
            if run.form == .combined { combineGlyphs(ofRun: runIndex, face: face) }
        }
    }

    /// Characters that draw nothing, so a .notdef for them is not missing text.
    static func isInvisible(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00AD, 0x061C, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0xFE00...0xFE0F: return true
        default: return false
        }
    }
}
