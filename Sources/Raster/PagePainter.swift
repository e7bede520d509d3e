import CFreeType
import Typesetting

/// Draws a laid-out page into a pixel buffer: body text in the theme's
/// ink, the footer in its secondary colour.
public struct PagePainter {
    public let theme: Theme
    private let blender = CoverageBlender()

    public init(theme: Theme) { self.theme = theme }

    /// Glyphs that could not be rendered are skipped; the count is returned.
    @discardableResult
    public func paint(_ page: PageLayout, fonts: FontSet, cache: GlyphCache, into buffer: inout PixelBuffer,
                      clearing: Bool = true) -> Int {
        if clearing { buffer.fill(theme.background) }
        var failures = 0
        let footerFace = fonts.footer.id
        for placed in page.glyphs {
            let face = fonts.faces[placed.face]
            // 26.6 pen position to quarter pixels, rounded to nearest.
            let quarters = (Int(placed.x) + 8) >> 4
            let phase = quarters & (GlyphRasterizer.subpixelPhases - 1)
            let penX = quarters >> 2
            let baseline = (Int(placed.y) + 32) >> 6
            guard let bitmap = try? cache.bitmap(face: face.ftFace, fontID: face.id, glyph: placed.glyph, phase: phase) else {
                failures += 1
                continue
            }
            if bitmap.isEmpty { continue }
            let color = placed.face == footerFace ? theme.secondary : theme.ink
            blender.blend(bitmap, color: color, penX: penX, baselineY: baseline, into: &buffer)
        }
        return failures
    }
}
