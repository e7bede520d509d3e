import Geometry
import Raster
import Threading
import Typesetting

/// A thread that draws tiles of zoomed picture pages with its own
/// typesetter, glyphs and zoomed faces, never the main thread's. A new
/// request replaces the tiles still waiting, so a pan never leaves a
/// queue of tiles long out of view.
final class TileWorker: @unchecked Sendable {
    struct Job {
        var key: TileKey
        /// The page's index in `pagination`.
        var page: Int
        var pagination: Pagination
        /// The tile's pixels in the magnified page.
        var rect: PixelRect
    }

    struct Drawn {
        var key: TileKey
        /// Nil when the tile could not be drawn (no faces at its scale).
        var pixels: PixelBuffer?
    }

    private let condition = Condition()
    private var jobs: [Job] = []
    /// The tile being drawn now.
    private var current: TileKey?
    private var drawn: [Drawn] = []
    private var stopping = false

    init(renderer: PageRenderer) throws {
        let box = UncheckedBox(renderer)
        try DetachedThread.start(name: "zoom tiles") { [self] in
            // Frames come first; tiles fill in between them.
            ProcessResources.runThisThreadInBackground(niceness: 5)
            run(TileDrawing(renderer: box.value))
        }
    }

    /// The tiles to draw, in order; those waiting before are dropped, and
    /// one being drawn or drawn already is not asked again.
    func request(_ wanted: [Job]) {
        condition.withLock {
            let done = Set(drawn.map(\.key))
            jobs = wanted.filter { $0.key != current && !done.contains($0.key) }
            condition.broadcast()
        }
    }

    /// The tiles drawn since the last call.
    func takeDrawn() -> [Drawn] {
        condition.withLock {
            defer { drawn = [] }
            return drawn
        }
    }

    /// True while tiles wait, one is being drawn, or drawn ones wait to be taken.
    var isWorking: Bool { condition.withLock { current != nil || !jobs.isEmpty || !drawn.isEmpty } }

    /// Waits until every tile asked for is drawn.
    func waitUntilIdle() {
        condition.lock()
        while current != nil || !jobs.isEmpty { condition.wait() }
        condition.unlock()
    }

    func stop() {
        condition.withLock {
            stopping = true
            jobs = []
            condition.broadcast()
        }
    }

    private func run(_ drawing: TileDrawing) {
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            current = job.key
            condition.unlock()
            let pixels = drawing.draw(job)
            condition.withLock {
                drawn.append(Drawn(key: job.key, pixels: pixels))
                current = nil
                condition.broadcast()
            }
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
    func draw(_ job: TileWorker.Job) -> PixelBuffer? {
        let scale = job.key.scale
        if faces?.scale != scale { faces = try? ScaledFontFaces(scale: scale) }
        if layout?.pageStart != job.key.pageStart || layout?.page != job.page {
            layout = (job.key.pageStart, job.page, renderer.typesetter.layoutPage(job.page, of: job.pagination))
        }
        guard let faces, let page = layout?.layout else { return nil }
        var pixels = PixelBuffer(unfilledWidth: job.rect.width, height: job.rect.height)
        PagePainter(theme: renderer.theme).paint(page, fonts: renderer.typesetter.fonts, scaled: faces,
                                                 originX: Double(job.rect.x) / scale, originY: Double(job.rect.y) / scale,
                                                 cache: renderer.cache, into: &pixels)
        return pixels
    }
}
