import BookModel

/// A line of a paragraph: which characters, how wide, how to set it.
struct LineBox: Equatable {
    enum Alignment: Equatable { case justified, start, centred, end }

    /// Scalar offsets relative to the paragraph, trailing spaces included.
    var range: Range<Int>
    /// Width without trailing spaces, with the hyphen if there is one; 26.6 pixels.
    var naturalWidth: Int32
    /// Spaces inside the line that stretch when it is justified.
    var glueCount: Int
    /// From the start edge: the first line's indent and a block's start indent, 26.6 pixels.
    var indent: Int32
    /// From the end edge (a block's end indent), 26.6 pixels.
    var endIndent: Int32 = 0
    var alignment: Alignment
    var missingGlyphs: Int
    /// The line ends inside a word, and a hyphen is drawn after it.
    var hyphenated = false
    /// Chinese and Japanese (`InlineSpacing`): the blank before the first
    /// character is taken away (not on a paragraph's first line nor after
    /// a forced break, as CSS's `text-spacing-trim` does).
    var trimsStart = false
    /// Its last character, a comma or full stop, hangs past the end (outside `naturalWidth`).
    var hangs = false
    /// How much of its punctuation's blanks inside the line is taken away
    /// to fit it, 26.6 pixels: before any space between characters is.
    var compression: Int32 = 0
}

/// How much narrower than the measure a paragraph's first lines are, at
/// their start and their end (a floated picture beside them), 26.6 pixels.
struct LineInset: Hashable {
    var start: Int32
    var end: Int32
}

/// How body paragraphs are cut into lines.
public enum LineBreaking: String, Sendable, CaseIterable {
    /// First fit: each line takes as many words as fit.
    case greedy
    /// Knuth-Plass total fit: the breaks that make the paragraph's spacing most even.
    case optimal
}

/// Line breaking over UAX #14 opportunities and hyphenation points. A word
/// longer than the measure is cut between clusters, so no line is ever
/// wider than the measure.
enum LineBreaker {
    /// A line's end: where it stops and whether it is hyphenated.
    struct LineEnd: Equatable {
        var end: Int
        var hyphenated: Bool
        var forced: Bool
        /// Its last character hangs past the end.
        var hangs = false
    }

    /// `keepsLeadingSpaces`: spaces after a forced break start the next line
    /// (preformatted text) instead of hanging off the one before.
    /// `endsParagraph` is false for a window the paragraph goes on after:
    /// its end is no paragraph's end, so total fit fills its last line as
    /// any other and sets it justified (first fit leaves it ragged).
    /// `insets` narrow the first lines, one each; the lines' boxes carry
    /// them in their indents.
    static func lines(for paragraph: ShapedParagraph, style: ParagraphStyle, measure: Int32,
                      firstLineIndent: Int32, hyphenWidth: Int32, method: LineBreaking = .greedy,
                      keepsLeadingSpaces: Bool = false, endsParagraph: Bool = true, insets: [LineInset] = []) -> [LineBox] {
        func ends(hanging: Bool) -> (ends: [LineEnd], filled: Bool) {
            if method == .optimal, style == .body,
               let ends = OptimalLineBreaker.ends(for: paragraph, measure: measure, firstLineIndent: firstLineIndent,
                                                  hyphenWidth: hyphenWidth, endsParagraph: endsParagraph, insets: insets,
                                                  hanging: hanging) {
                return (ends, true)
            }
            return (greedyEnds(for: paragraph, measure: measure, firstLineIndent: firstLineIndent, hyphenWidth: hyphenWidth,
                               keepsLeadingSpaces: keepsLeadingSpaces, insets: insets, hanging: hanging), false)
        }
        var (chosen, filled) = ends(hanging: false)
        // A comma or full stop hangs past the end only where that saves a line.
        if paragraph.spacing?.hasHangingMarks == true, chosen.count > 1 {
            let hung = ends(hanging: true)
            if hung.ends.count < chosen.count { (chosen, filled) = hung }
        }
        let count = paragraph.scalars.count
        // A window's end is a forced break only when its text says so.
        let endIsForced = endsParagraph || (count > 0 && style != .body && paragraph.scalars[count - 1] == 0x0A)
        var lines: [LineBox] = []
        var start = 0
        var afterForcedBreak = true
        for line in chosen {
            let inset = lines.count < insets.count ? insets[lines.count] : LineInset(start: 0, end: 0)
            let indent = (lines.isEmpty ? firstLineIndent : 0) + inset.start
            let isLast = line.end >= count ? endIsForced || !filled : line.forced
            var box = box(paragraph, range: start..<line.end, indent: indent, available: measure - indent - inset.end,
                          isLast: isLast, style: style, hyphenated: line.hyphenated, hyphenWidth: hyphenWidth,
                          trimsStart: !afterForcedBreak, hangs: line.hangs)
            box.endIndent = inset.end
            lines.append(box)
            start = line.end
            afterForcedBreak = line.forced
        }
        return lines
    }

    /// First fit.
    /// Chinese and Japanese lines take as much as fits with their
    /// punctuation's blanks taken away; with `hanging`, a comma or full
    /// stop that does not fit hangs past the end.
    static func greedyEnds(for paragraph: ShapedParagraph, measure: Int32, firstLineIndent: Int32,
                           hyphenWidth: Int32, keepsLeadingSpaces: Bool = false, insets: [LineInset] = [],
                           hanging: Bool = false) -> [LineEnd] {
        let count = paragraph.scalars.count
        let spacing = paragraph.spacing
        var ends: [LineEnd] = []
        var start = 0
        while start < count {
            var available = measure - (ends.isEmpty ? firstLineIndent : 0)
            if ends.count < insets.count { available -= insets[ends.count].start + insets[ends.count].end }
            var width: Int32 = 0
            // What the line's punctuation may give back.
            var blanks: Int32 = 0
            if let spacing, ends.last?.forced == false { blanks = spacing.blankBefore[start] }
            var lastBreak = -1
            var lastIsHyphen = false
            var end = count
            var forced = false
            var hyphenated = false
            var hangs = false
            var index = start
            while index < count {
                let advance = paragraph.widths[index]
                let give = spacing.map { index > start ? $0.blanks(at: index) : $0.blankAfter[index] } ?? 0
                if !paragraph.isGlue[index], advance > 0, index > start, width + advance - blanks - give > available {
                    if hanging, PunctuationClass.hangs(paragraph.scalars[index]), paragraph.breaks[index] != .none {
                        end = index + 1
                        hangs = true
                        forced = paragraph.breaks[index] == .mandatory
                    } else if lastBreak >= start {
                        end = lastBreak + 1
                        hyphenated = lastIsHyphen
                    } else {
                        end = cutBefore(index, from: start, in: paragraph)
                    }
                    break
                }
                width += advance
                blanks += give
                switch paragraph.breaks[index] {
                case .mandatory:
                    end = index + 1
                    forced = true
                case .allowed:
                    lastBreak = index
                    lastIsHyphen = false
                case .hyphen:
                    if width + hyphenWidth <= available {
                        lastBreak = index
                        lastIsHyphen = true
                    }
                case .none:
                    break
                }
                if forced { break }
                index += 1
            }
            if !(forced && keepsLeadingSpaces) { end = hangingEnd(paragraph, from: end, forced: &forced) }
            ends.append(LineEnd(end: end, hyphenated: hyphenated && !forced, forced: forced, hangs: hangs))
            start = end
        }
        return ends
    }

    /// Where a line with no opportunity to break is cut, before `index`:
    /// between clusters, and not before a mark no line may start with
    /// (it goes back a character or more) unless the line would be empty.
    static func cutBefore(_ index: Int, from start: Int, in paragraph: ShapedParagraph) -> Int {
        var end = index
        while end > start + 1, SegmentBreaks.startsNoLine(paragraph.scalars[end]) { end -= 1 }
        return end
    }

    /// Spaces after a break hang off the line; a mandatory break among
    /// them ends the line there.
    static func hangingEnd(_ paragraph: ShapedParagraph, from end: Int, forced: inout Bool) -> Int {
        let count = paragraph.scalars.count
        var end = end
        while end < count, paragraph.isGlue[end], paragraph.breaks[end] != .mandatory { end += 1 }
        if end < count, paragraph.isGlue[end], paragraph.breaks[end] == .mandatory { end += 1; forced = true }
        return end
    }

    static func box(_ paragraph: ShapedParagraph, range: Range<Int>, indent: Int32, available: Int32, isLast: Bool,
                    style: ParagraphStyle, hyphenated: Bool, hyphenWidth: Int32, trimsStart: Bool = false,
                    hangs: Bool = false) -> LineBox {
        var inkEnd = range.upperBound
        while inkEnd > range.lowerBound, paragraph.isGlue[inkEnd - 1] { inkEnd -= 1 }
        var width: Int32 = hyphenated ? hyphenWidth : 0
        var glue = 0
        var missing = 0
        for index in range.lowerBound..<inkEnd {
            width += paragraph.widths[index]
            if paragraph.isGlue[index], paragraph.widths[index] > 0 { glue += 1 }
            missing += Int(paragraph.missing[index])
        }
        var adjusted = InlineLineFit(paragraph, range: range.lowerBound..<inkEnd, trimsStart: trimsStart, hangs: hangs)
        if let fit = adjusted {
            width -= fit.trimmed
            glue += fit.gaps
            adjusted?.compression = min(fit.blanks, max(0, width - available))
        }
        let alignment: LineBox.Alignment
        switch style {
        case .heading: alignment = .centred
        case .preserved, .contents: alignment = .start
        // A last line is set ragged, unless its spaces must shrink for it to fit.
        case .body: alignment = glue == 0 || (isLast && width <= available) ? .start : .justified
        }
        var box = LineBox(range: range, naturalWidth: width, glueCount: glue, indent: indent,
                          alignment: alignment, missingGlyphs: missing, hyphenated: hyphenated)
        if let adjusted {
            box.trimsStart = adjusted.trimsStart
            box.hangs = adjusted.hangs
            box.compression = alignment == .justified ? adjusted.compression : 0
        }
        return box
    }
}
