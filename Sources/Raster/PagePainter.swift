import CFreeType
import Geometry
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
        let report = paintReporting(page, fonts: fonts, cache: cache, into: &buffer, clearing: clearing, ink: &ink)
        return report.glyphFailures
    }

    /// Paints a footer laid out alone (`layoutFooter`) over the page in
    /// `buffer`: `rows`, the footer's band, are cleared and drawn again and
    /// every other row is left as it is; `ink` gains the band.
    public func repaintFooter(_ footer: PageLayout, rows: Range<Int>, fonts: FontSet, cache: GlyphCache,
                              into buffer: inout PixelBuffer, ink: inout InkRows) {
        let rows = max(0, rows.lowerBound)..<min(buffer.height, rows.upperBound)
        buffer.fill(PixelRect(x: 0, y: rows.lowerBound, width: buffer.width, height: rows.count), with: theme.background)
        var drawn = InkRows.all(rows: buffer.height)
        _ = paintReporting(footer, fonts: fonts, cache: cache, into: &buffer, clearing: false, ink: &drawn)
        ink.insert(rows)
    }

    /// Paints the whole buffer as above and says which of the page's
    /// images were decoded and drawn, and which only their alternative
    /// text stands for.
    public func paintReporting(_ page: PageLayout, fonts: FontSet, cache: GlyphCache,
                               into buffer: inout PixelBuffer) -> PictureReport {
        var ink = InkRows.all(rows: buffer.height)
        return paintReporting(page, fonts: fonts, cache: cache, into: &buffer, clearing: true, ink: &ink)
    }

    private func paintReporting(_ page: PageLayout, fonts: FontSet, cache: GlyphCache, into buffer: inout PixelBuffer,
                                clearing: Bool, ink: inout InkRows) -> PictureReport {
        let faces = fonts.faces
        let face: (Int) -> FontFace? = { faces.indices.contains($0) ? faces[$0] : nil }
        let failures = paint(page, footerFace: fonts.footer.id, face: face, cache: cache, into: &buffer, clearing: clearing,
                             ink: &ink)
        var report = PictureReport()
        if page.hasPictures {
            report = drawPictures(of: page, scale: 1, originX: 0, originY: 0, footerFace: fonts.footer.id, face: face,
                                  cache: cache, into: &buffer, ink: &ink)
        }
        report.glyphFailures += failures
        return report
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
        let face: (Int) -> FontFace? = { faces.indices.contains($0) ? scaled.face(scaling: faces[$0]) : nil }
        var failures = paint(moved, footerFace: fonts.footer.id, face: face, cache: cache, into: &buffer, clearing: true,
                             ink: &ink)
        if page.hasPictures {
            failures += drawPictures(of: page, scale: scale, originX: originX, originY: originY, footerFace: fonts.footer.id,
                                     face: face, cache: cache, into: &buffer, ink: &ink).glyphFailures
        }
        return failures
    }

    /// Paints glyph by glyph with the pixels and tables open for the whole
    /// page. Rows are cleared just before the first glyph that reaches
    /// them, a text line at a time, so each line's glyphs are laid over
    /// rows still in the cache instead of a page cleared long before.
    func paint(_ page: PageLayout, footerFace: Int, face: (Int) -> FontFace?, cache: GlyphCache,
                       into buffer: inout PixelBuffer, clearing: Bool, ink: inout InkRows) -> Int {
        let width = buffer.width, height = buffer.height, stride = buffer.stride
        // The rows to clear: those the buffer's last painting inked.
        let stale = !clearing ? InkRows(rows: height) : ink.rowCount == height ? ink : .all(rows: height)
        var drawn = clearing ? InkRows(rows: height) : .all(rows: height)
        var clearedBelow = 0
        let background = theme.background
        var failures = 0
        inkRamp.values.withUnsafeBufferPointer { inkValues in
            secondaryRamp.values.withUnsafeBufferPointer { secondaryValues in
                blender.withTables { toLinear, toSRGB in
                    let bodyInk = CoverageBlender.Ink(color: inkRamp.color, ramp: inkValues, background: inkRamp.background,
                                                      toLinear: toLinear)
                    let footerInk = CoverageBlender.Ink(color: secondaryRamp.color, ramp: secondaryValues,
                                                        background: secondaryRamp.background, toLinear: toLinear)
                    buffer.withUnsafeMutablePixels { pixelBuffer in
                        guard let pixels = pixelBuffer.baseAddress else { return }
                        func clear(below end: Int) {
                            let end = min(end, height)
                            guard clearedBelow < end else { return }
                            stale.forEachRun(in: clearedBelow..<end) { rows in
                                for row in rows {
                                    UnsafeMutableBufferPointer(start: pixels + row * stride, count: width)
                                        .update(repeating: background)
                                }
                            }
                            clearedBelow = end
                        }
                        for placed in page.glyphs {
                            guard let face = face(placed.face) else { failures += 1; continue }
                            // A turned glyph's phase would run down the page: it is drawn at whole pixels.
                            let (penX, phase) = placed.sideways ? ((Int(placed.x) + 32) >> 6, 0)
                                : GlyphRasterizer.quantise(penX: Int(placed.x))
                            let baseline = (Int(placed.y) + 32) >> 6
                            // Glyphs wholly outside the buffer cost nothing.
                            if penX > width + face.pixelSize || penX < -4 * face.pixelSize
                                || baseline < -face.pixelSize || baseline > height + 2 * face.pixelSize { continue }
                            guard var bitmap = try? cache.bitmap(face: face.ftFace, fontID: face.id, glyph: placed.glyph,
                                                                 phase: phase, emboldening: face.emboldening) else {
                                failures += 1
                                continue
                            }
                            if placed.sideways { bitmap = bitmap.turnedClockwise() }
                            if bitmap.isEmpty { continue }
                            let top = baseline - bitmap.top
                            clear(below: top + bitmap.height)
                            bitmap.coverage.withUnsafeBufferPointer { mask in
                                guard let maskBase = mask.baseAddress else { return }
                                CoverageBlender.paint(maskBase, width: bitmap.width, height: bitmap.height,
                                                      atX: penX + bitmap.left, y: top,
                                                      in: placed.face == footerFace ? footerInk : bodyInk,
                                                      into: pixels, width: width, height: height, stride: stride,
                                                      toLinear: toLinear, toSRGB: toSRGB)
                            }
                            drawn.insert(top..<(top + bitmap.height))
                        }
                        clear(below: height)
                    }
                }
            }
        }
        ink = drawn
        return failures
    }
}
