import Gestures

/// Touch frames in screen pixels from a live evdev device: events are
/// parsed, resynchronised after SYN_DROPPED from the device itself, and mapped.
public final class LiveTouchInput {
    public let device: EvdevDevice
    public let mapper: TouchMapper
    private var parser: EvdevTouchParser

    /// Fails (nil) when the device has no touch axes. The calibration is
    /// `calibration` when given (`--touch-matrix`), else udev's
    /// LIBINPUT_CALIBRATION_MATRIX for the device, else the identity.
    public init?(device: EvdevDevice, screenWidth: Double, screenHeight: Double,
                 rotation: DisplayRotation = .none, calibration: CalibrationMatrix? = nil,
                 udevDatabase: String = "/run/udev/data") {
        guard let parser = EvdevTouchParser(device: device.description) else { return nil }
        let fromUdev = (try? device.deviceNumber()).flatMap { number in
            UdevProperties.load(major: number.major, minor: number.minor, databaseDirectory: udevDatabase)?.calibrationMatrix
        }
        self.device = device
        self.parser = parser
        self.mapper = TouchMapper(parser: parser, screenWidth: screenWidth, screenHeight: screenHeight,
                                  calibration: calibration ?? fromUdev ?? .identity, rotation: rotation)
    }

    /// Frames from the events available now (times in ms of CLOCK_MONOTONIC).
    public func readFrames() throws -> [TouchFrame] {
        try parser.feed(device.readEvents(), stateSource: device).map(mapper.map)
    }
}

/// Plays a recording back in its own time: events are released as the
/// caller's clock passes their (rebased) timestamps.
public struct RecordingPlayer: Sendable {
    public let recording: EvemuRecording
    private var index = 0

    public init(recording: EvemuRecording) {
        self.recording = recording
    }

    /// When the next event is due (ms from the start), or nil at the end.
    public var nextEventTime: Double? {
        index < recording.events.count ? recording.events[index].time : nil
    }

    public var isFinished: Bool { index >= recording.events.count }

    /// Events due at or before `time` (ms from the start of playback).
    public mutating func events(through time: Double) -> [InputEvent] {
        let start = index
        while index < recording.events.count, recording.events[index].time <= time { index += 1 }
        return Array(recording.events[start..<index])
    }
}

extension EvemuRecording {
    /// The recording's touch frames mapped to a screen: what `ebook-fb
    /// trace` prints with `--frames` and feeds to the gesture recognizer.
    public func screenFrames(width: Double, height: Double, rotation: DisplayRotation = .none,
                             calibration: CalibrationMatrix = .identity) throws -> [TouchFrame] {
        let mapper = TouchMapper(parser: try makeParser(), screenWidth: width, screenHeight: height,
                                 calibration: calibration, rotation: rotation)
        return try touchFrames().map(mapper.map)
    }
}
