import Geometry
import Gestures

/// Touch frames in screen pixels from a live evdev device: events are
/// parsed, resynchronised after SYN_DROPPED from the device itself, and mapped.
public final class LiveTouchInput {
    public let device: EvdevDevice
    public let mapper: TouchMapper
    private var parser: EvdevTouchParser
    private var loss = TouchLossTracker()

    /// Fails (nil) when the device has no touch axes. The calibration is
    /// `calibration` when given (`--touch-matrix`), else udev's
    /// LIBINPUT_CALIBRATION_MATRIX for the device, else the identity.
    public init?(device: EvdevDevice, screenWidth: Double, screenHeight: Double,
                 rotation: Rotation = .none, calibration: CalibrationMatrix? = nil,
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

    /// Frames from the events available now (times in ms of CLOCK_MONOTONIC); `time` is not needed.
    public func frames(through time: Double) throws -> [TouchFrame] {
        let frames = try parser.feed(device.readEvents(), stateSource: device).map(mapper.map)
        loss.observe(frames)
        return frames
    }

    /// After a read failed (the device is gone): the frame that lifts the
    /// fingers still down, so a drag in progress ends; nil when none were.
    public func releaseAfterLoss(at time: Double) -> TouchFrame? { loss.deviceLost(at: time) }

    public var pollDescriptor: Int32? { device.fileDescriptor }
}
