/// What a line of Chinese or Japanese gives and takes when it is set:
/// the blanks always trimmed at its ends (or the mark hanging past its
/// end), the blanks inside it that may go, and its gaps between
/// characters. Along the inline direction only.
struct InlineLineFit {
    /// Taken from the line's natural width: the first character's blank
    /// before (when trimmed), the last one's blank after, or the width of
    /// the mark that hangs.
    var trimmed: Int32 = 0
    /// The blanks of the punctuation inside the line.
    var blanks: Int32 = 0
    /// Places between characters where space goes (not the spaces themselves).
    var gaps = 0
    var trimsStart: Bool
    var hangs: Bool
    var compression: Int32 = 0

    /// Nil for a paragraph that is not Chinese or Japanese. `ink` is the
    /// line's range without the spaces at its end.
    init?(_ paragraph: ShapedParagraph, range ink: Range<Int>, trimsStart: Bool, hangs: Bool) {
        guard let spacing = paragraph.spacing, let last = InlineSpacing.lastShown(in: ink, of: paragraph) else { return nil }
        let first = (ink.lowerBound...last).first { !paragraph.isGlue[$0] && paragraph.widths[$0] > 0 } ?? last
        self.trimsStart = trimsStart
        self.hangs = hangs && PunctuationClass.hangs(paragraph.scalars[last]) && last > first
        let end = self.hangs ? (InlineSpacing.lastShown(in: ink.lowerBound..<last, of: paragraph) ?? first) : last
        if self.hangs { trimmed += paragraph.widths[last] }
        for index in first...end {
            blanks += spacing.blanks(at: index)
            if index < end, spacing.spreadsAfter[index] { gaps += 1 }
        }
        if trimsStart {
            trimmed += spacing.blankBefore[first]
            blanks -= spacing.blankBefore[first]
        }
        trimmed += spacing.blankAfter[end]
        blanks -= spacing.blankAfter[end]
    }
}

/// Where each character of a set line of Chinese or Japanese moves along
/// the line: the blanks trimmed at its ends, its punctuation compressed
/// first when it is too long, then the space left over (more or less)
/// spread evenly over its gaps and spaces. Drawing and the placed text
/// both follow it, so a character is found where it is drawn.
struct InlineAdjustment {
    /// Per character of the line (from its start): the blank taken away
    /// before it (the pen goes back) and after it, and the space put after
    /// it (less than nothing in a line still too long).
    private(set) var before: [Int32]
    private(set) var after: [Int32]
    private(set) var space: [Int32]
    let start: Int

    /// `available` is the line's room (the measure less its indents).
    init?(line: LineBox, of paragraph: ShapedParagraph, available: Int32) {
        guard let spacing = paragraph.spacing else { return nil }
        var inkEnd = line.range.upperBound
        while inkEnd > line.range.lowerBound, paragraph.isGlue[inkEnd - 1] { inkEnd -= 1 }
        guard let fit = InlineLineFit(paragraph, range: line.range.lowerBound..<inkEnd, trimsStart: line.trimsStart,
                                      hangs: line.hangs),
              let last = InlineSpacing.lastShown(in: line.range.lowerBound..<inkEnd, of: paragraph) else { return nil }
        start = line.range.lowerBound
        let count = line.range.count
        before = [Int32](repeating: 0, count: count)
        after = [Int32](repeating: 0, count: count)
        space = [Int32](repeating: 0, count: count)
        let first = (line.range.lowerBound...last).first { !paragraph.isGlue[$0] && paragraph.widths[$0] > 0 } ?? last
        let end = fit.hangs ? (InlineSpacing.lastShown(in: line.range.lowerBound..<last, of: paragraph) ?? first) : last
        if fit.trimsStart { before[first - start] = spacing.blankBefore[first] }
        after[end - start] = spacing.blankAfter[end]
        guard line.alignment == .justified else { return }
        compress(line.compression, of: fit.blanks, from: first, through: end, spacing: spacing)
        spread(available - line.naturalWidth + line.compression, over: fit.gaps + spaces(in: first..<end, of: paragraph),
               from: first, before: end, spacing: spacing, paragraph: paragraph)
    }

    /// Takes `amount` out of the blanks inside the line, each giving its share.
    private mutating func compress(_ amount: Int32, of total: Int32, from first: Int, through end: Int,
                                   spacing: InlineSpacing) {
        guard amount > 0, total > 0 else { return }
        var left = amount
        for index in first...end {
            let trimmedBefore = index == first && before[index - start] > 0
            let blankBefore = trimmedBefore ? 0 : spacing.blankBefore[index]
            let blankAfter = index == end ? 0 : spacing.blankAfter[index]
            for (blank, isBefore) in [(blankBefore, true), (blankAfter, false)] where blank > 0 && left > 0 {
                let share = min(left, Int32((Int64(blank) * Int64(amount) + Int64(total) - 1) / Int64(total)))
                if isBefore { before[index - start] += share } else { after[index - start] += share }
                left -= share
            }
        }
    }

    /// Puts `extra` (less than nothing when the line is still too long)
    /// into its `places`: the gaps between characters and the spaces.
    private mutating func spread(_ extra: Int32, over places: Int, from first: Int, before end: Int,
                                 spacing: InlineSpacing, paragraph: ShapedParagraph) {
        guard places > 0, extra != 0, first < end else { return }
        let each = extra / Int32(places)
        var remainder = extra % Int32(places)
        for index in first..<end {
            let isSpace = paragraph.isGlue[index] && paragraph.widths[index] > 0
            guard isSpace || spacing.spreadsAfter[index] else { continue }
            var share = each
            if remainder > 0 { share += 1; remainder -= 1 }
            if remainder < 0 { share -= 1; remainder += 1 }
            space[index - start] += share
        }
    }

    private func spaces(in range: Range<Int>, of paragraph: ShapedParagraph) -> Int {
        range.reduce(0) { $0 + (paragraph.isGlue[$1] && paragraph.widths[$1] > 0 ? 1 : 0) }
    }

    /// The blanks taken away around the character at `index` of the
    /// paragraph, and the space put after it.
    @inline(__always)
    func moves(at index: Int) -> (before: Int32, after: Int32, space: Int32) {
        let offset = index - start
        guard offset >= 0, offset < before.count else { return (0, 0, 0) }
        return (before[offset], after[offset], space[offset])
    }
}
