/// Ruby readings and emphasis marks, set small above the characters they
/// belong to on a placed line.
extension Typesetter {
    /// The emphasis mark: a sesame dot, as Japanese books use.
    static let emphasisMark: UInt32 = 0xFE45

    /// Places the marks of `line`'s characters; `spans` holds where each
    /// character was set (26.6 pixels), `baseline` the line's (26.6; a
    /// vertical line's middle).
    func placeMarks(over line: LineBox, of layout: ParagraphLayout, spans: [Int: ClosedRange<Int32>],
                    baseline: Int32, into page: inout PageLayout) {
        let shaped = layout.shaped
        let small = fonts.face(layout.face, pixelSize: rubySize(for: layout.face))
        for ruby in shaped.markup.rubies where ruby.base.overlaps(line.range) {
            let covered = ruby.base.filter { spans[$0] != nil }
            let ends = covered.compactMap { spans[$0] }
            guard let left = ends.map(\.lowerBound).min(), let right = ends.map(\.upperBound).max() else { continue }
            let reading = shapeMarks(Array(shaped.scalars[ruby.reading]), face: small, vertical: shaped.vertical)
            place(reading, centredOn: (left + right) / 2,
                  baseline: markBaseline(over: covered, of: layout, marks: reading, baseline: baseline), into: &page)
        }
        var dot: ShapedParagraph?
        for run in shaped.markup.runs where run.style.emphasisMarks && run.range.overlaps(line.range) {
            for index in run.range.clamped(to: line.range) where !shaped.hides(index) && !shaped.isGlue[index] {
                guard let span = spans[index] else { continue }
                let mark = dot ?? shapeMarks([Self.emphasisMark], face: small, vertical: shaped.vertical)
                dot = mark
                place(mark, centredOn: (span.lowerBound + span.upperBound) / 2,
                      baseline: markBaseline(over: [index], of: layout, marks: mark, baseline: baseline), into: &page)
            }
        }
    }

    /// Where `marks` stand across the line: the bottom of their em box on
    /// the top of the character face of the characters at `indices` (tight
    /// to them, the marks' own face margin keeping the two apart), as their
    /// baseline above a horizontal line, or the left of their em box on the
    /// face's right edge, as their middle beside a vertical one (on the side
    /// of the room for ruby).
    private func markBaseline(over indices: [Int], of layout: ParagraphLayout, marks: ShapedParagraph,
                              baseline: Int32) -> Int32 {
        let shaped = layout.shaped
        let found = indices.compactMap { shaped.run(containing: $0) }.map { fonts.faces[$0.face].ideographicBaselines }
        let bases = found.isEmpty ? [layout.face.ideographicBaselines] : found
        let own = marks.runs.map { fonts.faces[$0.face].ideographicBaselines }
        let distance: Int32
        if let vertical = shaped.vertical {
            // Which side of an upright glyph faces the room depends on how the page is turned.
            let reach = bases.map { vertical.crossSign > 0 ? $0.faceRight : -$0.faceLeft }.max() ?? 0
            distance = reach + (own.map(\.halfEmBoxWidth).max() ?? 0)
        } else {
            distance = (bases.map(\.faceTop).max() ?? 0) - (own.map(\.emBoxBottom).min() ?? 0)
        }
        return baseline - distance
    }

    /// Shapes `text` with `face` (and fallbacks), upright in a vertical line.
    private func shapeMarks(_ text: [UInt32], face: FontFace, vertical: VerticalShaping?) -> ShapedParagraph {
        ShapedParagraph(source: text, style: .preserved, fonts: fonts, face: face, services: services,
                        vertical: vertical.map { VerticalShaping(mode: $0.mode, orientation: .upright, combine: .none) })
    }

    /// Sets `shaped` centred on `centre`.
    private func place(_ shaped: ShapedParagraph, centredOn centre: Int32, baseline: Int32, into page: inout PageLayout) {
        var x = centre - shaped.widths.reduce(0, +) / 2
        for run in shaped.runs {
            for glyph in run.glyphs {
                page.glyphs.append(PlacedGlyph(face: run.face, glyph: shaped.glyphs[glyph],
                                               x: x + shaped.xOffsets[glyph], y: baseline - shaped.yOffsets[glyph] - run.rise,
                                               sideways: run.form == .sideways))
                x += shaped.advances[glyph]
            }
        }
    }
}

extension ShapedParagraph {
    /// The run that sets the character at `index`, if any.
    func run(containing index: Int) -> TextRun? {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < runs.count && runs[low].range.contains(index) ? runs[low] : nil
    }
}
