/// Builds normalised UTF-8 from decoded scalars: CRLF and CR become LF,
/// U+2028/U+2029 and form feeds become LF, NUL and other control characters
/// are dropped so they never reach the shaper.
struct TextNormaliser {
    private var bytes: [UInt8] = []
    private(set) var scalarCount = 0
    private var previousWasCR = false

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ scalar: UInt32) {
        defer { previousWasCR = scalar == 0x0D }
        switch scalar {
        case 0x0D: appendEncoded(0x0A)
        case 0x0A: if !previousWasCR { appendEncoded(0x0A) }
        case 0x0C, 0x2028, 0x2029: appendEncoded(0x0A)
        case 0x09: appendEncoded(0x09)
        case 0x00..<0x20, 0x7F..<0xA0: break
        default: appendEncoded(scalar)
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

    private mutating func appendEncoded(_ scalar: UInt32) {
        scalarCount += 1
        switch scalar {
        case ..<0x80:
            bytes.append(UInt8(scalar))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | scalar >> 6))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            bytes.append(UInt8(0xE0 | scalar >> 12))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | scalar >> 18))
            bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    func finish() -> [UInt8] { bytes }
}
