/// A line of a paragraph: which characters, how wide, how to set it.
struct LineBox: Equatable {
    enum Alignment: Equatable { case justified, start, centred }

    /// Scalar offsets relative to the paragraph, trailing spaces included.
    var range: Range<Int>
    /// Width without trailing spaces, 26.6 pixels.
    var naturalWidth: Int32
    /// Spaces inside the line that stretch when it is justified.
    var glueCount: Int
    var indent: Int32
    var alignment: Alignment
    var missingGlyphs: Int
}

/// Greedy first-fit line breaking over UAX #14 opportunities. A word longer
/// than the measure is cut between clusters, so no line is ever wider than
/// the measure.
enum LineBreaker {
    static func lines(for paragraph: ShapedParagraph, style: ParagraphStyle, measure: Int32,
                      firstLineIndent: Int32) -> [LineBox] {
        let count = paragraph.scalars.count
        var lines: [LineBox] = []
        var start = 0
        while start < count {
            let indent = lines.isEmpty ? firstLineIndent : 0
            let available = measure - indent
            var width: Int32 = 0
            var lastBreak = -1
            var end = count
            var forced = false
            var index = start
            while index < count {
                let advance = paragraph.widths[index]
                if !paragraph.isGlue[index], advance > 0, index > start, width + advance > available {
                    end = lastBreak >= start ? lastBreak + 1 : index
                    break
                }
                width += advance
                switch paragraph.breaks[index] {
                case .mandatory:
                    end = index + 1
                    forced = true
                case .allowed:
                    lastBreak = index
                case .none:
                    break
                }
                if forced { break }
                index += 1
            }
            // Spaces after the break hang off this line.
            while end < count, paragraph.isGlue[end], paragraph.breaks[end] != .mandatory { end += 1 }
            if end < count, paragraph.isGlue[end], paragraph.breaks[end] == .mandatory { end += 1; forced = true }
            lines.append(box(paragraph, range: start..<end, indent: indent,
                             isLast: end >= count || forced, style: style))
            start = end
        }
        return lines
    }

    private static func box(_ paragraph: ShapedParagraph, range: Range<Int>, indent: Int32,
                            isLast: Bool, style: ParagraphStyle) -> LineBox {
        var inkEnd = range.upperBound
        while inkEnd > range.lowerBound, paragraph.isGlue[inkEnd - 1] { inkEnd -= 1 }
        var width: Int32 = 0
        var glue = 0
        var missing = 0
        for index in range.lowerBound..<inkEnd {
            width += paragraph.widths[index]
            if paragraph.isGlue[index], paragraph.widths[index] > 0 { glue += 1 }
            missing += Int(paragraph.missing[index])
        }
        let alignment: LineBox.Alignment
        switch style {
        case .heading: alignment = .centred
        case .preserved, .contents: alignment = .start
        case .body: alignment = isLast || glue == 0 ? .start : .justified
        }
        return LineBox(range: range, naturalWidth: width, glueCount: glue, indent: indent,
                       alignment: alignment, missingGlyphs: missing)
    }
}
