import BookModel
import Devices
import FoundationEssentials
import Geometry
import Glibc
import LinuxDisplay
import LinuxSystem
import PlainText
import Raster
import Reader
import Typesetting

/// The kiosk's screen when it cannot show the book: the problem and what to
/// do about it, set as a page in the kiosk's font and shown until the
/// service is stopped, restarted or reloaded. It tells systemd it is up (with the
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

    /// Returns true when it stopped for a reload (SIGHUP).
    func showUntilStopped() throws -> Bool {
        let options = KMSOptions(mode: try configuration.mode.map { try ModeRequest(parsing: $0) },
                                 rotation: Rotation(degrees: configuration.rotate) ?? .none)
        let screen = try openScreen(options)
        defer { screen.restore() }
        let console = screen.display
        let session = try makeSession(width: console.width, height: console.height)
        defer { session.stop() }
        let service = SystemdService(environment: ProcessInfo.processInfo.environment, pid: getpid())
            .map { ProblemStatus(service: $0, problem: problem) }
        // No input: the page stays until the service is stopped.
        let loop = ReaderLoop(scene: session, display: console, input: RecordedInput(frames: []),
                              clock: try PollingClock(), service: service)
        loop.onWarning = { StandardStreams.log("warning: " + $0) }
        try loop.run()
        return loop.stoppedForReload
    }

    /// The screen the kiosk's DISPLAY_DEVICE names; auto tries DRM, then the framebuffer.
    private func openScreen(_ options: KMSOptions) throws -> LiveScreen {
        let kms = { try LiveScreen.kms(options: options, terminalPath: configuration.tty, muteKeyboard: true,
                                       lockVT: configuration.lockVT) }
        let fbdev = { try LiveScreen.fbdev(path: "/dev/fb0", terminalPath: configuration.tty, muteKeyboard: true,
                                           lockVT: configuration.lockVT) }
        switch configuration.displayDevice {
        case "fbdev": return try fbdev()
        case "auto": return try (try? kms()) ?? fbdev()
        default: return try kms()
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

/// The service manager told of the problem instead of the page shown, so
/// `systemctl status` says what is wrong.
private final class ProblemStatus: ServiceManager {
    let service: ServiceManager
    let problem: String

    init(service: ServiceManager, problem: String) {
        self.service = service
        self.problem = problem
    }

    func ready(status: String) throws { try service.ready(status: "error: " + problem) }
    func nextPing(now: Double) -> Double? { service.nextPing(now: now) }
    func ping(at time: Double) throws { try service.ping(at: time) }
}
