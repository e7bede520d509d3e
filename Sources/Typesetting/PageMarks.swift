/// Ruby readings and emphasis marks, set small above the characters they
/// belong to on a placed line.
extension Typesetter {
    /// The emphasis mark: a sesame dot, as Japanese books use.
    static let emphasisMark: UInt32 = 0xFE45

    /// Places the marks of `line`'s characters; `spans` holds where each
    /// character was set (26.6 pixels), `baseline` the line's (26.6).
    func placeMarks(over line: LineBox, of layout: ParagraphLayout, spans: [Int: ClosedRange<Int32>],
                    baseline: Int32, into page: inout PageLayout) {
        let shaped = layout.shaped
        let small = fonts.face(layout.face, pixelSize: rubySize(for: layout.face))
        // Above the text's ascent, with the small face's descent clear of it; in a vertical
        // line the marks' middle half an em of each beside the line's middle (to its right).
        let markBaseline = shaped.vertical == nil ? baseline - layout.face.ascender + small.descender
            : baseline - Int32(layout.face.pixelSize + small.pixelSize) * 32
        for ruby in shaped.markup.rubies where ruby.base.overlaps(line.range) {
            let covered = ruby.base.compactMap { spans[$0] }
            guard let left = covered.map(\.lowerBound).min(), let right = covered.map(\.upperBound).max() else { continue }
            let reading = Array(shaped.scalars[ruby.reading])
            place(reading, face: small, centredOn: (left + right) / 2, baseline: markBaseline, vertical: shaped.vertical,
                  into: &page)
        }
        for run in shaped.markup.runs where run.style.emphasisMarks && run.range.overlaps(line.range) {
            for index in run.range.clamped(to: line.range) where !shaped.hides(index) && !shaped.isGlue[index] {
                guard let span = spans[index] else { continue }
                place([Self.emphasisMark], face: small, centredOn: (span.lowerBound + span.upperBound) / 2,
                      baseline: markBaseline, vertical: shaped.vertical, into: &page)
            }
        }
    }

    /// Shapes `text` with `face` (and fallbacks) and sets it centred on `centre`.
    private func place(_ text: [UInt32], face: FontFace, centredOn centre: Int32, baseline: Int32,
                       vertical: VerticalShaping?, into page: inout PageLayout) {
        let shaped = ShapedParagraph(source: text, style: .preserved, fonts: fonts, face: face, services: services,
                                     vertical: vertical.map { VerticalShaping(mode: $0.mode, orientation: .upright, combine: .none) })
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
