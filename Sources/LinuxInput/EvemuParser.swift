/// A malformed evemu file: which file, which line (1-based), what is wrong.
public struct EvemuError: Error, Equatable, CustomStringConvertible, Sendable {
    public var file: String
    public var line: Int
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}

/// Parses the evemu text format: `N:` name, `I:` ids (hex), `P:` property
/// bytes, `B: TYPE BYTES...` capability bytes (lines for one type
/// concatenate), `A: CODE MIN MAX FUZZ FLAT [RES]`, `E: SEC.USEC TYPE CODE
/// VALUE`, and `#` comments (whole lines, or trailing except on `N:`).
public struct EvemuParser {
    public private(set) var description: DeviceDescription?
    public private(set) var events: [InputEvent] = []
    let file: String

    /// Parses `text`; `file` names it in errors.
    public init(text: String, file: String) throws(EvemuError) {
        self.file = file
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            let content = trimmed.hasSuffix("\r") ? trimmed.dropLast() : trimmed[...]
            if content.isEmpty || content.hasPrefix("#") { continue }
            try parseLine(content, at: lineNumber)
        }
    }

    private mutating func parseLine(_ line: Substring, at number: Int) throws(EvemuError) {
        guard line.count >= 2, line.dropFirst().first == ":" else {
            throw EvemuError(file: file, line: number, message: "not an evemu line: \"\(line.prefix(40))\"")
        }
        let tag = line.first ?? " "
        var rest = line.dropFirst(2).trimmingPrefix(while: { $0 == " " })
        if tag != "N", let comment = rest.firstIndex(of: "#") {
            rest = rest[..<comment]  // evemu 2 annotates lines: "E: ... 0001\t# EV_ABS / ..."
        }
        let fields = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch tag {
        case "N":
            var device = description ?? DeviceDescription(name: "")
            device.name = String(rest)
            description = device
        case "I":
            let ids = try fields.map { (field) throws(EvemuError) in try hex(field, number, "device id") }
            guard ids.count == 4 else { throw EvemuError(file: file, line: number, message: "I: needs 4 hex numbers") }
            description = description ?? DeviceDescription(name: "")
            description?.id = InputDeviceID(bus: UInt16(truncatingIfNeeded: ids[0]), vendor: UInt16(truncatingIfNeeded: ids[1]),
                                            product: UInt16(truncatingIfNeeded: ids[2]), version: UInt16(truncatingIfNeeded: ids[3]))
        case "P":
            let bytes = try byteList(fields, number)
            description = description ?? DeviceDescription(name: "")
            description?.properties.append(bytes: bytes)
        case "B":
            guard let typeField = fields.first else { throw EvemuError(file: file, line: number, message: "B: needs an event type") }
            let type = try hex(typeField, number, "event type")
            guard type <= Int(EventType.max) else { throw EvemuError(file: file, line: number, message: "event type \(type) out of range") }
            let bytes = try byteList(fields.dropFirst(), number)
            description = description ?? DeviceDescription(name: "")
            description?.eventBits[UInt16(type), default: BitSet()].append(bytes: bytes)
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                throw EvemuError(file: file, line: number, message: "A: needs CODE MIN MAX FUZZ FLAT [RES]")
            }
            let code = try hex(fields[0], number, "axis code")
            guard code <= Int(AbsCode.max) else { throw EvemuError(file: file, line: number, message: "axis code \(code) out of range") }
            let numbers = try fields.dropFirst().map { (field) throws(EvemuError) in try decimal(field, number) }
            description = description ?? DeviceDescription(name: "")
            description?.absInfo[UInt16(code)] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                                          flat: numbers[3], resolution: numbers.count > 4 ? numbers[4] : 0)
        case "E":
            events.append(try event(fields, number))
        default:
            throw EvemuError(file: file, line: number, message: "unknown evemu line type \"\(tag):\"")
        }
    }

    private func event(_ fields: [Substring], _ number: Int) throws(EvemuError) -> InputEvent {
        guard fields.count == 4 else {
            throw EvemuError(file: file, line: number, message: "E: needs SEC.USEC TYPE CODE VALUE")
        }
        let time = fields[0].split(separator: ".", omittingEmptySubsequences: false)
        // Digits only: Int() would also take a sign ("1000.-5").
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
        guard time.count == 2, isDigits(time[0]), isDigits(time[1]), time[0].count <= 12, time[1].count <= 6,
              let seconds = Int(time[0]), let fraction = Int(time[1]) else {
            throw EvemuError(file: file, line: number, message: "bad timestamp \"\(fields[0])\"")
        }
        let microseconds = fraction * [1, 100_000, 10_000, 1000, 100, 10, 1][time[1].count]
        let type = try hex(fields[1], number, "event type")
        let code = try hex(fields[2], number, "event code")
        guard type <= Int(EventType.max), code <= 0x2ff else {
            throw EvemuError(file: file, line: number, message: "event type or code out of range")
        }
        return InputEvent(seconds: seconds, microseconds: microseconds, type: UInt16(type), code: UInt16(code),
                          value: try decimal(fields[3], number))
    }

    private func hex(_ field: Substring, _ number: Int, _ what: String) throws(EvemuError) -> Int {
        // Int(radix:) takes a sign too; codes and types are never negative.
        guard field.count <= 8, let value = Int(field.hasPrefix("0x") ? field.dropFirst(2) : field, radix: 16),
              value >= 0 else {
            throw EvemuError(file: file, line: number, message: "bad \(what) \"\(field)\" (expected hex)")
        }
        return value
    }

    private func decimal(_ field: Substring, _ number: Int) throws(EvemuError) -> Int32 {
        guard let value = Int32(field) else {
            throw EvemuError(file: file, line: number, message: "bad number \"\(field)\"")
        }
        return value
    }

    private func byteList(_ fields: some Collection<Substring>, _ number: Int) throws(EvemuError) -> [UInt8] {
        try fields.map { (field) throws(EvemuError) -> UInt8 in
            guard field.count <= 2, let byte = UInt8(field, radix: 16) else {
                throw EvemuError(file: file, line: number, message: "bad byte \"\(field)\"")
            }
            return byte
        }
    }
}
