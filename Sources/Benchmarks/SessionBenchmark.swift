import FoundationEssentials
import Devices
import Geometry
import Gestures
import Glibc
import LinuxDisplay
import LinuxSystem
import Raster
import Reader
import Scrolling
import Typesetting

/// The reader's own figures, measured in a process of their own so the
/// memory figures are the reader's alone: a font size change and 10,000
/// page turns for memory, then, through a display whose two scanout
/// buffers are memory (made after the memory figures: they stand in for
/// the card's), a 50-page flick at 60 Hz with render-ahead as in the real
/// loop, the same flick with two pages a spread, a flick while the book
/// paginates in the background and, with
/// --idle, 10 s of the reader loop at rest.
public struct SessionBenchmark {
    let options: any BenchmarkedBook
    /// Also measure 10 s of the reader loop at rest.
    let idle: Bool
    /// Page turns for the memory figure.
    let turns: Int
    /// Folder of hyphenation pattern snapshots, with books' in its books folder (nil: the reader's cache).
    let patternSnapshots: String?

    /// Font size changes the flick while paginating goes on through.
    let paginatingRounds: Int

    public init(options: any BenchmarkedBook, idle: Bool, turns: Int, patternSnapshots: String?, paginatingRounds: Int = 12) {
        self.options = options
        self.idle = idle
        self.turns = turns
        self.patternSnapshots = patternSnapshots
        self.paginatingRounds = paginatingRounds
    }

    /// Frames come one 60 Hz interval apart.
    private static let frameInterval = 1000.0 / 60.0

    public func run() throws {
        let geometry = try options.geometry()
        // Opened as the reader opens a book, so its memory is the reader's.
        let session = try options.openSession(geometry: geometry, snapshotFolder: patternSnapshots)
        defer { session.stop() }
        var result = JSONLine()

        // Font size change to the new page composed, same text on screen.
        session.pagination.wait { _, complete in complete }
        session.cache.waitForRenderAhead()
        let fontStart = monotonicMilliseconds()
        try session.setFontSize(geometry.fontSize + 2)
        session.compose()
        result.add("font_change_ms", monotonicMilliseconds() - fontStart)
        try session.setFontSize(geometry.fontSize)
        session.pagination.wait { _, complete in complete }

        // Page turns: memory must stay flat once warm.
        let pageCount = session.knownPageCount
        func turn(_ index: Int) {
            let cycle = 2 * (pageCount - 1)
            let position = index % max(1, cycle)
            session.controller.show(page: position < pageCount ? position : cycle - position)
            session.compose()
            session.cache.waitForRenderAhead()
        }
        let warmUp = min(1000, turns / 10)
        for index in 0..<warmUp { turn(index) }
        let rssWarm = BenchClock.statusMegabytes("VmRSS")
        for index in warmUp..<(warmUp + turns) { turn(index) }
        let rssEnd = BenchClock.statusMegabytes("VmRSS")
        result.add("turns", turns)
        result.add("rss_growth_10000_turns_mb", max(0, rssEnd - rssWarm) * 10_000 / Double(max(1, turns)))
        result.add("page_buffers", session.cache.allocatedBuffers)
        result.add("peak_rss_mb", BenchClock.statusMegabytes("VmHWM"))
        // The interface first, so that its first menu is the process's first.
        var interface = BenchInterface(session: session)
        let menu = try interface.menuOpen(samples: 21)
        result.add("menu_open_ms", menu.median)
        result.add("menu_open_first_ms", menu.first)
        result.add("contents_open_ms", try interface.contentsOpen(samples: 11))
        result.add("contents_entries", session.book.chapters.count)
        if let switched = try interface.languageSwitch(samples: 11) { result.add("ui_language_switch_ms", switched) }
        result.add("eink_turn_ms", try EinkTurnBenchmark(session: session).measure(turns: 21))

        // The glass: frames composed straight into scanout buffers in memory.
        let display = ScanoutMemoryDisplay(width: geometry.width, height: geometry.height)
        // At rest on the first page, its neighbours drawn, as a reader is before a flick.
        session.controller.show(page: 0)
        session.compose()
        session.cache.waitForRenderAhead()
        try flick(session, display, into: &result)
        try flickWhilePaginating(session, display, fontSize: geometry.fontSize, into: &result)
        if idle {
            session.pagination.wait { _, complete in complete }
            session.cache.waitForRenderAhead()
            let quit = try QuitInput()
            let loop = ReaderLoop(scene: session, display: display, input: quit, clock: try PollingClock())
            let usage = try BenchIdle.measure(loop, quit: quit)
            result.add("idle_cpu_ms", usage.cpuMilliseconds)
            result.add("idle_wakeups_10s", usage.wakeups)
            result.add("idle_threads", usage.threads)
            result.add("idle_measured", "reader-loop")
        }
        try measureScanout(session, into: &result)
        // Last: the book is set anew two pages a spread.
        try flickSpreads(session, display, into: &result)
        print(result.text)
    }


    /// Waits for the next 60 Hz frame time after `next` was due.
    private func waitForFrame(_ next: inout Double) {
        next += Self.frameInterval
        sleepMilliseconds(next - monotonicMilliseconds())
    }

    /// A 50-page flick: the offset moves a tenth of a page each 60 Hz frame,
    /// in real time so the worker draws neighbours as it would on a screen.
    private func flick(_ session: ReaderSession, _ display: ScanoutMemoryDisplay, into result: inout JSONLine) throws {
        let stallsBefore = session.cache.stalls
        let frameTimes = flickFrames(session, display)
        result.add("flick_frame_p99_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("flick_frame_median_ms", BenchClock.median(frameTimes))
        result.add("flick_stalls", session.cache.stalls - stallsBefore)
    }

    /// The same flick with the screen showing two pages a spread, each
    /// buffer a spread of two pages drawn ahead.
    private func flickSpreads(_ session: ReaderSession, _ display: ScanoutMemoryDisplay,
                              into result: inout JSONLine) throws {
        let settings = session.settings
        try session.relayout(geometry: settings.geometry, theme: settings.theme, columns: .two)
        session.pagination.wait { _, complete in complete }
        session.controller.show(page: 0)
        session.compose()
        session.cache.waitForRenderAhead()
        let frameTimes = flickFrames(session, display)
        result.add("spread_flick_frame_p99_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("spread_flick_frame_median_ms", BenchClock.median(frameTimes))
    }

    /// The frame times of 500 frames moving the offset a tenth of a page each.
    private func flickFrames(_ session: ReaderSession, _ display: ScanoutMemoryDisplay) -> [Double] {
        let width = Double(session.settings.geometry.width)
        // Both buffers are written whole once: they are new.
        _ = display.timedFrame(of: session, offset: 0)
        _ = display.timedFrame(of: session, offset: 0)
        var frameTimes: [Double] = []
        var next = monotonicMilliseconds()
        for step in 1...500 {
            waitForFrame(&next)
            frameTimes.append(display.timedFrame(of: session, offset: Double(step) * width / 10))
        }
        return frameTimes
    }

    /// Pages turned to and fro at flick speed while the book paginates in
    /// the background after a font size change (twelve changes by default, `--paginating-rounds`, back and
    /// forth): the frames made while pagination ran, some 300, so that
    /// their 99th percentile is not just the second slowest frame.
    private func flickWhilePaginating(_ session: ReaderSession, _ display: ScanoutMemoryDisplay, fontSize: Int,
                                      into result: inout JSONLine) throws {
        let width = Double(session.settings.geometry.width)
        var frameTimes: [Double] = []
        for round in 0..<paginatingRounds {
            try session.setFontSize(fontSize + (round % 2 == 0 ? 2 : 0))
            var page = Double(session.currentPage)
            // Toward a page already known, so no frame waits for a chapter's pagination.
            let direction = session.currentPage + 1 < session.knownPageCount ? 1.0 : -1.0
            session.cache.waitForRenderAhead()
            var next = monotonicMilliseconds(), step = 0
            while !session.pagination.isComplete {
                waitForFrame(&next)
                step += 1
                let phase = Double(step % 20) / 10
                let offset = (page + direction * (phase <= 1 ? phase : 2 - phase)) * width
                let paginating = !session.pagination.isComplete
                let time = display.timedFrame(of: session, offset: offset)
                if paginating { frameTimes.append(time) }
                // Pages put in front move the view by whole pages, keeping the text
                // on screen: the flick goes on over the same text, as a finger would.
                page += ((session.controller.scrollView.contentOffset.x - offset) / width).rounded()
            }
            session.controller.show(page: Int(page))
            _ = display.timedFrame(of: session, offset: page * width)
        }
        result.add("flick_frame_p99_paginating_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("flick_frames_paginating", frameTimes.count)
    }

    /// Bytes written to the glass for one frame of a page turned by a
    /// tap, for the frame the turned page settles in and for the frame in
    /// which the menu appears (the figure keeps its name,
    /// `scanout_bytes_overlay_toggle`, for the tools that read it): the reader loop over a display whose
    /// scanout buffers are memory, composed into straight as a screen's
    /// are, flipped at 60 Hz in virtual time.
    private func measureScanout(_ session: ReaderSession, into result: inout JSONLine) throws {
        let geometry = session.settings.geometry
        session.controller.show(page: 3)
        session.cache.waitForRenderAhead()
        let display = ScanoutMemoryDisplay(width: geometry.width, height: geometry.height)
        let width = Double(geometry.width), middle = Double(geometry.height) / 2
        func tap(x: Double, at time: Double) -> [TouchFrame] {
            [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: middle)]), TouchFrame(time: time + 40, touches: [])]
        }
        // At rest, a tap on the right third, the menu opened in the middle, and closed.
        let input = RecordedInput(frames: tap(x: width * 0.9, at: 1000) + tap(x: width / 2, at: 3000)
                                  + tap(x: width / 2, at: 5000))
        let loop = ReaderLoop(scene: session, display: display, input: input, clock: VirtualClock(start: 0))
        try loop.run()
        let turn = display.presents.filter { $0.time > 1000 && $0.time < 3000 && $0.rows > 0 }
        let menu = display.presents.first { $0.time >= 3000 && $0.rows > 0 }
        result.add("scanout_bytes_flick_frame", turn.dropFirst(turn.count / 2).first?.bytes ?? -1)
        result.add("scanout_bytes_settled_page", turn.last?.bytes ?? -1)
        result.add("scanout_bytes_overlay_toggle", menu?.bytes ?? -1)
        result.add("scanout_bytes_frame", geometry.width * geometry.height * 4)
    }
}
