import Geometry
import Gestures
import LinuxInput

/// A recording played back through the same parser and mapping as a live
/// device, in the recording's own time (starting at 0).
public final class ReplayTouchInput: TouchInputSource {
    public let mapper: TouchMapper
    private var player: RecordingPlayer
    private var parser: EvdevTouchParser

    public init(recording: EvemuRecording, screenWidth: Double, screenHeight: Double,
                rotation: Rotation = .none, calibration: CalibrationMatrix = .identity) throws {
        let parser = try recording.makeParser()
        self.parser = parser
        self.player = RecordingPlayer(recording: recording)
        self.mapper = TouchMapper(parser: parser, screenWidth: screenWidth, screenHeight: screenHeight,
                                  calibration: calibration, rotation: rotation)
    }

    public func frames(through time: Double) throws -> [TouchFrame] {
        try parser.feed(player.events(through: time)).map(mapper.map)
    }

    public var pollDescriptor: Int32? { nil }
    public var nextFrameTime: Double? { player.nextEventTime }
    public var isFinished: Bool { player.isFinished }
}
