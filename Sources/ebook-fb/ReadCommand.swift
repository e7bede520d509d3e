import ArgumentParser
import Foundation
import Gestures
import LinuxInput
import Raster
import Reader
import Typesetting

/// `ebook-fb BOOK`: the reader.
struct ReadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read a book (the default command): on a VT with DRM it shows the book; headless it replays touches.")

    @OptionGroup var options: BookOptions

    @Option(help: "Where to draw: auto, kms or headless. auto picks KMS when a DRM card can be driven.")
    var display: String = "auto"

    @Option(help: "Colour theme: light or dark.")
    var theme: String = "light"

    @Option(help: "Headless: replay this evemu recording as the touchscreen.")
    var replay: String?

    @Option(help: "The evemu device description (.desc) when the recording has none.")
    var desc: String?

    @Option(help: "Headless: write the final frame to this PNG.")
    var screenshot: String?

    @Option(name: .customLong("screenshot-every"), help: "Headless: write every frame to this folder.")
    var screenshotEvery: String?

    @Option(name: .customLong("state-dir"), help: "Folder for reading positions (default: $STATE_DIRECTORY, $XDG_STATE_HOME/ebook-fb or ~/.local/state/ebook-fb).")
    var stateDir: String?

    @Option(help: "Open at this page (1-based) instead of the saved position.")
    var page: Int?

    @Flag(help: "Open at the beginning instead of the saved position.")
    var start = false

    @Option(help: "Display rotation in degrees: 0, 90, 180 or 270 (touch follows).")
    var rotate: Int = 0

    @Option(name: .customLong("touch-matrix"), help: "Touch calibration matrix a,b,c,d,e,f (libinput style).")
    var touchMatrix: String?

    func run() throws {
        guard let theme = Theme(named: theme) else { throw CommandError("unknown theme \"\(self.theme)\": use light or dark") }
        guard let rotation = DisplayRotation(degrees: rotate) else { throw CommandError("rotation \(rotate): use 0, 90, 180 or 270") }
        var calibration = CalibrationMatrix.identity
        if let touchMatrix {
            guard let parsed = CalibrationMatrix(parsing: touchMatrix) else {
                throw CommandError("touch matrix \"\(touchMatrix)\": expected six numbers a,b,c,d,e,f")
            }
            calibration = parsed
        }
        if let page, page < 1 { throw CommandError("page \(page): pages count from 1") }
        switch display {
        case "headless": break
        case "auto":
            if FileManager.default.fileExists(atPath: "/dev/dri/card0") {
                throw CommandError("the KMS display is not available in this build; use --display headless")
            }
        case "kms": throw CommandError("the KMS display is not available in this build; use --display headless")
        default: throw CommandError("display \"\(display)\": use auto, kms or headless")
        }

        let geometry = try options.geometry()
        let book = try Book.open(path: options.book)
        let font = try FontSet.resolve(path: options.font)
        let store = StateStore(directory: stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
        let startAt: ReaderSession.Start
        if let page {
            startAt = .page(page - 1)
        } else if start {
            startAt = .offset(0)
        } else {
            let saved = ReaderSession.savedOffset(for: book, in: store)
            if let warning = saved.warning { warn(warning) }
            startAt = .offset(saved.offset ?? 0)
        }
        let settings = ReaderSession.Settings(geometry: geometry, font: font, theme: theme, language: options.lang)
        let session = try ReaderSession(book: book, path: options.book, settings: settings, start: startAt, stateStore: store)
        defer { session.stop() }

        var frames: [TouchFrame] = []
        if let replay {
            let recording = try EvemuRecording.load(events: replay, description: desc)
            frames = try recording.screenFrames(width: Double(geometry.width), height: Double(geometry.height),
                                                rotation: rotation, calibration: calibration)
        }
        var run = HeadlessRun(session: session)
        if let folder = screenshotEvery {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            run.onFrame = { index, frame in
                try PNGWriter.write(frame, to: folder + "/" + String(format: "frame-%05d.png", index))
            }
        }
        try run.run(frames)
        for warning in session.drainWarnings() { warn(warning) }
        if let screenshot { try PNGWriter.write(session.frame, to: screenshot) }

        var result = JSONLine()
        result.add("page", session.currentPage + 1)
        result.add("zoom", session.controller.zoomScale)
        let offset = session.controller.scrollView.contentOffset
        result.add("offset", [offset.x, offset.y])
        result.add("stalls", session.cache.stalls)
        result.add("page_buffers", session.cache.allocatedBuffers)
        result.add("pages", session.knownPageCount)
        print(result.text)
    }

    private func warn(_ message: String) {
        FileHandle.standardError.write(Data(("ebook-fb: warning: " + message + "\n").utf8))
    }
}
