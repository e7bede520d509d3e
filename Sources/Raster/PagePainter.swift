import CFreeType
import Typesetting

/// Draws a laid-out page into a pixel buffer: body text in the theme's
/// ink, the footer in its secondary colour.
public struct PagePainter {
    public let theme: Theme
    private let blender = CoverageBlender()
    /// Ink and footer colour over the page at every coverage: a glyph pixel
    /// on bare page (almost all of them) is one table lookup.
    private let inkRamp: CoverageRamp
    private let secondaryRamp: CoverageRamp

    public init(theme: Theme) {
        self.theme = theme
        inkRamp = blender.ramp(theme.ink, over: theme.background)
        secondaryRamp = blender.ramp(theme.secondary, over: theme.background)
    }

    /// Glyphs that could not be rendered are skipped; the count is returned.
    @discardableResult
    public func paint(_ page: PageLayout, fonts: FontSet, cache: GlyphCache, into buffer: inout PixelBuffer,
                      clearing: Bool = true) -> Int {
        var ink = InkRows.all(rows: buffer.height)
        return paint(page, fonts: fonts, cache: cache, into: &buffer, clearing: clearing, ink: &ink)
    }

    /// Paints as above into a buffer whose rows outside `ink` are known to
    /// be background already (`.all` when nothing is known): only the rows
    /// in `ink` are cleared. On return `ink` holds the rows glyphs were
    /// drawn on (every row when the buffer is not cleared first).
    @discardableResult
    public func paint(_ page: PageLayout, fonts: FontSet, cache: GlyphCache, into buffer: inout PixelBuffer,
                      clearing: Bool = true, ink: inout InkRows) -> Int {
        let faces = fonts.faces
        return paint(page, footerFace: fonts.footer.id, face: { faces.indices.contains($0) ? faces[$0] : nil },
                     cache: cache, into: &buffer, clearing: clearing, ink: &ink)
    }

    /// Draws the page magnified by `scale` with the page point `origin`
    /// (pixels) at the buffer's top-left corner, each glyph rasterised at
    /// the magnified size by the faces `scaled` gives.
    @discardableResult
    public func paint(_ page: PageLayout, fonts: FontSet, scaled: ScaledFontFaces, originX: Double, originY: Double,
                      cache: GlyphCache, into buffer: inout PixelBuffer) -> Int {
        let faces = fonts.faces
        let scale = scaled.scale
        let shiftX = Int32((originX * scale * 64).rounded()), shiftY = Int32((originY * scale * 64).rounded())
        var moved = page
        moved.glyphs = page.glyphs.map { glyph in
            var placed = glyph
            placed.x = Int32((Double(glyph.x) * scale).rounded()) - shiftX
            placed.y = Int32((Double(glyph.y) * scale).rounded()) - shiftY
            return placed
        }
        var ink = InkRows.all(rows: buffer.height)
        return paint(moved, footerFace: fonts.footer.id,
                     face: { faces.indices.contains($0) ? scaled.face(scaling: faces[$0]) : nil },
                     cache: cache, into: &buffer, clearing: true, ink: &ink)
    }

    private func paint(_ page: PageLayout, footerFace: Int, face: (Int) -> FontFace?, cache: GlyphCache,
                       into buffer: inout PixelBuffer, clearing: Bool, ink: inout InkRows) -> Int {
        if clearing {
            if ink.rowCount == buffer.height {
                let width = buffer.width
                ink.forEachRun { rows in
                    buffer.fill(PixelRect(x: 0, y: rows.lowerBound, width: width, height: rows.count), with: theme.background)
                }
            } else {
                buffer.fill(theme.background)
            }
            ink = InkRows(rows: buffer.height)
        } else {
            ink = .all(rows: buffer.height)
        }
        var failures = 0
        for placed in page.glyphs {
            guard let face = face(placed.face) else { failures += 1; continue }
            // 26.6 pen position to quarter pixels, rounded to nearest.
            let quarters = (Int(placed.x) + 8) >> 4
            let phase = quarters & (GlyphRasterizer.subpixelPhases - 1)
            let penX = quarters >> 2
            let baseline = (Int(placed.y) + 32) >> 6
            // Glyphs wholly outside the buffer cost nothing.
            if penX > buffer.width + face.pixelSize || penX < -4 * face.pixelSize
                || baseline < -face.pixelSize || baseline > buffer.height + 2 * face.pixelSize { continue }
            guard let bitmap = try? cache.bitmap(face: face.ftFace, fontID: face.id,
                                                 glyph: placed.glyph, phase: phase) else {
                failures += 1
                continue
            }
            if bitmap.isEmpty { continue }
            let ramp = placed.face == footerFace ? secondaryRamp : inkRamp
            blender.blend(bitmap, ramp: ramp, penX: penX, baselineY: baseline, into: &buffer)
            let top = baseline - bitmap.top
            ink.insert(top..<(top + bitmap.height))
        }
        return failures
    }
}
