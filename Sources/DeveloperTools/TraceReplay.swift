import BookModel
import Devices
import Geometry
import Gestures
import LinuxInput
import Reader
import ReaderTools
import Typesetting

/// `ebook-fb trace`: a touch recording replayed through the reader loop in
/// virtual time, over a scene that reports frames, gestures and the paging
/// scroll view's messages as JSON lines.
public struct TraceReplay {
    /// An evemu recording, and its device description when the recording has none.
    public var replay: String
    public var desc: String?
    /// Screen size, WIDTHxHEIGHT.
    public var size: String
    /// Pages of the paging scroll view driven; nil for none.
    public var pages: Int?
    /// Display rotation in degrees.
    public var rotate: Int
    /// Calibration matrix a,b,c,d,e,f.
    public var touchMatrix: String?
    /// Also every touch frame in screen pixels.
    public var frames: Bool

    public init(replay: String, desc: String?, size: String, pages: Int?, rotate: Int, touchMatrix: String?, frames: Bool) {
        self.replay = replay
        self.desc = desc
        self.size = size
        self.pages = pages
        self.rotate = rotate
        self.touchMatrix = touchMatrix
        self.frames = frames
    }

    /// The trace's lines, each ended by a newline.
    public func run() throws -> String {
        let (width, height) = try PageGeometry.parseSize(size)
        guard width > 0, height > 0 else { throw ToolError("size \(size): both sides must be positive") }
        guard let rotation = Rotation(degrees: rotate) else {
            throw ToolError("rotation \(rotate): use 0, 90, 180 or 270")
        }
        var calibration = CalibrationMatrix.identity
        if let touchMatrix {
            guard let parsed = CalibrationMatrix(parsing: touchMatrix) else {
                throw ToolError("touch matrix \"\(touchMatrix)\": expected six numbers a,b,c,d,e,f")
            }
            calibration = parsed
        }
        if let pages, pages < 1 { throw ToolError("pages \(pages): must be at least 1") }
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
        return output
    }
}
