import Geometry
import Gestures
import LinuxSystem

/// A touch recording: the device description and its events, with
/// timestamps rebased so the first event is at 0 (recordings carry
/// absolute times; only their differences matter).
public struct EvemuRecording: Sendable {
    public var device: DeviceDescription
    public var events: [InputEvent]

    public init(device: DeviceDescription, events: [InputEvent]) {
        self.device = device
        self.events = events
    }

    /// Loads `eventsPath`, with the description from `descriptionPath` when
    /// given, else from the events file's own header.
    public static func load(events eventsPath: String, description descriptionPath: String? = nil) throws -> EvemuRecording {
        let eventsFile = try EvemuParser(text: try readText(eventsPath), file: eventsPath)
        var device = eventsFile.description
        if let descriptionPath {
            device = try EvemuParser(text: try readText(descriptionPath), file: descriptionPath).description
        }
        guard let device else {
            throw EvemuError(file: descriptionPath ?? eventsPath, line: 0,
                             message: "no device description (N:, B: and A: lines); give the .desc file")
        }
        guard !eventsFile.events.isEmpty else {
            throw EvemuError(file: eventsPath, line: 0, message: "no events (E: lines)")
        }
        return EvemuRecording(device: device, events: rebased(eventsFile.events))
    }

    /// Every touch frame of the recording, through the same parser as live devices.
    public func touchFrames() throws -> [TouchFrame] {
        var parser = try makeParser()
        return events.compactMap { parser.feed($0) }
    }

    /// A parser for the recorded device; recordings of keyboards and the like have none.
    public func makeParser() throws -> EvdevTouchParser {
        guard let parser = EvdevTouchParser(device: device) else {
            throw EvemuError(file: device.name, line: 0, message: "the device has no touch axes")
        }
        return parser
    }

    /// The recording's touch frames mapped to a screen: what `ebook-fb
    /// trace` prints with `--frames` and feeds to the gesture recognizer.
    public func screenFrames(width: Double, height: Double, rotation: Rotation = .none,
                             calibration: CalibrationMatrix = .identity) throws -> [TouchFrame] {
        let mapper = TouchMapper(parser: try makeParser(), screenWidth: width, screenHeight: height,
                                 calibration: calibration, rotation: rotation)
        return try touchFrames().map(mapper.map)
    }

    /// The time of the last event (ms from the start).
    public var duration: Double { events.last?.time ?? 0 }

    static func rebased(_ events: [InputEvent]) -> [InputEvent] {
        guard let first = events.first else { return [] }
        let origin = first.seconds * 1_000_000 + first.microseconds
        return events.map { event in
            var shifted = event
            let micros = event.seconds * 1_000_000 + event.microseconds - origin
            shifted.seconds = micros.quotientAndRemainder(dividingBy: 1_000_000).quotient
            shifted.microseconds = micros - shifted.seconds * 1_000_000
            return shifted
        }
    }

    private static func readText(_ path: String) throws -> String {
        String(decoding: try FileDescriptor.readFile(path), as: UTF8.self)
    }
}
