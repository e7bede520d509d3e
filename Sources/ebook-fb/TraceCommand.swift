import ArgumentParser
import BookModel
import Devices
import Geometry
import Gestures
import LinuxInput
import Reader
import ReaderTools
import Typesetting

struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Replay a touch recording and print frames, gestures and scroll-view messages as JSON lines.")

    @Option(help: "An evemu recording (.events, or one file with the device description too).")
    var replay: String

    @Option(help: "The evemu device description (.desc) when the recording has none.")
    var desc: String?

    @Option(help: "Screen size in pixels, WIDTHxHEIGHT.")
    var size: String

    @Option(help: "Drive the reader's paging scroll view over this many pages.")
    var pages: Int?

    @Option(help: "Display rotation in degrees: 0, 90, 180 or 270.")
    var rotate: Int = 0

    @Option(name: .customLong("touch-matrix"), help: "Calibration matrix a,b,c,d,e,f (libinput style).")
    var touchMatrix: String?

    @Flag(help: "Print every touch frame in screen pixels.")
    var frames = false

    func run() throws {
        let (width, height) = try PageGeometry.parseSize(size)
        guard width > 0, height > 0 else { throw CommandError("size \(size): both sides must be positive") }
        guard let rotation = Rotation(degrees: rotate) else {
            throw CommandError("rotation \(rotate): use 0, 90, 180 or 270")
        }
        var calibration = CalibrationMatrix.identity
        if let touchMatrix {
            guard let parsed = CalibrationMatrix(parsing: touchMatrix) else {
                throw CommandError("touch matrix \"\(touchMatrix)\": expected six numbers a,b,c,d,e,f")
            }
            calibration = parsed
        }
        if let pages, pages < 1 { throw CommandError("pages \(pages): must be at least 1") }
        let recording = try EvemuRecording.load(events: replay, description: desc)
        let screenFrames = try recording.screenFrames(width: Double(width), height: Double(height),
                                                      rotation: rotation, calibration: calibration)
        var output = ""
        let scene = TraceScene(width: width, height: height, pages: pages) { line in output += line + "\n" }
        let loop = ReaderLoop(scene: scene, display: HeadlessDisplay(width: width, height: height),
                              input: RecordedInput(frames: screenFrames), clock: VirtualClock(start: screenFrames.first?.time ?? 0))
        if frames { loop.onTouchFrame = { output += TraceJSON.frame($0) + "\n" } }
        try loop.run()
        if let final = scene.finalLine() { output += final + "\n" }
        print(output, terminator: "")
    }
}
