import Geometry
import Raster
import Typesetting

/// Faces and glyphs at a zoomed size, kept only while zoomed: large
/// glyphs of a passing zoom neither push the page-size glyphs out of
/// their cache nor stay behind in memory.
struct ZoomedGlyphs {
    static let glyphBudget = 2 << 20
    let scale: Double
    private let faces: ScaledFontFaces
    private let glyphs: GlyphCache

    init?(scale: Double) {
        guard let faces = try? ScaledFontFaces(scale: scale) else { return nil }
        self.scale = scale
        self.faces = faces
        glyphs = GlyphCache(byteBudget: Self.glyphBudget)
    }

    /// The glyphs at `scale`: those `kept` when they are at it, else new
    /// ones kept from now on; nil when no faces can be made at it.
    static func at(_ scale: Double, kept: inout ZoomedGlyphs?) -> ZoomedGlyphs? {
        if kept?.scale != scale { kept = ZoomedGlyphs(scale: scale) }
        return kept
    }

    /// Paints the page's layout at the zoomed size, the viewport's corner at `origin` (screen pixels).
    func paint(_ layout: PageLayout, fonts: FontSet, theme: Theme, origin: Point, into frame: inout PixelBuffer) {
        PagePainter(theme: theme).paint(layout, fonts: fonts, scaled: faces, originX: origin.x / scale,
                                        originY: origin.y / scale, cache: glyphs, into: &frame)
    }
}
