import Devices
/// Decodes the bytes a VT or terminal sends for keys into reader commands:
/// CSI and SS3 sequences (arrows, Home/End in their several spellings,
/// PgUp/PgDn), and plain characters. A lone ESC is ambiguous until the
/// next byte or `flush()` (call it when no byte followed soon after).
public struct TerminalKeyDecoder: Sendable {
    public var mapping: KeyboardMapping
    private var pending: [UInt8] = []

    public init(mapping: KeyboardMapping = KeyboardMapping()) {
        self.mapping = mapping
    }

    public var hasPendingEscape: Bool { !pending.isEmpty }

    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [ReaderCommand] {
        var commands: [ReaderCommand] = []
        for byte in bytes {
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
                if let key, let command = mapping.command(forKey: key) { commands.append(command) }
            case .escapeThenByte:
                // ESC followed by something that does not start a sequence: a lone Escape, then the byte.
                pending = []
                if let quit = mapping.command(forKey: KeyCode.escape) { commands.append(quit) }
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
    public mutating func flush() -> [ReaderCommand] {
        defer { pending = [] }
        if pending == [0x1b], let quit = mapping.command(forKey: KeyCode.escape) { return [quit] }
        return []
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

    private func character(_ byte: UInt8) -> ReaderCommand? {
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
        return key.flatMap(mapping.command(forKey:))
    }
}
