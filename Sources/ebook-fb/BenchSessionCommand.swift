import ArgumentParser
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
/// memory figures are the reader's alone: a 50-page flick at 60 Hz with
/// render-ahead as in the real loop, a font size change, 10,000 page turns
/// and, with --idle, the CPU used by 10 s of idle waiting.
struct BenchSessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-session", abstract: "The reader's frame, memory and idle figures (used by bench).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions

    @Flag(help: "Also measure 10 s of idle.")
    var idle = false

    @Option(help: "Page turns for the memory figure.")
    var turns: Int = 10_000

    @Option(name: .customLong("pattern-snapshots"), help: "Folder of hyphenation pattern snapshots (default: the reader's).")
    var patternSnapshots: String?

    func run() throws {
        let geometry = try options.geometry()
        // Opened as the reader opens a book, so its memory is the reader's.
        let start = try options.openForReading(geometry: geometry, background: Theme.light.background,
                                               patternSnapshots: .inFolder(patternSnapshots))
        let settings = ReaderSession.Settings(geometry: geometry, font: start.font, theme: .light, language: options.lang,
                                              lineBreaking: options.lineBreaking)
        let session = try ReaderSession(opening: start.book, path: options.book, settings: settings, start: .offset(0),
                                        stateStore: nil, hyphenationPreload: start.hyphenation,
                                        preparedBuffers: start.buffers)
        defer { session.stop() }
        session.compose()
        // A book opened a section at a time is flicked through whole, as after a first touch.
        session.waitForWholeBook()
        var result = JSONLine()

        // A 50-page flick: the offset moves a tenth of a page each 60 Hz frame,
        // in real time so the worker draws neighbours as it would on a screen.
        let width = Double(geometry.width)
        let frameInterval = 1000.0 / 60.0
        var frameTimes: [Double] = []
        let stallsBefore = session.cache.stalls
        var next = monotonicMilliseconds()
        for step in 1...500 {
            // Each frame comes one 60 Hz interval after the one before,
            // the first one after the first page was shown.
            next += frameInterval
            let wait = next - monotonicMilliseconds()
            sleepMilliseconds(wait)
            session.controller.scrollView.contentOffset = Point(x: Double(step) * width / 10, y: 0)
            let start = monotonicMilliseconds()
            session.compose()
            frameTimes.append(monotonicMilliseconds() - start)
        }
        result.add("flick_frame_p99_ms", BenchClock.percentile(frameTimes, 0.99))
        result.add("flick_frame_median_ms", BenchClock.median(frameTimes))
        result.add("flick_stalls", session.cache.stalls - stallsBefore)

        // Font size change to the new page composed, same text on screen.
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

        if idle {
            // Idle is a blocking wait with nothing armed: what the live loop does.
            let cpuStart = BenchClock.cpuMilliseconds()
            _ = try? PollSet([]).waitForReadable(timeout: 10_000)
            result.add("idle_cpu_ms", BenchClock.cpuMilliseconds() - cpuStart)
        }
        result.add("peak_rss_mb", BenchClock.statusMegabytes("VmHWM"))
        // Last: its scanout buffers in memory stand in for the card's and are not the reader's memory.
        // The interface first, so that its first menu is the process's first.
        var interface = BenchInterface(session: session)
        let menu = try interface.menuOpen(samples: 21)
        result.add("menu_open_ms", menu.median)
        result.add("menu_open_first_ms", menu.first)
        result.add("contents_open_ms", try interface.contentsOpen(samples: 11))
        result.add("contents_entries", session.book.chapters.count)
        try measureScanout(session, into: &result)
        print(result.text)
    }

    /// Bytes written to the glass for one frame of a page turned by a
    /// tap, for the frame the turned page settles in and for the frame in
    /// which the overlay appears: the reader loop over a display that puts
    /// frames through the display's own damage path into scanout buffers in
    /// memory, flipped at 60 Hz in virtual time.
    private func measureScanout(_ session: ReaderSession, into result: inout JSONLine) throws {
        let geometry = session.settings.geometry
        session.controller.show(page: 3)
        session.cache.waitForRenderAhead()
        let display = MemoryScanoutDisplay(width: geometry.width, height: geometry.height)
        let width = Double(geometry.width), middle = Double(geometry.height) / 2
        func tap(x: Double, at time: Double) -> [TouchFrame] {
            [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: middle)]), TouchFrame(time: time + 40, touches: [])]
        }
        // At rest, a tap on the right third, the overlay opened in the middle, and closed.
        let input = RecordedInput(frames: tap(x: width * 0.9, at: 1000) + tap(x: width / 2, at: 3000)
                                  + tap(x: width / 2, at: 5000))
        let loop = ReaderLoop(scene: session, display: display, input: input, clock: VirtualClock(start: 0))
        try loop.run()
        let turn = display.presents.filter { $0.time > 1000 && $0.time < 3000 && $0.changedRows > 0 }
        let overlay = display.presents.first { $0.time >= 3000 && $0.changedRows > 0 }
        result.add("scanout_bytes_flick_frame", turn.dropFirst(turn.count / 2).first?.bytes ?? -1)
        result.add("scanout_bytes_settled_page", turn.last?.bytes ?? -1)
        result.add("scanout_bytes_overlay_toggle", overlay?.bytes ?? -1)
        result.add("scanout_bytes_frame", geometry.width * geometry.height * 4)
    }
}

/// A display whose scanout buffers are memory: frames go through the
/// display's damage path (`MemoryScanout`), flips complete at the next
/// 60 Hz vblank of virtual time, and each present's bytes are kept.
private final class MemoryScanoutDisplay: Display {
    let width: Int
    let height: Int
    private let scanout: MemoryScanout
    private var flipDue: Double?
    private(set) var presents: [(time: Double, changedRows: Int, bytes: Int)] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        scanout = MemoryScanout(width: width, height: height)
    }

    var canPresent: Bool { flipDue == nil }
    var pollDescriptors: [Int32] { [] }
    var nextEventTime: Double? { flipDue }

    func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) -> Bool {
        guard canPresent else { return false }
        scanout.present(pixels: pixels, stride: stride, damage: damage)
        presents.append((time, damage.count, scanout.lastPresentBytes))
        flipDue = LivePacing.nextFrameTime(after: time)
        return true
    }

    func handleEvents(at time: Double) -> [DisplayEvent] {
        guard let due = flipDue, due <= time else { return [] }
        flipDue = nil
        return [.flipCompleted(vblank: due)]
    }

    func giveUp() {}
    func takeBack() {}
    var physicalSize: Size? { nil }
    func setPowered(_ on: Bool) {}
}
