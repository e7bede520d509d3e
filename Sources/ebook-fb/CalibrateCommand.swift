import ArgumentParser
import BookModel
import FoundationEssentials
import Geometry
import Gestures
import Glibc
import Devices
import LinuxDisplay
import LinuxInput
import LinuxSystem
import Reader
import Typesetting

/// `ebook-fb calibrate`: crosses to tap on the screen; the touchscreen's
/// calibration matrix fitted to the taps and kept in the state folder,
/// where the reader takes it when no `--touch-matrix` is given.
struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate the touchscreen: tap six crosses; the matrix is kept in the state folder for the reader.")

    @OptionGroup var screen: DisplayOptions

    @Option(help: "Where to draw: auto, kms or headless. auto picks KMS when a DRM card can be driven.")
    var display: String = "auto"

    @Option(parsing: .unconditional, help: "Headless: the screen's size in pixels, WIDTHxHEIGHT.")
    var size: String = "1280x800"

    @Option(help: "Headless: replay this evemu recording as the touchscreen.")
    var replay: String?

    @Option(help: "The evemu device description (.desc) when the recording has none.")
    var desc: String?

    @Option(name: .customLong("state-dir"), help: "Folder the calibration is kept in (default: $STATE_DIRECTORY, $XDG_STATE_HOME/ebook-fb or ~/.local/state/ebook-fb).")
    var stateDir: String?

    @Option(parsing: .unconditional, help: "Display rotation in degrees: 0, 90, 180 or 270, as the reader will run.")
    var rotate: Int = 0

    @Option(name: .customLong("touch-device"), help: "KMS: the touchscreen's evdev device (default: the first touchscreen).")
    var touchDevice: String?

    @Flag(help: "Print the result as JSON: the matrix, the worst tap's distance from its cross, where it was kept.")
    var json = false

    func run() throws {
        guard let rotation = Rotation(degrees: rotate) else { throw CommandError("rotation \(rotate): use 0, 90, 180 or 270") }
        guard let request = DisplayRequest(rawValue: display) else {
            throw CommandError("display \"\(display)\": use auto, kms or headless")
        }
        let store = StateStore(directory: stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
        let font = try? FontSet.resolve(path: nil)
        let options = try screen.kmsOptions(rotation: rotation)
        let decision: DisplayDecision
        if request == .headless {
            decision = .headless(reason: "--display headless")
        } else {
            do {
                decision = try DisplayChoice.decide(request, probes: DisplayChoice.probeCards(directory: options.directory, options: options),
                                                    directory: options.directory)
            } catch {
                throw CommandError("\(error)")
            }
        }
        let scene: CalibrationScene
        switch decision {
        case .headless(let reason):
            if request == .auto { StandardStreams.log(reason + "; running headless") }
            scene = try runHeadless(rotation: rotation, font: font)
        case .kms(let path):
            var chosen = options
            chosen.devicePath = path
            scene = try runOnScreen(rotation: rotation, font: font) {
                try LiveScreen.kms(options: chosen, terminalPath: screen.tty, muteKeyboard: true, lockVT: false)
            }
        case .fbdev(let path):
            guard rotation == .none else { throw CommandError("--rotate \(rotate): fbdev draws upright only; use drm to turn the picture") }
            scene = try runOnScreen(rotation: rotation, font: font) {
                try LiveScreen.fbdev(path: path, terminalPath: screen.tty, muteKeyboard: true, lockVT: false)
            }
        }
        try report(scene, rotation: rotation, store: store)
    }

    /// The crosses headless, tapped by a recording in virtual time.
    private func runHeadless(rotation: Rotation, font: FontFile?) throws -> CalibrationScene {
        let (width, height) = try PageGeometry.parseSize(size)
        let scene = CalibrationScene(width: width, height: height, panelSize: try screen.panelSize(), font: font)
        var frames: [TouchFrame] = []
        if let replay {
            // Uncalibrated: the identity, whatever the recording's device says.
            frames = try EvemuRecording.load(events: replay, description: desc)
                .screenFrames(width: Double(width), height: Double(height), rotation: rotation, calibration: .identity)
        }
        let loop = ReaderLoop(scene: scene, display: HeadlessDisplay(width: width, height: height),
                              input: RecordedInput(frames: frames), clock: VirtualClock(start: frames.first?.time ?? 0))
        try loop.run()
        return scene
    }

    /// The crosses on the screen `open` takes (KMS or fbdev), tapped on the touchscreen, until the last one or a quit key.
    private func runOnScreen(rotation: Rotation, font: FontFile?, open: () throws -> LiveScreen) throws -> CalibrationScene {
        let console = try open()
        defer { console.restore() }
        let display = console.display
        let scene = CalibrationScene(width: display.width, height: display.height,
                                     panelSize: try screen.panelSize() ?? display.physicalSize, font: font)
        let input = try ThreadedInput(reading: EvdevInput(screenWidth: display.width, screenHeight: display.height, rotation: rotation,
                                                          calibration: .identity, touchDevicePath: touchDevice, kiosk: false,
                                                          terminalKeys: false))
        defer { input.closeAll() }
        StandardStreams.log("calibrating \(input.touchDevicePath ?? "the first touchscreen to come") on \(console.summary): "
                            + "tap the centre of each cross")
        let loop = ReaderLoop(scene: scene, display: display, input: input, clock: try PollingClock())
        loop.onWarning = { StandardStreams.log("warning: " + $0) }
        try loop.run()
        return scene
    }

    /// Fits the matrix to the taps, keeps it and says so.
    private func report(_ scene: CalibrationScene, rotation: Rotation, store: StateStore) throws {
        let count = CalibrationScene.targetShares.count
        guard scene.isFinished else {
            throw CommandError("calibration not finished: \(scene.taps.count) of \(count) crosses tapped; nothing kept")
        }
        let scaleX = Double(max(scene.width - 1, 1)), scaleY = Double(max(scene.height - 1, 1))
        func panel(_ point: Point) -> Point {
            rotation.panelPoint(fromUpright: Point(x: point.x / scaleX, y: point.y / scaleY))
        }
        let samples = scene.taps.map { CalibrationFit.Sample(reported: panel($0.tap), target: panel($0.target)) }
        guard let matrix = CalibrationFit.matrix(fitting: samples) else {
            throw CommandError("the taps do not fix a calibration (they fell on one line: is the touchscreen reporting one axis?); nothing kept")
        }
        let error = CalibrationFit.largestError(of: matrix, over: samples, rotation: rotation,
                                                width: scene.width, height: scene.height)
        let numbers = [matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f]
        do {
            try store.saveTouchCalibration(TouchCalibration(matrix: numbers, errorPixels: error,
                                                            screen: "\(scene.width)x\(scene.height)"))
        } catch let failure as StateStoreError {
            throw CommandError("\(failure.path): cannot \(failure.operation): \(String(cString: strerror(failure.code))); "
                               + "the calibration was not kept")
        }
        if json {
            var result = JSONLine()
            result.add("matrix", numbers)
            result.add("error_px", error)
            result.add("taps", scene.taps.count)
            result.add("saved", store.calibrationPath)
            print(result.text)
        } else {
            func rounded(_ value: Double, _ places: Double) -> String { String((value * places).rounded() / places) }
            let text = numbers.map { rounded($0, 1e6) }.joined(separator: ",")
            print("calibrated: \(text) (the worst tap \(rounded(error, 10)) px from its cross); kept in \(store.calibrationPath)")
        }
    }
}
