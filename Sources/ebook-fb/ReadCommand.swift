import ArgumentParser
import BookFormats
import BookModel
import BookStorage
import FoundationEssentials
import Geometry
import Glibc
import Devices
import Gestures
import Languages
import LinuxDisplay
import LinuxInput
import LinuxSystem
import Raster
import Reader
import Threading
import Typesetting

/// `ebook-fb BOOK`: the reader.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        // Parsed alone at start-up: named as a subcommand, which also spares
        // the parse the look for a completion-script request.
        _superCommandName: "ebook-fb",
        abstract: "Read a book (the default command): on a VT with DRM it shows the book; headless it replays touches.")

    @OptionGroup var options: BookOptions
    @OptionGroup var columns: ColumnOptions
    @OptionGroup var screen: DisplayOptions
    @OptionGroup var policies: KioskPolicyOptions
    @OptionGroup var interfaceLanguages: LanguageOptions
    @OptionGroup var displayMode: DisplayModeOptions
    @OptionGroup var health: HealthOptions
    @OptionGroup var catalogOptions: CatalogOptions

    @Option(help: "Where to draw: auto, drm (or kms), fbdev or headless. auto picks DRM when a card with a connected screen can be driven, else the framebuffer, else headless.")
    var display: String = "auto"

    @Option(help: "Colour theme: light, sepia, dark or high-contrast.")
    var theme: String = "light"

    @Option(help: "Headless: replay this evemu recording as the touchscreen.")
    var replay: String?

    @Option(help: "The evemu device description (.desc) when the recording has none.")
    var desc: String?

    @Option(help: "Headless: write the final frame to this PNG.")
    var screenshot: String?

    @Option(name: .customLong("screenshot-every"), help: "Headless: write every frame to this folder.")
    var screenshotEvery: String?

    @Option(help: "A folder of dictd or StarDict dictionaries to look words up in, besides /usr/share/dictd and /usr/share/stardict/dic (repeatable).")
    var dictionaries: [String] = []

    @Option(name: .customLong("state-dir"), help: "Folder for reading positions (default: $STATE_DIRECTORY, $XDG_STATE_HOME/ebook-fb or ~/.local/state/ebook-fb).")
    var stateDir: String?

    @Option(parsing: .unconditional, help: "Open at this page (1-based) instead of the saved position.")
    var page: Int?

    @Flag(help: "Open at the beginning instead of the saved position.")
    var start = false

    @Option(name: .customLong("open"), help: "With a folder: open this book of it at once, at its saved place, the library behind it.")
    var openInLibrary: String?

    @Option(parsing: .unconditional, help: "Display rotation in degrees: 0, 90, 180 or 270 (touch follows).")
    var rotate: Int = 0

    @Option(name: .customLong("touch-matrix"), help: "Touch calibration matrix a,b,c,d,e,f (libinput style).")
    var touchMatrix: String?

    @Option(name: .customLong("replay-speed"), parsing: .unconditional,
            help: "Headless: play the recording at this many times real time (1 = real time; default: as fast as possible).")
    var replaySpeed: Double?

    @Option(name: .customLong("touch-device"), help: "KMS: read touches from this evdev device (default: the first touchscreen).")
    var touchDevice: String?

    @Option(help: "Where chapters beyond the one on screen are paginated: background, or on-demand as they are reached (a board with one slow core).")
    var pagination: PaginationMode = .background

    @Flag(help: "KMS: take the input devices for ourselves (EVIOCGRAB) and ignore the quit keys.")
    var kiosk = false

    @Flag(help: "Headless: describe what is on screen in the final line (book, chapter, offset_range, font_size, theme, bookmarks, controls).")
    var describe = false

    @Flag(name: .customLong("lock-vt"), help: "KMS: refuse switching to another virtual terminal while the reader runs.")
    var lockVT = false

    @Option(name: .customLong("ui-scale"),
            help: "Interface scale (large print): 1, 1.5 or 2 times the menus', lists', panels' and keyboard's normal size (default: as last chosen on the text panel, else 1).")
    var uiScale: String?

    @Flag(name: .customLong("read-aloud"), help: "Start reading the book aloud at once, from the page shown (espeak-ng; sound on AUDIO_DEVICE or ALSA's default).")
    var readAloud = false
    @Flag(name: .customLong("spoken"), help: "The spoken interface: a touch says the control it touches (on the page: reads from the sentence touched), a double tap activates, two fingers swiped sideways move between controls.")
    var spoken = false
    @Option(name: .customLong("audio-device"), help: "The ALSA device speech is played on (default: $AUDIO_DEVICE, else ALSA's default).")
    var audioDevice: String?
    @Option(name: .customLong("audio-out"), help: "Headless: write the audio that would be played to this WAV file, in step with the reader's virtual time.")
    var audioOut: String?
    @Option(name: .customLong("run-for"), parsing: .unconditional, help: "Headless: run this many seconds of virtual time before printing the state.")
    var runFor: Double?

    /// `--ui-scale` over the scale last chosen on the text panel.
    func interfaceScale(saved: TextSettings?) throws -> InterfaceScale {
        if let uiScale {
            guard let scale = InterfaceScale(parsing: uiScale) else {
                throw CommandError("interface scale \"\(uiScale)\": use \(InterfaceScale.choices)")
            }
            return scale
        }
        return saved?.interfaceScale.flatMap(InterfaceScale.init(rawValue:)) ?? .normal
    }

    func run() throws { _ = try read() }

    /// Reads until the reader is stopped; says why (a reload) and which
    /// book was open. `reloads`: the kiosk's so far, for the metrics.
    func read(reloads: Int? = nil) throws -> ReaderStop {
        guard let theme = Theme(named: theme) else { throw CommandError("unknown theme \"\(self.theme)\": use \(Theme.namesListed)") }
        _ = try interfaceScale(saved: nil) // a bad --ui-scale is said before the screen is taken
        guard let rotation = Rotation(degrees: rotate) else { throw CommandError("rotation \(rotate): use 0, 90, 180 or 270") }
        var calibration = CalibrationMatrix.identity
        if let touchMatrix {
            guard let parsed = CalibrationMatrix(parsing: touchMatrix) else {
                throw CommandError("touch matrix \"\(touchMatrix)\": expected six numbers a,b,c,d,e,f")
            }
            calibration = parsed
        }
        // Else the calibration `ebook-fb calibrate` kept, over udev's.
        let savedCalibration = touchMatrix == nil ? loadSavedCalibration() : nil
        if let savedCalibration { calibration = savedCalibration }
        if let page, page < 1 { throw CommandError("page \(page): pages count from 1") }
        try validateSpeechOptions()
        if let replaySpeed, !(replaySpeed > 0 && replaySpeed.isFinite) {
            throw CommandError("replay speed \(replaySpeed): must be a positive number (1 = real time)")
        }
        guard let request = DisplayRequest(parsing: display) else {
            throw CommandError("display \"\(display)\": use \(DisplayRequest.choices)")
        }
        if let crashGuard {
            let start = crashGuard.start()
            for line in start.journal { log(line) }
            if start.setAside.contains(options.book) { throw CommandError(Self.setAsideProblem(options.book)) }
        }
        let languages = try interfaceLanguages.load(warn: warn)
        let kmsOptions = try screen.kmsOptions(rotation: rotation)
        // A kiosk may start before its graphics card is there and ours to open.
        if kiosk, request == .kms || request == .auto {
            CardWait.untilUsable(directory: kmsOptions.directory, path: screen.card,
                                 limit: CardWait.limit(for: request, framebuffer: screen.framebuffer), log: log)
        }
        switch try chooseDisplay(request, options: kmsOptions) {
        case .headless(let reason):
            if request == .auto { log(reason + "; running headless") }
            return try runHeadless(theme: theme, rotation: rotation, calibration: calibration, languages: languages,
                                   metrics: health.writer(reloads: reloads, warn: warn))
        case .kms(let path):
            var chosen = kmsOptions
            chosen.devicePath = path
            return try runOnScreen(theme: theme, rotation: rotation, calibration: touchMatrix == nil && savedCalibration == nil ? nil : calibration,
                                   languages: languages, metrics: health.writer(reloads: reloads, warn: warn)) { terminalPath, muteKeyboard in
                try LiveScreen.kms(options: chosen, terminalPath: terminalPath, muteKeyboard: muteKeyboard, lockVT: lockVT)
            }
        case .fbdev(let path):
            if request == .auto { log("no DRM card to drive; drawing on the framebuffer \(path)") }
            guard rotation == .none else { throw CommandError("--rotate \(rotate): fbdev draws upright only; use drm to turn the picture") }
            return try runOnScreen(theme: theme, rotation: rotation, calibration: touchMatrix == nil && savedCalibration == nil ? nil : calibration,
                                   languages: languages, metrics: health.writer(reloads: reloads, warn: warn)) { terminalPath, muteKeyboard in
                try LiveScreen.fbdev(path: path, terminalPath: terminalPath, muteKeyboard: muteKeyboard, lockVT: lockVT)
            }
        }
    }

    private func chooseDisplay(_ request: DisplayRequest, options: KMSOptions) throws -> DisplayDecision {
        if request == .headless { return .headless(reason: "--display headless") }
        if request == .fbdev {
            let framebuffer = DisplayChoice.probeFramebuffer(path: screen.framebuffer)
            do { return try DisplayChoice.decide(request, probes: [], framebuffer: framebuffer) } catch { throw CommandError("\(error)") }
        }
        var probes = DisplayChoice.probeCards(directory: options.directory, options: options)
        if let card = screen.card {
            probes = probes.filter { $0.path == card }
            // A card outside /dev/dri is opened as given; its open says what is wrong.
            if probes.isEmpty, request == .kms { return .kms(path: card) }
        }
        // The framebuffer is looked at only when no card will do.
        let framebuffer = request == .auto && !probes.contains { $0.problem == nil }
            ? DisplayChoice.probeFramebuffer(path: screen.framebuffer) : nil
        do {
            return try DisplayChoice.decide(request, probes: probes, framebuffer: framebuffer, directory: options.directory)
        } catch {
            throw CommandError("\(error)")
        }
    }

    var stateStore: StateStore {
        StateStore(directory: stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
    }

    /// A kiosk notes the book it has open, so that one that takes the
    /// reader down is set aside rather than reopened in a loop.
    var crashGuard: CrashLoopGuard? {
        kiosk ? CrashLoopGuard(stateDirectory: stateStore.directory, boot: CrashLoopGuard.currentBoot()) : nil
    }

    static func setAsideProblem(_ book: String) -> String {
        "\(book): set aside as unreadable: the reader stopped abnormally \(CrashLoopGuard.abnormalExitsAllowed) times with it open"
    }

    /// What the loop runs: the book given, or the library of the folder given.
    private func makeScene(geometry: PageGeometry, theme givenTheme: Theme, panelSize: Size?,
                           languages: InterfaceLanguages) throws -> ReadingScene {
        guard (try? FileSystem.status(options.book))?.isDirectory == true else {
            if let openInLibrary { throw CommandError("--open \(openInLibrary): goes with a folder, and \(options.book) is none") }
            if !catalogOptions.catalogs.isEmpty { throw CommandError("--catalog: goes with a folder, and \(options.book) is none") }
            return try makeSession(book: options.book, geometry: geometry, theme: givenTheme, panelSize: panelSize,
                                   languages: languages)
        }
        let store = stateStore
        let saved = store.loadTextSettings()
        let theme = chosenSettings(saved, geometry: geometry, theme: givenTheme).theme
        var font = try FontSet.resolve(path: options.font)
        if options.font == nil, let family = saved?.fontFamily, let file = try? FontLocator.file(forFamily: family) {
            font = file
        }
        let formats = try options.formats()
        let folderPath = options.book.hasSuffix("/") ? options.book : options.book + "/"
        let folder = LibraryFolder(path: options.book) { name in formats.lists(fileAt: folderPath + name) }
        let covers = CoverCache(directory: CoverCache.defaultDirectory(environment: ProcessInfo.processInfo.environment))
        let library = try LibraryScreen(folder: folder, formats: formats, coverCache: covers, store: store, font: font,
                                        theme: theme, width: geometry.width, height: geometry.height,
                                        interfaceScale: try interfaceScale(saved: saved))
        library.languages = languages
        library.catalogSources = try catalogOptions.sources()
        library.limitDownloads(maximumMegabytes: catalogOptions.maxBookMB, minimumFreeMegabytes: catalogOptions.minFreeMB)
        for book in crashGuard?.setAside ?? [] {
            library.openingFailed(path: book, problem: "set aside: it stopped the reader \(CrashLoopGuard.abnormalExitsAllowed) times")
        }
        let scene = LibraryScene(library: library) { path in
            try makeSession(book: path, geometry: geometry, theme: givenTheme, panelSize: panelSize, languages: languages)
        }
        if let openInLibrary { scene.open(path: openInLibrary) }
        return scene
    }

    /// The live reader on the screen `open` takes over (KMS or fbdev), until
    /// a quit key or SIGTERM/SIGINT/SIGHUP.
    private func runOnScreen(theme: Theme, rotation: Rotation, calibration: CalibrationMatrix?, languages: InterfaceLanguages,
                             metrics: MetricsWriter?,
                             open: (_ terminalPath: String?, _ muteKeyboard: Bool) throws -> LiveScreen) throws -> ReaderStop {
        // Without a readable evdev keyboard, keys come from this terminal, so
        // the console keyboard stays on (never in kiosk mode).
        let terminalKeys = !kiosk && isatty(STDIN_FILENO) == 1 && !EvdevInput.evdevKeyboardAvailable()
        let console = try open(screen.tty, !terminalKeys)
        defer { console.restore() }
        let display = console.display
        let base = try options.geometry()
        let geometry = PageGeometry(width: display.width, height: display.height, fontSize: base.fontSize,
                                    lineSpacing: base.lineSpacing)
        try geometry.validate()
        // Speech starts once the first page is on the glass, not against it.
        let firstFrameShown = StartGate()
        let session = try withReadAloud(makeScene(geometry: geometry, theme: theme,
                                                  panelSize: try screen.panelSize() ?? display.physicalSize,
                                                  languages: languages), virtualTime: false, startingAfter: firstFrameShown)
        defer { session.stop() }
        let input = try ThreadedInput(reading: EvdevInput(screenWidth: display.width, screenHeight: display.height,
                                                          rotation: rotation, calibration: calibration,
                                                          touchDevicePath: touchDevice, kiosk: kiosk, terminalKeys: terminalKeys))
        defer { input.closeAll() }
        let panel = display.physicalSize.map { " (\(Int($0.width))x\(Int($0.height)) mm)" } ?? ""
        log("\(session is LibraryScene ? "library of" : "reading") \(options.book) on \(console.summary) "
            + "as \(display.width)x\(display.height)\(panel); "
            + "touch: \(input.touchDevicePath ?? "none yet")")
        let clock = try PollingClock()
        let loop = ReaderLoop(scene: session, display: displayMode.applied(to: display), input: input, clock: clock,
                              service: SystemdService(environment: ProcessInfo.processInfo.environment, pid: getpid()))
        loop.idle = policies.idleTimers(start: clock.now)
        if readAloud { (session as? SpeechScene)?.startReading(at: clock.now) }
        loop.onSettled = { log($0) }
        loop.onNotice = { log($0) }
        loop.onWarning = { warn($0) }
        loop.onFirstFrameShown = firstFrameShown.open
        metrics?.attach(to: loop)
        let reason = try loop.run()
        session.saveNow()
        crashGuard?.stoppedNormally()
        metrics?.writeFinal(loop)
        for warning in session.drainWarnings() { warn(warning) }
        console.restore()
        log("\(reason): saved the position and restored the screen and console")
        return ReaderStop(scene: session, forReload: loop.stoppedForReload)
    }

    /// The reader without a screen: touches from a recording in virtual time.
    private func runHeadless(theme: Theme, rotation: Rotation, calibration: CalibrationMatrix,
                             languages: InterfaceLanguages, metrics: MetricsWriter?) throws -> ReaderStop {
        let geometry = try options.geometry()
        let display = HeadlessDisplay(width: geometry.width, height: geometry.height, physicalSize: try screen.panelSize())
        let session = try withReadAloud(makeScene(geometry: geometry, theme: theme, panelSize: display.physicalSize,
                                                  languages: languages), virtualTime: true)
        defer { session.stop() }

        var frames: [TouchFrame] = []
        var recordingEnd: Double?
        if let replay {
            let recording = try EvemuRecording.load(events: replay, description: desc)
            frames = try recording.screenFrames(width: Double(geometry.width), height: Double(geometry.height),
                                                rotation: rotation, calibration: calibration)
            recordingEnd = recording.duration
        }
        let clock = VirtualClock(start: frames.first?.time ?? 0)
        if let replaySpeed {
            let pacer = ReplayPacer(speed: replaySpeed)
            clock.pace = { pacer.wait(untilVirtual: $0) }
        }
        let runEnd = runFor.map { (frames.first?.time ?? 0) + $0 * 1000 }
        let lastsUntil = [recordingEnd, runEnd].compactMap { $0 }.max()
        let shown = displayMode.applied(to: display)
        let loop = ReaderLoop(scene: session, display: shown, input: RecordedInput(frames: frames, lastsUntil: lastsUntil),
                              clock: clock)
        loop.idle = policies.idleTimers(start: clock.now)
        (session as? SpeechScene)?.stopsReadingAt = runEnd
        if readAloud { (session as? SpeechScene)?.startReading(at: clock.now) }
        loop.onWarning = { warn($0) }
        if let folder = screenshotEvery {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            loop.onPresent = { index, _ in
                try PNGWriter.write(display.screen, to: folder + "/" + "frame-"
                                    + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index) + ".png")
            }
        }
        metrics?.attach(to: loop)
        try loop.run()
        if let speech = session as? SpeechScene {
            try speech.finish(at: runEnd ?? clock.now)
        } else if let voice = (session as? LibraryScene)?.voice {
            try voice.finish(at: (runEnd ?? clock.now) / 1000, completingSentence: runEnd == nil)
        }
        session.saveNow()
        crashGuard?.stoppedNormally()
        metrics?.writeFinal(loop)
        for warning in session.drainWarnings() { warn(warning) }
        if let screenshot { try PNGWriter.write(display.screen, to: screenshot) }

        var result = session.summary(describing: describe)
        result.add("screen_on", display.isPowered)
        displayMode.report(shown, into: &result)
        print(result.text)
        return ReaderStop(scene: session, forReload: false)
    }

    /// The calibration kept in the state folder, if one was made and is usable.
    private func loadSavedCalibration() -> CalibrationMatrix? {
        do {
            guard let saved = try stateStore.loadTouchCalibration() else { return nil }
            let m = saved.matrix
            return CalibrationMatrix(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5])
        } catch {
            warn(error.description)
            return nil
        }
    }

    private func warn(_ message: String) { log("warning: " + message) }

    private func log(_ text: String) {
        StandardStreams.log(text)
    }
}
