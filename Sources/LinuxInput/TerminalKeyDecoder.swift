import Devices
/// Decodes the bytes a VT or terminal sends for keys into key presses:
/// CSI and SS3 sequences (arrows, Home/End in their several spellings,
/// PgUp/PgDn) as commands, and characters (UTF-8, as the terminal's own
/// layout typed them) as text with the command their key gives. A lone
/// ESC is ambiguous until the next byte or `flush()` (call it when no
/// byte followed soon after).
public struct TerminalKeyDecoder: Sendable {
    public var mapping: KeyboardMapping
    private var pending: [UInt8] = []
    /// The first bytes of a character of several.
    private var partialCharacter: [UInt8] = []

    public init(mapping: KeyboardMapping = KeyboardMapping()) {
        self.mapping = mapping
    }

    public var hasPendingEscape: Bool { !pending.isEmpty }

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [KeyPress] {
        var commands: [KeyPress] = []
        for byte in bytes {
            // A byte that cannot go on a character of several drops what came before it.
            if !partialCharacter.isEmpty, byte & 0xC0 != 0x80 { partialCharacter = [] }
            if !partialCharacter.isEmpty || byte >= 0x80 {
                if let press = continueCharacter(byte) { commands.append(press) }
                continue
            }
            if pending.isEmpty {
                if byte == 0x1b {
                    pending = [byte]
                } else if let command = character(byte) {
                    commands.append(command)
                }
                continue
            }
            pending.append(byte)
            switch sequenceState() {
            case .incomplete:
                continue
            case .complete(let key):
                pending = []
                if let key, let command = mapping.command(forKey: key) { commands.append(KeyPress(command: command)) }
            case .escapeThenByte:
                // ESC followed by something that does not start a sequence: a lone Escape, then the byte.
                pending = []
                if let quit = mapping.command(forKey: KeyCode.escape) { commands.append(KeyPress(command: quit)) }
                if byte == 0x1b {
                    pending = [byte]
                } else if let command = character(byte) {
                    commands.append(command)
                }
            }
        }
        return commands
    }

    /// No more bytes came: a pending lone ESC is the Escape key; a partial sequence is dropped.
    public mutating func flush() -> [KeyPress] {
        defer { pending = [] }
        if pending == [0x1b], let quit = mapping.command(forKey: KeyCode.escape) { return [KeyPress(command: quit)] }
        return []
    }

    /// A byte of a character of several bytes: the character once whole.
    private mutating func continueCharacter(_ byte: UInt8) -> KeyPress? {
        partialCharacter.append(byte)
        let lead = partialCharacter[0]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0 else {
            partialCharacter = []
            return nil
        }
        guard partialCharacter.count == length else { return nil }
        defer { partialCharacter = [] }
        let text = String(decoding: partialCharacter, as: UTF8.self)
        return text.unicodeScalars.contains { $0.value == 0xFFFD } ? nil : KeyPress(typed: .text(text))
    }

    private enum SequenceState {
        case incomplete
        /// A finished sequence and the key it stands for (nil: a key the reader ignores).
        case complete(UInt16?)
        case escapeThenByte
    }

    private func sequenceState() -> SequenceState {
        let introducer = pending[1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return .escapeThenByte }
        guard pending.count >= 3 else { return .incomplete }
        let final = pending[pending.count - 1]
        if introducer == UInt8(ascii: "O") { return .complete(Self.finalKey(final)) }
        // CSI: parameters are digits and ';', ended by a byte in 0x40...0x7e.
        if (0x30...0x3f).contains(final) {
            return pending.count > 12 ? .complete(nil) : .incomplete
        }
        if pending.count == 4, pending[2] == UInt8(ascii: "["), (0x41...0x45).contains(final) {
            return .complete(nil)  // Linux console F1-F5: ESC [ [ A..E
        }
        if final == UInt8(ascii: "[") && pending.count == 3 { return .incomplete }
        if final == UInt8(ascii: "~") {
            let parameter = String(decoding: pending[2..<(pending.count - 1)], as: UTF8.self)
            let number = Int(parameter.split(separator: ";").first ?? "")
            return .complete(number.flatMap(Self.tildeKey))
        }
        return .complete(Self.finalKey(final))
    }

    private static func finalKey(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "A"): KeyCode.up
        case UInt8(ascii: "B"): KeyCode.down
        case UInt8(ascii: "C"): KeyCode.right
        case UInt8(ascii: "D"): KeyCode.left
        case UInt8(ascii: "H"): KeyCode.home
        case UInt8(ascii: "F"): KeyCode.end
        default: nil
        }
    }

    private static func tildeKey(_ number: Int) -> UInt16? {
        switch number {
        case 1, 7: KeyCode.home
        case 4, 8: KeyCode.end
        case 5: KeyCode.pageUp
        case 6: KeyCode.pageDown
        default: nil
        }
    }

    private func character(_ byte: UInt8) -> KeyPress? {
        let key: UInt16? = switch byte {
        case UInt8(ascii: " "): KeyCode.space
        case 0x7f, 0x08: KeyCode.backspace
        case UInt8(ascii: "+"), UInt8(ascii: "="): KeyCode.equal
        case UInt8(ascii: "-"): KeyCode.minus
        case UInt8(ascii: "z"), UInt8(ascii: "Z"): KeyCode.z
        case UInt8(ascii: "m"), UInt8(ascii: "M"): KeyCode.m
        case UInt8(ascii: "b"), UInt8(ascii: "B"): KeyCode.b
        case UInt8(ascii: "c"), UInt8(ascii: "C"): KeyCode.c
        case UInt8(ascii: "t"), UInt8(ascii: "T"): KeyCode.t
        case UInt8(ascii: "l"), UInt8(ascii: "L"): KeyCode.l
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): KeyCode.q
        case 0x0d, 0x0a: KeyCode.enter
        default: nil
        }
        let command = key.flatMap(mapping.command(forKey:))
        switch byte {
        case 0x7f, 0x08: return KeyPress(typed: .deleteBackward, command: command)
        case 0x20...0x7e: return KeyPress(typed: .text(String(UnicodeScalar(byte))), command: command)
        default: return command.map { KeyPress(command: $0) }
        }
    }
}
