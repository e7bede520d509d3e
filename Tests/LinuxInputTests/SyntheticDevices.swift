@testable import LinuxInput

/// Device descriptions and event builders for synthetic streams.
enum Synthetic {
    static func axis(_ max: Int32, value: Int32 = 0) -> AbsInfo { AbsInfo(value: value, minimum: 0, maximum: max) }

    /// A protocol-B touchscreen, 0...1279 x 0...767.
    static func slotted(slots: Int = 16, currentSlot: Int32 = 0) -> DeviceDescription {
        DeviceDescription(
            name: "synthetic MT B", properties: BitSet(bits: [InputProperty.direct]),
            eventBits: [0: BitSet(bits: [0, 1, 3]), EventType.key: BitSet(bits: [Int(ButtonCode.touch)]),
                        EventType.absolute: BitSet(bits: [0, 1, 0x2f, 0x35, 0x36, 0x39])],
            absInfo: [AbsCode.x: axis(1279), AbsCode.y: axis(767), AbsCode.mtSlot: axis(Int32(slots - 1), value: currentSlot),
                      AbsCode.mtPositionX: axis(1279), AbsCode.mtPositionY: axis(767), AbsCode.mtTrackingID: axis(65535)])
    }

    /// A protocol-A touchscreen without tracking ids (as N-Trig), 0...9600 x 0...7200.
    static func anonymous() -> DeviceDescription {
        DeviceDescription(
            name: "synthetic MT A",
            eventBits: [0: BitSet(bits: [0, 1, 3]), EventType.key: BitSet(bits: [Int(ButtonCode.touch)]),
                        EventType.absolute: BitSet(bits: [0, 1, 0x35, 0x36])],
            absInfo: [AbsCode.x: axis(9600), AbsCode.y: axis(7200), AbsCode.mtPositionX: axis(9600), AbsCode.mtPositionY: axis(7200)])
    }

    /// ABS_X/ABS_Y with BTN_TOUCH, or with BTN_LEFT only (an absolute pointer).
    static func singleTouch(button: UInt16 = ButtonCode.touch) -> DeviceDescription {
        DeviceDescription(
            name: "synthetic single touch",
            eventBits: [0: BitSet(bits: [0, 1, 3]), EventType.key: BitSet(bits: [Int(button)]),
                        EventType.absolute: BitSet(bits: [0, 1])],
            absInfo: [AbsCode.x: axis(4095), AbsCode.y: axis(4095)])
    }

    static func abs(_ t: Double, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(milliseconds: t, type: EventType.absolute, code: code, value: value)
    }

    static func key(_ t: Double, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(milliseconds: t, type: EventType.key, code: code, value: value)
    }

    static func syn(_ t: Double, _ code: UInt16 = SynCode.report) -> InputEvent {
        InputEvent(milliseconds: t, type: EventType.syn, code: code, value: 0)
    }

    static func slot(_ t: Double, _ slot: Int32) -> InputEvent { abs(t, AbsCode.mtSlot, slot) }
    static func tracking(_ t: Double, _ id: Int32) -> InputEvent { abs(t, AbsCode.mtTrackingID, id) }

    static func position(_ t: Double, _ x: Int32, _ y: Int32) -> [InputEvent] {
        [abs(t, AbsCode.mtPositionX, x), abs(t, AbsCode.mtPositionY, y)]
    }
}
