/// Builds normalised UTF-8 from decoded scalars: CRLF and CR become LF,
/// U+2028/U+2029 and form feeds become LF, NUL and other control characters
/// are dropped so they never reach the shaper.
struct TextNormaliser {
    private var bytes: [UInt8] = []
    private(set) var scalarCount = 0
    private var previousWasCR = false

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Continues normalised text already made: `prefix` holding `scalars`
    /// characters, the last of its input a CR when `afterCR`.
    init<Prefix: Collection<UInt8>>(continuing prefix: Prefix, scalars: Int, afterCR: Bool, capacity: Int) {
        bytes.reserveCapacity(capacity)
        bytes.append(contentsOf: prefix)
        scalarCount = scalars
        previousWasCR = afterCR
    }

    mutating func append(_ scalar: UInt32) {
        defer { previousWasCR = scalar == 0x0D }
        guard let kept = Self.replacement(for: scalar, afterCR: previousWasCR) else { return }
        scalarCount += 1
        var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let length = withUnsafeMutableBytes(of: &encoded) { raw in
            // Four bytes hold any scalar.
            UTF8Encoding.write(kept, to: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        withUnsafeBytes(of: &encoded) { bytes.append(contentsOf: $0.prefix(length)) }
    }

    /// What a character that `changes` becomes in the text, or nil when it
    /// is dropped; `afterCR` when the character before it was a CR.
    @inline(__always)
    static func replacement(for scalar: UInt32, afterCR: Bool) -> UInt32? {
        switch scalar {
        case 0x0D: return 0x0A
        case 0x0A: return afterCR ? nil : 0x0A
        case 0x0C, 0x2028, 0x2029: return 0x0A
        case 0x09: return 0x09
        case 0x00..<0x20, 0x7F..<0xA0: return nil
        default: return scalar
        }
    }

    /// True when `append` would not copy the scalar as it is.
    @inline(__always)
    static func changes(_ scalar: UInt32) -> Bool {
        scalar < 0x20 ? scalar != 0x0A && scalar != 0x09 : (0x7F..<0xA0).contains(scalar) || scalar == 0x2028 || scalar == 0x2029
    }

    /// Appends UTF-8 that holds `scalars` characters none of which `changes`.
    mutating func appendUnchanged(_ utf8: UnsafeBufferPointer<UInt8>, scalars: Int) {
        // An LF right after a CR is the second half of a CRLF: `append` drops it.
        if previousWasCR, utf8.first == 0x0A {
            append(0x0A)
            appendUnchanged(UnsafeBufferPointer(rebasing: utf8.dropFirst()), scalars: scalars - 1)
            return
        }
        bytes.append(contentsOf: utf8)
        scalarCount += scalars
        previousWasCR = false
    }

    func finish() -> [UInt8] { bytes }
}

/// Writing one scalar as UTF-8.
enum UTF8Encoding {
    static func length(of scalar: UInt32) -> Int {
        scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4
    }

    /// Writes `scalar` at `target`, which has room for `length(of:)` bytes;
    /// returns that length.
    @inline(__always)
    static func write(_ scalar: UInt32, to target: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case ..<0x80:
            target[0] = UInt8(scalar)
            return 1
        case ..<0x800:
            target[0] = UInt8(0xC0 | scalar >> 6)
            target[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            target[0] = UInt8(0xE0 | scalar >> 12)
            target[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            target[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            target[0] = UInt8(0xF0 | scalar >> 18)
            target[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            target[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            target[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
