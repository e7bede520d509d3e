import Devices
import Geometry
import LinuxSystem
import Raster
import Reader
import Typesetting

/// A comic's figures: its pages flicked through as the session benchmark
/// flicks a text book's (the offset moving a tenth of a page each 60 Hz
/// frame, in real time, so the worker decodes neighbours as on a screen),
/// 50 pages in all, to and fro between the first page and the last.
struct ComicBenchmark {
    let options: any BenchmarkedBook

    /// Frames come one 60 Hz interval apart.
    private static let frameInterval = 1000.0 / 60.0
    static let pagesFlicked = 50
    static let framesPerPage = 10

    /// `comic_flick_frame_p99_ms`, `comic_flick_frame_median_ms`,
    /// `comic_flick_stalls` (frames that waited for a page) and `comic_pages`.
    func measure(into result: inout JSONLine) throws {
        let geometry = try options.geometry()
        let snapshots = try ScratchFolder(prefix: "ebook-fb-bench-comic")
        defer { snapshots.remove() }
        let session = try options.openSession(geometry: geometry, snapshotFolder: snapshots.path)
        defer { session.stop() }
        session.pagination.wait { _, complete in complete }
        session.controller.show(page: 0)
        session.cache.waitForRenderAhead()

        let display = ScanoutMemoryDisplay(width: geometry.width, height: geometry.height)
        let width = Double(geometry.width)
        let lastPage = Double(max(0, session.knownPageCount - 1))
        // Both buffers are written whole once: they are new.
        _ = display.timedFrame(of: session, offset: 0)
        _ = display.timedFrame(of: session, offset: 0)
        var frameTimes: [Double] = []
        let stallsBefore = session.cache.stalls
        var next = monotonicMilliseconds()
        for step in 1...(Self.pagesFlicked * Self.framesPerPage) {
            next += Self.frameInterval
            sleepMilliseconds(next - monotonicMilliseconds())
            let page = Self.place(afterPages: Double(step) / Double(Self.framesPerPage), lastPage: lastPage)
            frameTimes.append(display.timedFrame(of: session, offset: page * width))
        }
        result.add("comic_flick_frame_p99_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("comic_flick_frame_median_ms", BenchClock.median(frameTimes))
        result.add("comic_flick_stalls", session.cache.stalls - stallsBefore)
        result.add("comic_pages", session.knownPageCount)
    }

    /// Where a flick that has gone `pages` pages is, going to the last page
    /// and back again (a triangle wave over 0...lastPage).
    static func place(afterPages pages: Double, lastPage: Double) -> Double {
        guard lastPage > 0 else { return 0 }
        let phase = pages.truncatingRemainder(dividingBy: 2 * lastPage)
        return phase <= lastPage ? phase : 2 * lastPage - phase
    }
}
