import Geometry
import Raster
import Threading
import Typesetting

/// The thread that draws tiles of zoomed picture pages, with its own
/// typesetter, glyphs and zoomed faces, never the main thread's.
typealias TileWorker = LatestJobsWorker<TileJob, TileKey, DrawnTile>

/// A tile to draw.
struct TileJob: Sendable {
    var key: TileKey
    /// The page's index in `pagination`.
    var page: Int
    var pagination: Pagination
    /// The tile's pixels in the magnified page.
    var rect: PixelRect
}

struct DrawnTile: Sendable {
    var key: TileKey
    /// Nil when the tile could not be drawn (no faces at its scale).
    var pixels: PixelBuffer?
}

extension LatestJobsWorker where Job == TileJob, Key == TileKey, Result == DrawnTile {
    /// Draws with `renderer`, which becomes the worker's alone.
    convenience init(renderer: PageRenderer) throws {
        let drawing = UncheckedBox(TileDrawing(renderer: renderer))
        // Frames come first; this work fills in between them.
        try self.init(name: "zoom tiles", niceness: ProcessResources.drawingAheadNiceness, key: \.key, resultKey: \.key) { job in
            DrawnTile(key: job.key, pixels: drawing.value.draw(job))
        }
    }
}

/// The worker's own drawing things: its renderer, the faces at the scale
/// drawn last and the layout of the page drawn last.
private final class TileDrawing {
    let renderer: PageRenderer
    private var faces: ScaledFontFaces?
    private var layout: (pageStart: Int, page: Int, layout: PageLayout)?

    init(renderer: PageRenderer) {
        self.renderer = renderer
    }

    /// The tile's pixels: the page magnified by the key's scale, cut to the tile.
    func draw(_ job: TileJob) -> PixelBuffer? {
        let scale = job.key.scale
        if faces?.scale != scale { faces = try? ScaledFontFaces(scale: scale) }
        if layout?.pageStart != job.key.pageStart || layout?.page != job.page {
            layout = (job.key.pageStart, job.page, renderer.typesetter.layoutSpread(job.page, of: job.pagination))
        }
        guard let faces, let page = layout?.layout else { return nil }
        var pixels = PixelBuffer(unfilledWidth: job.rect.width, height: job.rect.height)
        PagePainter(theme: renderer.theme).paint(page, fonts: renderer.typesetter.fonts, scaled: faces,
                                                 originX: Double(job.rect.x) / scale, originY: Double(job.rect.y) / scale,
                                                 cache: renderer.cache, into: &pixels)
        return pixels
    }
}
