/// Splits a byte stream into 24-byte `struct input_event`s (64-bit layout:
/// 8-byte seconds, 8-byte microseconds, u16 type, u16 code, s32 value, all
/// little-endian on the platforms we run on). A partial event at the end
/// is kept until the rest arrives.
public struct InputEventDecoder: Sendable {
    public static let eventSize = 24
    private var pending: [UInt8] = []

    public init() {}

    /// Bytes of an incomplete event waiting for the rest.
    public var pendingByteCount: Int { pending.count }

    public mutating func decode(_ bytes: some Collection<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        let whole = pending.count / Self.eventSize
        var events: [InputEvent] = []
        events.reserveCapacity(whole)
        for index in 0..<whole {
            events.append(Self.event(in: pending, at: index * Self.eventSize))
        }
        pending.removeFirst(whole * Self.eventSize)
        return events
    }

    /// Call at the end of a stream: a leftover partial event is an error.
    public func finish() throws(InputStreamError) {
        if !pending.isEmpty { throw .truncatedEvent(bytes: pending.count) }
    }

    /// Encodes events the way the kernel writes them (for tests and synthetic streams).
    public static func encode(_ events: [InputEvent]) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events {
            append(UInt64(bitPattern: Int64(event.seconds)), size: 8, to: &bytes)
            append(UInt64(bitPattern: Int64(event.microseconds)), size: 8, to: &bytes)
            append(UInt64(event.type), size: 2, to: &bytes)
            append(UInt64(event.code), size: 2, to: &bytes)
            append(UInt64(UInt32(bitPattern: event.value)), size: 4, to: &bytes)
        }
        return bytes
    }

    private static func append(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        for shift in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
    }

    private static func event(in bytes: [UInt8], at offset: Int) -> InputEvent {
        func little(_ start: Int, _ size: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in (0..<size).reversed() { value = value << 8 | UInt64(bytes[offset + start + index]) }
            return value
        }
        return InputEvent(seconds: Int(Int64(bitPattern: little(0, 8))),
                          microseconds: Int(Int64(bitPattern: little(8, 8))),
                          type: UInt16(little(16, 2)), code: UInt16(little(18, 2)),
                          value: Int32(bitPattern: UInt32(little(20, 4))))
    }
}

public enum InputStreamError: Error, Equatable, CustomStringConvertible, Sendable {
    case truncatedEvent(bytes: Int)

    public var description: String {
        switch self {
        case .truncatedEvent(let bytes):
            "input stream ends inside an event (\(bytes) of \(InputEventDecoder.eventSize) bytes)"
        }
    }
}
