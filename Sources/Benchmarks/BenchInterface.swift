import Devices
import Geometry
import Gestures
import Languages
import LinuxDisplay
import LinuxSystem
import Reader

/// The interface's figures: the work from a tap reaching the reader to the
/// first frame that shows what it opened, composed into scanout buffers in
/// memory as the reader loop composes into a card's.
struct BenchInterface {
    let session: ReaderSession
    private let display: ScanoutMemoryDisplay
    /// Virtual time for the session, past anything it saw before.
    private var time = 10_000_000.0
    private let frameInterval = 1000.0 / 60.0

    init(session: ReaderSession) {
        self.session = session
        let geometry = session.settings.geometry
        display = ScanoutMemoryDisplay(width: geometry.width, height: geometry.height)
    }

    /// The menu opened by a tap in the middle of a page at rest: the frame
    /// the loop steps at the tap (the bars not in yet) and the one at the
    /// next vblank (the first that shows them). The first sample is the
    /// process's first menu (its interface fonts opened then); the
    /// figure is the median of the others.
    mutating func menuOpen(samples: Int) throws -> (first: Double, median: Double) {
        let geometry = session.settings.geometry
        let middle = Point(x: Double(geometry.width) / 2, y: Double(geometry.height) / 2)
        var times: [Double] = []
        for _ in 0..<samples {
            rest()
            let start = monotonicMilliseconds()
            session.handle([GestureEvent(time: time, kind: .tap(at: middle, zone: .middle))])
            frame(at: time)
            frame(at: time + frameInterval)
            times.append(monotonicMilliseconds() - start)
            guard session.screenName == "menu", (display.presents.last?.bytes ?? 0) > 0 else {
                throw BenchmarkError("bench: the tap did not open the menu")
            }
            close()
        }
        return (times.first ?? .nan, BenchClock.median(Array(times.dropFirst())))
    }

    /// The contents opened by a tap on the menu's Contents: the work to
    /// their first frame (the whole screen), median of `samples`.
    mutating func contentsOpen(samples: Int) throws -> Double {
        var times: [Double] = []
        for _ in 0..<samples {
            rest()
            try openMenu()
            let contents = try centre(of: "menu.contents")
            let start = monotonicMilliseconds()
            tap(at: contents)
            frame(at: time)
            times.append(monotonicMilliseconds() - start)
            guard session.screenName == "contents" else { throw BenchmarkError("bench: the tap did not open the contents") }
            close()
        }
        return BenchClock.median(times)
    }

    /// The interface's language switched from the menu's list of languages:
    /// the work from the tap on a language to the menu's first frame in
    /// it, alternating between the two `languages` offer. Nil when the
    /// catalogs are not beside the program.
    mutating func languageSwitch(samples: Int) throws -> Double? {
        guard let folder = CatalogFolder.ofThisProgram(), let german = try? folder.catalog("de") else { return nil }
        let kept = session.resources.languages
        session.resources.languages = InterfaceLanguages(offered: [.english, german])
        defer { session.resources.languages = kept }
        var times: [Double] = []
        for _ in 0..<samples {
            rest()
            try openMenu()
            tap(at: try centre(of: "menu.language"))
            frame(at: time + 300)
            time += 300
            let other = session.resources.languages.current.code == "en" ? "de" : "en"
            let language = try centre(of: "language." + other)
            let start = monotonicMilliseconds()
            tap(at: language)
            frame(at: time)
            times.append(monotonicMilliseconds() - start)
            guard session.screenName == "menu", session.resources.languages.current.code == other else {
                throw BenchmarkError("bench: choosing a language did not show the menu in it")
            }
            close()
        }
        return BenchClock.median(times)
    }

    /// The menu opened by its key, and its frame on the glass.
    private mutating func openMenu() throws {
        try session.handle(.toggleMenu, at: time)
        frame(at: time + 300)
        time += 300
    }

    /// The middle of the control `id` on screen now: found before a figure's
    /// clock starts, so laying the screen out again is not counted.
    private func centre(of id: String) throws -> Point {
        guard let control = session.describedControls.first(where: { $0.id == id }) else {
            throw BenchmarkError("bench: no \(id) on the \(session.screenName) screen")
        }
        return Point(x: Double(control.rect.x + control.rect.width / 2), y: Double(control.rect.y + control.rect.height / 2))
    }

    /// A tap at `point` now.
    private func tap(at point: Point) {
        session.handle([GestureEvent(time: time, kind: .tap(at: point, zone: TapZone(x: point.x,
                                                                                 width: Double(session.settings.geometry.width))))])
    }

    /// Steps the session to `time` and composes its frame into the back
    /// buffer (the flip before it taken as done), as the loop does.
    private func frame(at time: Double) {
        _ = display.handleEvents(at: .infinity)
        session.composesStraight = true
        session.advance(to: time)
        guard let target = display.backBuffer, let written = session.compose(into: target) else { return }
        _ = display.presentBackBuffer(written: written, at: time)
    }

    /// A while later, at rest, the page's frame on the glass.
    private mutating func rest() {
        time += 2000
        frame(at: time)
        session.cache.waitForRenderAhead()
    }

    private mutating func close() {
        time += 500
        try? session.handle(.closeScreen, at: time)
        frame(at: time + 400)
        time += 400
    }
}
