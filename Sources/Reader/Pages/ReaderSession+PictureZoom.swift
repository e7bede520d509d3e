import Raster
import Typesetting

/// A zoomed picture page (PDF, comic, fixed-layout page) at a steady
/// scale: composed from sharp tiles where they are drawn and from its
/// buffer magnified elsewhere, never the whole viewport drawn anew at a
/// frame as a text page is.
extension ReaderSession {
    /// Tiles of zoomed pictures composed blank so far (none ever should be).
    public var blankTiles: Int { compositor.blankTiles }

    /// Composes zoomed page `page` from its tiles and its buffer.
    func composePictureZoom(_ page: Int, pagination: Pagination) {
        let geometry = settings.geometry
        if pictureZoom == nil {
            // The worker's own typesetter: the main thread's is never shared.
            pictureZoom = try? PictureZoom(
                renderer: PageRenderer(typesetter: try Typesetter(matching: renderer.typesetter), theme: settings.theme,
                                       cache: GlyphCache(byteBudget: ZoomedGlyphs.glyphBudget)),
                viewWidth: geometry.width, viewHeight: geometry.height)
        }
        let scale = controller.zoomScale, offset = controller.screenZoomOffset
        damage = .all(rows: frame.height)
        guard let tiled = pictureZoom else {
            // No worker could be started: the page magnified, never blank.
            _ = cache.withPage(page, pagination: pagination) { buffer in
                compositor.composeMagnified(buffer, scale: scale, offsetX: offset.x, offsetY: offset.y, into: &frame)
            }
            return
        }
        let composed = cache.withPage(page, pagination: pagination) { buffer -> Bool in
            tiled.compose(page: page, of: pagination, base: buffer, scale: scale, offset: offset, compositor: &compositor,
                          into: &frame)
            return true
        }
        if composed == nil {
            tiled.compose(page: page, of: pagination, base: nil, scale: scale, offset: offset, compositor: &compositor,
                          into: &frame)
        }
    }
}
