import Devices

/// The characters an evdev keyboard types, read as a US keyboard (the
/// kernel's key codes name key positions, not what a national layout
/// prints on them), with shift and caps lock followed from the events.
/// A terminal's keys come as the characters its own layout typed instead
/// (see `TerminalKeyDecoder`).
public struct KeyboardTyping: Sendable {
    private var shiftsHeld: Set<UInt16> = []
    private var capsLock = false

    public init() {}

    static let leftShift: UInt16 = 42
    static let rightShift: UInt16 = 54
    static let capsLockKey: UInt16 = 58

    /// Key positions and what they type without and with shift.
    private static let characters: [UInt16: (String, String)] = {
        var table: [UInt16: (String, String)] = [:]
        func row(_ first: UInt16, _ plain: String, _ shifted: String) {
            for (offset, pair) in zip(plain, shifted).enumerated() {
                table[first + UInt16(offset)] = (String(pair.0), String(pair.1))
            }
        }
        row(2, "1234567890-=", "!@#$%^&*()_+")
        row(16, "qwertyuiop[]", "QWERTYUIOP{}")
        row(30, "asdfghjkl;'`", "ASDFGHJKL:\"~")
        row(43, "\\zxcvbnm,./", "|ZXCVBNM<>?")
        table[57] = (" ", " ")
        return table
    }()

    /// What `event` types; follows shift and caps lock as they go by.
    public mutating func typed(by event: InputEvent) -> TypedKey? {
        guard event.type == EventType.key else { return nil }
        if event.code == Self.leftShift || event.code == Self.rightShift {
            if event.value == 0 { shiftsHeld.remove(event.code) } else { shiftsHeld.insert(event.code) }
            return nil
        }
        guard event.value == 1 || event.value == 2 else { return nil }
        if event.code == Self.capsLockKey {
            if event.value == 1 { capsLock.toggle() }
            return nil
        }
        if event.code == KeyCode.backspace { return .deleteBackward }
        guard let (plain, shifted) = Self.characters[event.code] else { return nil }
        let isLetter = plain.first?.isLetter == true
        let shift = !shiftsHeld.isEmpty != (isLetter && capsLock)
        return .text(shift ? shifted : plain)
    }
}
