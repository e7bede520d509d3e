import FoundationEssentials
import Glibc
import LinuxDisplay
import LinuxSystem
import Raster
import Reader
import Typesetting

/// The kiosk's screen when it cannot show the book: the problem and what to
/// do about it, set as a page in the kiosk's font and shown until the
/// service is stopped or restarted. It tells systemd it is up (with the
/// problem as its status) and keeps the watchdog fed, so systemd does not
/// restart it in a loop while nobody has fixed the settings.
struct KioskErrorScreen {
    let problem: String
    let remedy: String
    let configuration: KioskConfiguration

    /// The page's text: a title, the problem and the remedy as paragraphs.
    var text: String {
        "The reader cannot open the book\n\n\(problem)\n\nWhat to do: \(remedy)\n"
    }

    func showUntilStopped() throws {
        let options = KMSOptions(mode: try configuration.mode.map { try ModeRequest(parsing: $0) },
                                 rotation: OutputRotation(degrees: configuration.rotate) ?? .none)
        let console = try ConsoleSession(options: options, terminalPath: configuration.tty)
        defer { console.restore() }
        console.refusesSwitching = configuration.lockVT
        let display = console.display
        let session = try makeSession(width: display.width, height: display.height)
        defer { session.stop() }
        _ = session.advance(to: 0)
        let frame = session.frame
        try frame.withUnsafeBytes { pixels in _ = try display.present(pixels: pixels, stride: frame.bytesPerRow) }

        let environment = ProcessInfo.processInfo.environment
        let notifier = ServiceNotifier(environment: environment)
        var watchdog = WatchdogSchedule(environment: environment, pid: getpid())
        try? notifier?.ready(status: "error: " + problem)
        let timer = try WakeTimer()
        while true {
            let now = monotonicMilliseconds()
            if var schedule = watchdog, schedule.isDue(now: now) {
                try? notifier?.watchdog()
                schedule.pinged(at: now)
                watchdog = schedule
            }
            try timer.arm(at: watchdog?.nextPing(now: now), now: now)
            var descriptors = [console.signals.fileDescriptor, timer.fileDescriptor, display.eventDescriptor].map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                throw CommandError("poll: \(String(cString: strerror(errno)))")
            }
            if descriptors[1].revents != 0 { timer.acknowledge() }
            if descriptors[2].revents != 0 { _ = try display.handleEvents() }
            guard descriptors[0].revents != 0 else { continue }
            for event in try console.handleSignals() {
                switch event {
                case .quit: return
                case .redraw:
                    try frame.withUnsafeBytes { pixels in _ = try display.present(pixels: pixels, stride: frame.bytesPerRow) }
                case .suspended: break
                }
            }
        }
    }

    private func makeSession(width: Int, height: Int) throws -> ReaderSession {
        let font: FontFile
        do {
            font = try FontSet.resolve(path: configuration.font)
        } catch {
            font = try FontSet.resolve(path: nil) // the configured font may be the problem
        }
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "error"))
        let geometry = PageGeometry(width: width, height: height, fontSize: max(configuration.fontSize, 24), lineSpacing: 1.4)
        try geometry.validate()
        let theme = Theme(named: configuration.theme) ?? .light
        let settings = ReaderSession.Settings(geometry: geometry, font: font, theme: theme, language: "en")
        return try ReaderSession(book: book, path: "error", settings: settings, start: .offset(0), stateStore: nil)
    }
}
