import CHarfBuzz

/// How a paragraph of Chinese or Japanese may be adjusted along its lines,
/// as JLReq sets it: the blanks of its punctuation that may be taken away
/// and the places between characters where space may be put or taken.
/// Amounts are along the inline direction (26.6 pixels of advance), so
/// a line set across and a column set down are adjusted alike.
struct InlineSpacing {
    /// Per character: the blank before and after its ink that may go.
    var blankBefore: [Int32]
    var blankAfter: [Int32]
    /// Per character: space may be put or taken between it and the next
    /// character shown (between ideographs and kana, and between them and
    /// Latin; never inside a Latin word, after an opening bracket, before
    /// a closing mark, nor inside …… or ——).
    var spreadsAfter: [Bool]
    /// Some character may hang past a line's end.
    var hasHangingMarks: Bool

    /// Both blanks of the character at `index`.
    @inline(__always)
    func blanks(at index: Int) -> Int32 { blankBefore[index] + blankAfter[index] }

    /// The index of the last character shown in `range` that takes room
    /// (spaces, markup and marks inside a cluster take none), or nil.
    static func lastShown(in range: Range<Int>, of paragraph: ShapedParagraph) -> Int? {
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            if !paragraph.isGlue[index], paragraph.widths[index] > 0 { return index }
            index -= 1
        }
        return nil
    }
}

extension ShapedParagraph {
    /// Finds the spacing of a paragraph holding Chinese or Japanese (none
    /// for other text). Two marks side by side lose the blank between them
    /// for good, as JLReq's spacing between adjacent punctuation and the
    /// fonts' `chws` feature do: 。」 keeps one half-width blank, 」「 one.
    mutating func measureInlineSpacing(fonts: FontSet, language: hb_language_t?) {
        let count = scalars.count
        guard scalars.contains(where: { SegmentBreaks.isWide($0) }) else { return }
        var before = [Int32](repeating: 0, count: count)
        var after = [Int32](repeating: 0, count: count)
        // Each mark's glyphs: the first (moved back for a blank before) and the last.
        var glyphSpan: [Int: (first: Int, last: Int)] = [:]
        for run in runs where !run.isRightToLeft {
            let face = fonts.faces[run.face]
            for glyph in run.glyphs {
                let cluster = Int(clusters[glyph])
                guard PunctuationClass(scalars[cluster]) != nil, !hides(cluster) else { continue }
                if let span = glyphSpan[cluster] {
                    glyphSpan[cluster] = (span.first, glyph)
                    continue
                }
                glyphSpan[cluster] = (glyph, glyph)
                let blanks = face.punctuationBlanks(of: scalars[cluster], language: run.language ?? language)
                // Never more than half the mark, whatever its glyph in this context.
                let most = max(0, widths[cluster] / 2)
                before[cluster] = min(blanks.before, most)
                after[cluster] = min(blanks.after, most - before[cluster])
            }
        }
        var spreads = [Bool](repeating: false, count: count)
        var previous = -1
        var hangs = false
        for index in 0..<count where !hides(index) && (isGlue[index] || widths[index] > 0) {
            defer { previous = index }
            if PunctuationClass.hangs(scalars[index]) { hangs = true }
            guard previous >= 0, !isGlue[previous], !isGlue[index] else { continue }
            if after[previous] > 0, before[index] + after[index] > 0 {
                cut(after[previous], afterGlyph: glyphSpan[previous]?.last, of: previous)
                after[previous] = 0
            } else if before[previous] > 0, before[index] > 0 {
                cut(before[index], beforeGlyph: glyphSpan[index]?.first, of: index)
                before[index] = 0
            }
            spreads[previous] = Self.spreads(between: scalars[previous], and: scalars[index])
        }
        spacing = InlineSpacing(blankBefore: before, blankAfter: after, spreadsAfter: spreads, hasHangingMarks: hangs)
    }

    /// Whether space may go between two characters shown side by side.
    static func spreads(between first: UInt32, and second: UInt32) -> Bool {
        guard SegmentBreaks.isWide(first) || SegmentBreaks.isWide(second) else { return false }
        if PunctuationClass(first) == .opening { return false }
        if let kind = PunctuationClass(second), kind != .opening { return false }
        // Nor before a narrow comma, full stop or closing bracket.
        if second < 0x2000, SegmentBreaks.startsNoLine(second) { return false }
        if PunctuationClass.isInseparable(first), PunctuationClass.isInseparable(second) { return false }
        return !BlockBreakRules.joinsPrevious(second)
    }

    private mutating func cut(_ amount: Int32, afterGlyph glyph: Int?, of index: Int) {
        guard let glyph, amount > 0 else { return }
        advances[glyph] -= amount
        widths[index] -= amount
    }

    private mutating func cut(_ amount: Int32, beforeGlyph glyph: Int?, of index: Int) {
        guard let glyph, amount > 0 else { return }
        advances[glyph] -= amount
        xOffsets[glyph] -= amount
        widths[index] -= amount
    }
}
