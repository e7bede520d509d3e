import Threading
import Raster
import Typesetting

/// A thread that draws pages ahead with its own typesetter and glyph cache.
final class RenderWorker: @unchecked Sendable {
    private struct Job {
        var page: Int
        var pagination: Pagination
        var buffer: PixelBuffer
        /// The buffer's rows that may not be background.
        var ink: InkRows
        /// Takes the drawn buffer by swapping it out, so no second
        /// reference to its pixels is left here to make a write copy them,
        /// with the rows drawn on.
        var done: (inout PixelBuffer, InkRows) -> Void
    }

    private let condition = Condition()
    private var jobs: [Job] = []
    private var stopping = false
    /// A renderer waiting to replace the worker's own; handed over between jobs.
    private var replacement: PageRenderer?

    init(renderer: PageRenderer) throws {
        let box = UncheckedBox(renderer)
        try DetachedThread.start(name: "render-ahead") { [self] in
            // Neighbour pages are needed a turn from now, frames every vsync.
            ProcessResources.runThisThreadInBackground(niceness: ProcessResources.drawingAheadNiceness)
            run(box.value)
        }
    }

    /// `buffer` is consumed: the caller keeps no reference that would make
    /// the worker's drawing copy its pixels.
    func submit(page: Int, pagination: Pagination, buffer: consuming PixelBuffer, ink: InkRows,
                done: @escaping (inout PixelBuffer, InkRows) -> Void) {
        condition.lock()
        jobs.append(Job(page: page, pagination: pagination, buffer: consume buffer, ink: ink, done: done))
        condition.signal()
        condition.unlock()
    }

    func replaceRenderer(_ renderer: PageRenderer) {
        condition.lock(); replacement = renderer; condition.signal(); condition.unlock()
    }

    func stop() {
        condition.lock(); stopping = true; condition.signal(); condition.unlock()
    }

    private func run(_ initial: PageRenderer) {
        var renderer = initial
        while true {
            condition.lock()
            while jobs.isEmpty, !stopping, replacement == nil { condition.wait() }
            if let next = replacement { renderer = next; replacement = nil }
            if stopping, jobs.isEmpty { condition.unlock(); return }
            guard !jobs.isEmpty else { condition.unlock(); continue }
            var job = jobs.removeFirst()
            condition.unlock()
            renderer.render(page: job.page, of: job.pagination, into: &job.buffer, ink: &job.ink)
            job.done(&job.buffer, job.ink)
        }
    }
}

/// Draws pages of one book and geometry; owned by one thread.
public final class PageRenderer {
    public let typesetter: Typesetter
    public let cache: GlyphCache
    public let theme: Theme
    /// Laid over the text of every page drawn: highlights, the selection, a search hit.
    public let marks: [TextMark]

    public init(typesetter: Typesetter, theme: Theme, cache: GlyphCache = GlyphCache(), marks: [TextMark] = []) {
        self.typesetter = typesetter
        self.theme = theme
        self.cache = cache
        self.marks = marks
    }

    /// Draws `page` (a spread, when the screen shows two pages side by
    /// side) into `buffer`, whose rows outside `ink` are background
    /// already (`.all` when not known); `ink` becomes the rows drawn on.
    public func render(page: Int, of pagination: Pagination, into buffer: inout PixelBuffer, ink: inout InkRows) {
        let layout = typesetter.layoutSpread(page, of: pagination)
        let painter = PagePainter(theme: theme)
        painter.paint(layout, fonts: typesetter.fonts, cache: cache, into: &buffer, ink: &ink)
        painter.paint(marks, over: layout.text, into: &buffer, ink: &ink)
    }

    /// Draws `page`'s footer again over its picture in `buffer`, for new
    /// page numbers; the rest of the picture stays.
    public func renderFooter(page: Int, of pagination: Pagination, into buffer: inout PixelBuffer, ink: inout InkRows) {
        guard !typesetter.showsFixedPages(page, of: pagination) else { return }
        let footer = typesetter.layoutSpreadFooter(page, of: pagination)
        PagePainter(theme: theme).repaintFooter(footer, rows: typesetter.footerRows, fonts: typesetter.fonts, cache: cache,
                                                into: &buffer, ink: &ink)
    }

    /// Draws `page` into a buffer of unknown content.
    public func render(page: Int, of pagination: Pagination, into buffer: inout PixelBuffer) {
        var ink = InkRows.all(rows: buffer.height)
        render(page: page, of: pagination, into: &buffer, ink: &ink)
    }
}
