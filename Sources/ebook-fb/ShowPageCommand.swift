import ArgumentParser
import Glibc
import LinuxDisplay
import Raster
import Typesetting

/// Shows one page of a book on the KMS screen and turns pages by touch,
/// until SIGTERM, SIGINT or SIGHUP; then the screen and console are given
/// back as they were. Drawn with the same typesetter and painter as
/// `render`, so what is scanned out can be compared with a headless render.
struct ShowPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show-page",
        abstract: "Show a page of a book on the screen through KMS (turn pages by touch).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: "The page to show first, from 1.")
    var page: Int = 1

    @Option(help: "Colour theme: light or dark.")
    var theme: String = "light"

    @Option(help: "Magnification a double tap zooms to (a whole number).")
    var zoom: Int = 2

    @Flag(help: "Take the touchscreen for ourselves (EVIOCGRAB).")
    var grab = false

    func run() throws {
        guard let theme = Theme(named: theme) else {
            throw ValidationError("unknown theme \"\(self.theme)\": use light or dark")
        }
        guard zoom >= 1 else { throw ValidationError("--zoom \(zoom): use 1 or more") }
        let session: ConsoleSession
        do {
            session = try ConsoleSession(options: try display.kmsOptions(), terminalPath: display.tty)
        } catch let error as DisplayError {
            throw CommandError("\(error)")
        }
        defer { session.restore() }
        let screen = try makeScreen(width: session.display.width, height: session.display.height, theme: theme)
        guard (1...screen.pageCount).contains(page) else {
            throw CommandError("\(options.book): page \(page) does not exist; the book has \(screen.pageCount) pages")
        }
        log("showing \(options.book) on \(session.display.devicePath) \(session.display.connectorName) "
            + "\(session.display.mode) as \(session.display.width)x\(session.display.height)")
        try loop(session: session, screen: screen)
        session.restore()
        log("restored the screen and console")
    }

    private func makeScreen(width: Int, height: Int, theme: Theme) throws -> PageScreen {
        var geometry = try options.geometry()
        geometry = PageGeometry(width: width, height: height, fontSize: geometry.fontSize, lineSpacing: geometry.lineSpacing)
        try geometry.validate()
        let typesetter = try Typesetter(book: try Book.open(path: options.book), geometry: geometry,
                                        font: FontSet.resolve(path: options.font), language: options.lang)
        return PageScreen(typesetter: typesetter, pagination: typesetter.paginate(), theme: theme)
    }

    private func loop(session: ConsoleSession, screen: PageScreen) throws {
        let display = session.display
        var frame = PixelBuffer(width: display.width, height: display.height)
        let pager = TouchPager(width: display.width, height: display.height, rotation: display.rotation, grab: grab)
        var current = page - 1
        var zoomCenter: (x: Double, y: Double)?
        var needsDraw = true
        var announcement: String?

        while true {
            if needsDraw, display.isActive, !display.isFlipPending {
                if let center = zoomCenter {
                    try screen.drawZoomed(page: current, scale: zoom, centerX: center.x, centerY: center.y,
                                          fontFile: options.font, language: options.lang, into: &frame)
                    announcement = "presented page \(current + 1) zoom \(zoom) at \(Int(center.x)) \(Int(center.y))"
                } else {
                    screen.draw(page: current, into: &frame)
                    announcement = "presented page \(current + 1)"
                }
                try frame.withUnsafeBytes { pixels in _ = try display.present(pixels: pixels, stride: frame.bytesPerRow) }
                needsDraw = false
                // A modeset shows the frame at once; a flip when its event arrives.
                if !display.isFlipPending, let text = announcement { log(text); announcement = nil }
            }

            var descriptors = (session.pollDescriptors + pager.pollDescriptors).map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            let timeout = pager.nextDeadline.map { Int32(max(0, min($0 - monotonicMilliseconds(), 1000)).rounded(.up)) } ?? 1000
            let ready = Glibc.poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && Glibc.errno != EINTR {
                throw CommandError("poll: \(String(cString: strerror(Glibc.errno)))")
            }
            if descriptors[0].revents != 0, try display.handleEvents() != nil, let text = announcement {
                log(text)
                announcement = nil
            }
            if descriptors[1].revents != 0 {
                for event in try session.handleSignals() {
                    switch event {
                    case .quit(let signal):
                        log("received signal \(signal)")
                        return
                    case .redraw: needsDraw = true
                    case .suspended: break
                    }
                }
            }
            for action in pager.poll(now: monotonicMilliseconds()) {
                switch action {
                case .next where zoomCenter == nil && current + 1 < screen.pageCount:
                    current += 1
                    needsDraw = true
                case .previous where zoomCenter == nil && current > 0:
                    current -= 1
                    needsDraw = true
                case .toggleZoom(let x, let y):
                    zoomCenter = zoomCenter == nil ? (x, y) : nil
                    needsDraw = true
                default:
                    break
                }
            }
        }
    }

    private func log(_ text: String) {
        print("ebook-fb: \(text)")
        fflush(nil)  // every stream: the kiosk waits for these lines
    }
}
