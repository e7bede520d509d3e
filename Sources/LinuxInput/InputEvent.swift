/// One `struct input_event`: a timestamp, a type, a code and a value.
public struct InputEvent: Equatable, Sendable {
    public var seconds: Int
    public var microseconds: Int
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(seconds: Int = 0, microseconds: Int = 0, type: UInt16, code: UInt16, value: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
        self.type = type
        self.code = code
        self.value = value
    }

    /// An event at `milliseconds`, for tests and synthetic streams.
    public init(milliseconds: Double, type: UInt16, code: UInt16, value: Int32) {
        let micros = Int((milliseconds * 1000).rounded())
        self.init(seconds: micros / 1_000_000, microseconds: micros % 1_000_000, type: type, code: code, value: value)
    }

    /// The timestamp in milliseconds.
    public var time: Double { Double(seconds) * 1000 + Double(microseconds) / 1000 }
}

/// Event types (EV_*), from linux/input-event-codes.h.
public enum EventType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let relative: UInt16 = 0x02
    public static let absolute: UInt16 = 0x03
    public static let misc: UInt16 = 0x04
    public static let max: UInt16 = 0x1f
}

/// EV_SYN codes.
public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

/// EV_ABS codes used for touch.
public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let z: UInt16 = 0x02
    public static let rx: UInt16 = 0x03
    public static let mtSlot: UInt16 = 0x2f
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtTrackingID: UInt16 = 0x39
    public static let max: UInt16 = 0x3f
}

/// EV_KEY codes for buttons that mean "touching".
public enum ButtonCode {
    public static let left: UInt16 = 0x110
    public static let touch: UInt16 = 0x14a
    public static let keyMax: UInt16 = 0x2ff
}

/// INPUT_PROP_* bits.
public enum InputProperty {
    public static let pointer: Int = 0x00
    public static let direct: Int = 0x01
    public static let max: Int = 0x1f
}
