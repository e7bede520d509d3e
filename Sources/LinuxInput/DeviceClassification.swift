/// How a touch device reports contacts; every kind becomes the same touch frames.
public enum TouchProtocol: Equatable, Sendable {
    /// Multitouch protocol B: slots and tracking ids.
    case multitouchSlots(slotCount: Int)
    /// Multitouch protocol A: anonymous contacts separated by SYN_MT_REPORT.
    case multitouchAnonymous
    /// ABS_X/ABS_Y with BTN_TOUCH: one finger.
    case singleTouch
    /// ABS_X/ABS_Y with BTN_LEFT (as QEMU's tablet): one finger while the button is down.
    case absolutePointer
}

/// What the reader can use a device for.
public struct DeviceRoles: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let touchscreen = DeviceRoles(rawValue: 1)
    public static let absolutePointer = DeviceRoles(rawValue: 2)
    public static let keyboard = DeviceRoles(rawValue: 4)
}

extension DeviceDescription {
    static let slotLimit = 64

    /// Touchscreens have ABS_MT_POSITION_X, or ABS_X with INPUT_PROP_DIRECT or
    /// BTN_TOUCH; touchpads (INPUT_PROP_POINTER without DIRECT) are not screens.
    /// Absolute pointers have ABS_X/ABS_Y and BTN_LEFT. Keyboards have the
    /// reader's navigation keys.
    public var roles: DeviceRoles {
        var roles: DeviceRoles = []
        let touchpad = hasProperty(InputProperty.pointer) && !hasProperty(InputProperty.direct)
        let hasPosition = hasAxis(AbsCode.x) && hasAxis(AbsCode.y)
        if !touchpad {
            if hasAxis(AbsCode.mtPositionX) && hasAxis(AbsCode.mtPositionY) {
                roles.insert(.touchscreen)
            } else if hasPosition && (hasProperty(InputProperty.direct) || hasKey(ButtonCode.touch)) {
                roles.insert(.touchscreen)
            } else if hasPosition && hasKey(ButtonCode.left) {
                roles.insert(.absolutePointer)
            }
        }
        if KeyCode.navigation.contains(where: hasKey) {
            roles.insert(.keyboard)
        }
        return roles
    }

    /// The protocol the touch parser should speak, or nil for devices without touch.
    public var touchProtocol: TouchProtocol? {
        let roles = roles
        guard roles.contains(.touchscreen) || roles.contains(.absolutePointer) else { return nil }
        if let slots = absInfo[AbsCode.mtSlot], hasAxis(AbsCode.mtSlot), hasAxis(AbsCode.mtPositionX) {
            // A bogus range must not allocate millions of slots; real panels have at most a few dozen.
            return .multitouchSlots(slotCount: min(max(1, Int(slots.maximum) + 1), Self.slotLimit))
        }
        if hasAxis(AbsCode.mtPositionX) { return .multitouchAnonymous }
        if roles.contains(.touchscreen) { return .singleTouch }
        return .absolutePointer
    }
}
