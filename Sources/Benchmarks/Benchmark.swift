import BookModel
import FoundationEssentials
import Glibc
import LinuxSystem
import Raster
import Reader
import Typesetting

/// `ebook-fb bench BOOK`: every budget of the performance table,
/// measured in this build, with the baselines (memcpy of a frame) taken in
/// the same run, then judged against the budgets file. Prints one JSON
/// object: the figures, the date and the machine, and each budget's verdict.
public struct Benchmark {
    let options: any BenchmarkedBook
    /// Also measure 10 s of the reader loop at rest.
    let idle: Bool
    /// The EPUB the epub_* figures are measured on; they are skipped when it is missing.
    let epub: String
    /// The budgets file given on the command line, if any.
    let budgetsPath: String?
    /// The children's share of one core (`--cpu-quota`), if limited.
    let cpuQuota: CPUQuota?

    public init(options: any BenchmarkedBook, idle: Bool, epub: String, budgetsPath: String?, cpuQuota: CPUQuota? = nil) {
        self.options = options
        self.idle = idle
        self.epub = epub
        self.budgetsPath = budgetsPath
        self.cpuQuota = cpuQuota
    }

    /// Fresh processes timed for each start-up figure, the median taken.
    static let startRuns = 5

    public func run() throws {
        let budgets = try loadBudgets()
        let geometry = try options.geometry()
        if let cpuQuota { return try runUnderQuota(cpuQuota, budgets: budgets, geometry: geometry) }
        let book = try options.openBook(window: nil)
        if book.document?.format == .comic {
            // A comic has no text to set: its pages' figures only.
            var result = JSONLine()
            try ComicBenchmark(options: options).measure(into: &result)
            try measureZoom(into: &result)
            result.add("size", "\(geometry.width)x\(geometry.height)")
            return try report(result, budgets: budgets, geometry: geometry)
        }
        if book.document?.format == .pdf { return try runPDF(book: book, geometry: geometry, budgets: budgets) }
        let font = try FontSet.resolve(path: options.font)
        var result = JSONLine()

        // Start-up, each in a fresh process (cold glyph cache). The reader
        // keeps snapshots of hyphenation patterns and of the book's
        // paragraphs in its cache folder: the very first start parses the
        // pattern file and cuts the text, every later one rebuilds both from
        // the snapshots. Both are measured, in a folder of the benchmark's own.
        let snapshots = try ScratchFolder(prefix: "ebook-fb-bench")
        defer { snapshots.remove() }
        let firstStart = try BenchClock.median(of: Self.startRuns) {
            snapshots.empty()
            return try child(["bench-first-page", "--offset", "0", "--pattern-snapshots", snapshots.path])["first_page_ms"] ?? .nan
        }
        let firstPage = try BenchClock.median(of: Self.startRuns) {
            try child(["bench-first-page", "--offset", "0", "--pattern-snapshots", snapshots.path])["first_page_ms"] ?? .nan
        }
        let resumeOffset = book.text.scalarCount * 9 / 10
        let resumed = try BenchClock.median(of: Self.startRuns) {
            try child(["bench-first-page", "--offset", String(resumeOffset), "--pattern-snapshots", snapshots.path])[
                "first_page_ms"] ?? .nan
        }
        result.add("first_page_ms", firstPage)
        result.add("first_page_resume_ms", resumed)
        result.add("first_page_without_pattern_snapshot_ms", firstStart)

        // Whole-book pagination as the reader's background does it: the
        // chapter segments on all processors, wall and CPU time.
        let typesetter = try Typesetter(book: book, geometry: geometry, font: font, language: options.lang,
                                        writingMode: options.writingMode)
        let segments = ChapterSegments(book: book)
        var pagination = Pagination()
        var paginateTimes: [(wall: Double, cpu: Double)] = []
        for _ in 0..<3 {
            let cpuStart = BenchClock.cpuMilliseconds(), start = monotonicMilliseconds()
            let store = PaginationStore(segments: segments)
            try store.startPaginating(matching: typesetter)
            store.wait { _, complete in complete }
            paginateTimes.append((monotonicMilliseconds() - start, BenchClock.cpuMilliseconds() - cpuStart))
            pagination = Pagination(pages: store.snapshot.pages)
        }
        paginateTimes.sort { $0.wall < $1.wall }
        result.add("paginate_all_ms", paginateTimes[1].wall)
        result.add("paginate_all_cpu_ms", paginateTimes[1].cpu)
        result.add("paginate_threads", PaginationStore.workerCount(segments: segments.count))
        result.add("pages", pagination.pages.count)
        if let ratio = try verticalPaginateRatio(typesetter, segments: segments) { result.add("vertical_paginate_ratio", ratio) }

        // One full page (layout and drawing), with a cold and a warm glyph cache.
        let page = pagination.pages.count / 2
        var buffer = PixelBuffer(width: geometry.width, height: geometry.height)
        let painter = PagePainter(theme: .light)
        let cache = GlyphCache()
        // As the page cache draws: into a buffer that held another page,
        // knowing which of its rows that page inked.
        var ink = InkRows.all(rows: geometry.height)
        let cold = BenchClock.medianTime(1) {
            painter.paint(typesetter.layoutPage(page, of: pagination), fonts: typesetter.fonts, cache: cache, into: &buffer,
                          ink: &ink)
        }
        var turn = 0
        let warm = BenchClock.medianTime(21) {
            turn += 1
            painter.paint(typesetter.layoutPage(page + turn % 2, of: pagination), fonts: typesetter.fonts, cache: cache,
                          into: &buffer, ink: &ink)
        }
        let layouts = [typesetter.layoutPage(page, of: pagination), typesetter.layoutPage(page + 1, of: pagination)]
        let paintOnly = BenchClock.medianTime(21) {
            turn += 1
            painter.paint(layouts[turn % 2], fonts: typesetter.fonts, cache: cache, into: &buffer, ink: &ink)
        }
        result.add("render_page_cold_ms", cold)
        result.add("render_page_warm_ms", warm)
        result.add("paint_page_warm_ms", paintOnly)

        // A flick frame from two page buffers against one memcpy of a frame.
        var next = PixelBuffer(width: geometry.width, height: geometry.height)
        var firstInk = InkRows.all(rows: geometry.height), nextInk = InkRows.all(rows: geometry.height)
        painter.paint(typesetter.layoutPage(page, of: pagination), fonts: typesetter.fonts, cache: cache, into: &buffer,
                      ink: &firstInk)
        painter.paint(typesetter.layoutPage(page + 1, of: pagination), fonts: typesetter.fonts, cache: cache, into: &next,
                      ink: &nextInk)
        var frame = PixelBuffer(width: geometry.width, height: geometry.height)
        var compositor = Compositor(width: geometry.width, height: geometry.height, background: Theme.light.background)
        // With their ink's columns measured, as the page cache does after each drawing.
        let pages = [(buffer, firstInk), (next, nextInk)].map { pixels, ink in
            Compositor.PageImage(pixels: pixels, ink: ink,
                                 columns: InkColumns(measuring: pixels, ink: ink, background: Theme.light.background))
        }
        // Frames of a flick between the two pages: the offset moves each frame.
        var step = 0
        var copy = PixelBuffer(width: geometry.width, height: geometry.height)
        let (compose, memcpyTime, composeRatio) = BenchClock.interleavedRatio(201, {
            step += 1
            let offset = Double(geometry.width) * (0.3 + 0.1 * Double(step % 5))
            compositor.composePaging(offsetX: offset, version: 0, into: &frame) { pages[$0] }
        }, {
            copy.withUnsafeMutablePixels { target in
                buffer.withUnsafeBytes { source in
                    if let to = target.baseAddress, let from = source.baseAddress { _ = memcpy(to, from, source.count) }
                }
            }
        })
        result.add("compose_frame_ms", compose)
        result.add("memcpy_frame_ms", memcpyTime)
        result.add("compose_ratio", composeRatio)

        // The same flick frames onto the glass as the reader puts them there:
        // composed straight into the back buffer of two scanout buffers
        // (in memory here), flipped in turn, against the memcpy again.
        let scanout = ScanoutMemoryDisplay(width: geometry.width, height: geometry.height)
        var straight = Compositor(width: geometry.width, height: geometry.height, background: Theme.light.background)
        let (present, memcpyAgain, presentRatio) = BenchClock.interleavedRatio(201, {
            step += 1
            let offset = Double(geometry.width) * (0.3 + 0.1 * Double(step % 5))
            // The flip completes below, so there is always a back buffer.
            guard let target = scanout.backBuffer else { return }
            let written = straight.composePaging(offsetX: offset, version: 0, into: target) { pages[$0] }
            _ = scanout.presentBackBuffer(written: written, at: 0)
            scanout.completeFlip()
        }, {
            copy.withUnsafeMutablePixels { target in
                buffer.withUnsafeBytes { source in
                    if let to = target.baseAddress, let from = source.baseAddress { _ = memcpy(to, from, source.count) }
                }
            }
        })
        result.add("flick_present_ms", present)
        result.add("flick_present_ratio", presentRatio)
        result.add("flick_present_memcpy_ms", memcpyAgain)
        result.add("flick_present_ratio_of_medians", present / max(memcpyAgain, 0.0001))

        // The reader's own figures, in a process of its own.
        var sessionArguments = ["bench-session", "--pattern-snapshots", snapshots.path]
        if idle { sessionArguments.append("--idle") }
        let session = try child(sessionArguments)
        for key in ["flick_frame_p99_ms", "flick_frame_median_ms", "flick_stalls", "spread_flick_frame_p99_ms",
                    "spread_flick_frame_median_ms", "flick_frame_p99_paginating_ms",
                    "flick_frames_paginating", "font_change_ms", "peak_rss_mb", "rss_growth_10000_turns_mb",
                    "idle_cpu_ms", "idle_wakeups_10s", "idle_threads", "page_buffers", "scanout_bytes_flick_frame",
                    "scanout_bytes_overlay_toggle", "scanout_bytes_settled_page", "scanout_bytes_frame",
                    "menu_open_ms", "menu_open_first_ms", "contents_open_ms", "contents_entries",
                    "ui_language_switch_ms",
                    "eink_turn_ms"] {
            if let value = session[key] { result.add(key, value) }
        }
        if idle, session["idle_cpu_ms"] != nil { result.add("idle_measured", "reader-loop") }

        try measureLibrary(of: book, into: &result)
        measureSearch(of: book, into: &result)
        try measureHighlightSave(of: book, into: &result)
        try measureEPUB(into: &result, patternSnapshots: snapshots.path)
        measureDefine(into: &result)
        try measureReadAloud(of: book, typesetter: typesetter, pagination: pagination, segments: segments, into: &result)

        result.add("measure_px", Int(geometry.measure) / 64)
        result.add("font_px", geometry.fontSize)
        result.add("font_file", font.path)
        result.add("size", "\(geometry.width)x\(geometry.height)")
        try report(result, budgets: budgets, geometry: geometry)
    }

    /// The library of 1,000 books: opened three times with an empty cover
    /// cache and once with it filled, each in a fresh process (medians).
    private func measureLibrary(of book: Book, into result: inout JSONLine) throws {
        let shelf = try ScratchFolder(prefix: "ebook-fb-bench-library")
        defer { shelf.remove() }
        let (books, state, covers) = (shelf.path + "/books", shelf.path + "/state", shelf.path + "/covers")
        try FileManager.default.createDirectory(atPath: books, withIntermediateDirectories: true)
        try BenchShelf.make(books: books, state: state, from: book)
        let arguments = ["bench-library", "--folder", books, "--state-dir", state, "--covers", covers]
        var runs: [[String: Double]] = []
        for _ in 0..<3 {
            try? FileManager.default.removeItem(atPath: covers)
            runs.append(try child(arguments))
        }
        let cached = try child(arguments)
        for key in ["library_open_ms", "library_frame_p99_ms", "library_frame_median_ms"] {
            result.add(key, BenchClock.median(runs.compactMap { $0[key] }))
        }
        result.add("library_open_cached_ms", cached["library_open_ms"] ?? .nan)
        result.add("library_books", runs.first?["library_books"] ?? 0)
        result.add("library_rows_scrolled", runs.first?["library_rows_scrolled"] ?? 0)
    }

    /// Runs this binary with `arguments` plus the book options (for `book`
    /// instead of the one benchmarked, when given); returns the numbers of
    /// the JSON object it prints.
    func child(_ arguments: [String], book: String? = nil) throws -> [String: Double] {
        var all = options.childArguments(arguments, book: book)
        if arguments.first == "bench-first-page" { all += ["--since", String(monotonicMilliseconds())] }
        let outcome = try ChildProcess.runSelf(all, quota: cpuQuota)
        guard outcome.status == 0, let numbers = try? ChildProcess.numbers(in: outcome.output) else {
            throw BenchmarkError("bench: \(arguments[0]) failed (status \(outcome.status))")
        }
        return numbers
    }
}
