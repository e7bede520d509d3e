/// Linux key codes (linux/input-event-codes.h) the reader listens to.
public enum KeyCode {
    public static let escape: UInt16 = 1
    public static let minus: UInt16 = 12
    public static let equal: UInt16 = 13
    public static let backspace: UInt16 = 14
    public static let q: UInt16 = 16
    public static let enter: UInt16 = 28
    public static let keypadEnter: UInt16 = 96
    public static let t: UInt16 = 20
    public static let l: UInt16 = 38
    public static let z: UInt16 = 44
    public static let c: UInt16 = 46
    public static let b: UInt16 = 48
    public static let m: UInt16 = 50
    public static let space: UInt16 = 57
    public static let keypadMinus: UInt16 = 74
    public static let keypadPlus: UInt16 = 78
    public static let home: UInt16 = 102
    public static let up: UInt16 = 103
    public static let pageUp: UInt16 = 104
    public static let left: UInt16 = 105
    public static let right: UInt16 = 106
    public static let end: UInt16 = 107
    public static let down: UInt16 = 108
    public static let pageDown: UInt16 = 109

    public static let leftControl: UInt16 = 29
    public static let rightControl: UInt16 = 97
    public static let leftAlt: UInt16 = 56
    public static let rightAlt: UInt16 = 100
    public static let controls: [UInt16] = [leftControl, rightControl]
    public static let alts: [UInt16] = [leftAlt, rightAlt]
    /// F1...F10 are 59...68; F11 and F12 come later in the table.
    public static let functionKeys: [UInt16] = Array(59...68) + [87, 88]

    /// Keys whose presence makes a device a keyboard for the reader.
    public static let navigation: [UInt16] = [right, left, pageDown, pageUp, space]
}
