import BookModel
import Geometry
import Raster
import Typesetting

/// The page on screen while it is zoomed: magnified from its buffer while
/// the zoom moves; at rest a text page drawn sharp at the zoomed size for
/// the whole viewport, and a picture page (PDF, comic, fixed-layout page)
/// from sharp tiles over its magnified buffer, never drawn anew whole.
final class ZoomedPageComposer {
    /// Faces and glyphs at the zoomed size, for text pages.
    private var glyphs: ZoomedGlyphs?
    /// Tiles of a picture page, and their worker.
    private(set) var pictures: PictureZoom?

    /// Composes zoomed page `page` of `pagination` into `frame`.
    func compose(_ page: Int, of pagination: Pagination, controller: PagingController, cache: PageCache,
                 renderer: PageRenderer, geometry: PageGeometry, compositor: inout Compositor,
                 into frame: inout PixelBuffer) {
        let scroll = controller.scrollView
        let scale = scroll.zoomScale, offset = controller.screenZoomOffset
        if scroll.isZooming || scroll.isZoomBouncing || scroll.isAnimating && !scroll.isDecelerating || abs(scale - 1) < 0.001 {
            _ = cache.withPage(page, pagination: pagination) { buffer in
                compositor.composeMagnified(buffer, scale: scale, offsetX: offset.x, offsetY: offset.y, into: &frame)
            }
        } else if renderer.typesetter.showsFixedPages(page, of: pagination) {
            composeTiled(page, of: pagination, scale: scale, offset: offset, cache: cache, renderer: renderer,
                         geometry: geometry, compositor: &compositor, into: &frame)
        } else if let zoom = ZoomedGlyphs.at(scale, kept: &glyphs) {
            // The zoomed viewport drawn sharp from the page's layout at the zoomed size.
            zoom.paint(renderer.typesetter.layoutSpread(page, of: pagination), fonts: renderer.typesetter.fonts,
                       theme: renderer.theme, origin: offset, into: &frame)
            compositor.frameWasDrawnOver()
        }
    }

    /// A picture page from its tiles where they are drawn, magnified elsewhere.
    private func composeTiled(_ page: Int, of pagination: Pagination, scale: Double, offset: Point, cache: PageCache,
                              renderer: PageRenderer, geometry: PageGeometry, compositor: inout Compositor,
                              into frame: inout PixelBuffer) {
        if pictures == nil {
            // The worker's own typesetter: the main thread's is never shared.
            pictures = try? PictureZoom(
                renderer: PageRenderer(typesetter: try Typesetter(matching: renderer.typesetter), theme: renderer.theme,
                                       cache: GlyphCache(byteBudget: ZoomedGlyphs.glyphBudget)),
                viewWidth: geometry.width, viewHeight: geometry.height)
        }
        guard let tiled = pictures else {
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

    /// Tiles drawn since are taken in: true when a frame is due (they came, or the scale awaits a steady frame).
    func takeDrawn() -> Bool {
        guard let pictures else { return false }
        return pictures.takeDrawn() || pictures.awaitsSteadyScale
    }

    /// Tiles are on their way (each is shown at the next frame after it comes).
    var isWorking: Bool { pictures?.isWorking == true }

    func waitUntilIdle() { pictures?.waitUntilIdle() }

    /// The zoom ended: what it drew at the zoomed size goes.
    func forget() {
        glyphs = nil
        pictures?.forget()
    }

    /// The renderer changed (size, theme, typeface): the worker drew with the old one.
    func reset() {
        glyphs = nil
        pictures?.stop()
        pictures = nil
    }

    func stop() { pictures?.stop() }
}
