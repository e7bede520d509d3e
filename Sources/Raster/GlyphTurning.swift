/// Latin in a vertical line is drawn turned a quarter clockwise about its
/// pen position (`PlacedGlyph.sideways`).
extension GlyphBitmap {
    /// The mask turned a quarter clockwise: a pixel `dx` right and `dy`
    /// down of the pen goes `dy` left and `dx` down of it.
    func turnedClockwise() -> GlyphBitmap {
        guard !isEmpty else { return self }
        var turned = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                turned[column * height + (height - 1 - row)] = coverage[row * width + column]
            }
        }
        return GlyphBitmap(width: height, height: width, left: top - height + 1, top: -left, coverage: turned)
    }
}
