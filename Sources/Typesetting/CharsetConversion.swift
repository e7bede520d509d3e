import CICU
import Glibc

/// Converts text in a legacy charset to characters through ICU's
/// converters (or glibc's iconv for a charset ICU's data lacks); every
/// illegal or unmapped byte sequence becomes U+FFFD.
enum CharsetConversion {
    /// Input handed to the converter per call, and UTF-16 units it may write.
    private static let chunkLength = 64 * 1024

    /// Appends the characters of `bytes` in the ICU charset `name` to `out`;
    /// false when ICU has no converter of that name.
    static func decodeWithICU(_ bytes: UnsafeBufferPointer<UInt8>, charset name: String,
                              into out: inout TextNormaliser) -> Bool {
        guard let decoder = CICU_decoderOpen(name) else { return false }
        defer { CICU_decoderClose(decoder) }
        var units = [UInt16](repeating: 0, count: chunkLength)
        var joiner = SurrogateJoiner()
        var read = 0
        var more = false
        repeat {
            let length = min(chunkLength, bytes.count - read)
            let isLast = read + length == bytes.count
            var consumed: Int32 = 0, overflowed: Int32 = 0
            let written = units.withUnsafeMutableBufferPointer { target in
                CICU_decode(decoder, bytes.baseAddress.map { $0 + read }, Int32(length), &consumed,
                            target.baseAddress, Int32(target.count), isLast ? 1 : 0, &overflowed)
            }
            guard written >= 0 else {
                // ICU gave up (it does not for its own converters): the rest is unreadable.
                out.append(0xFFFD)
                break
            }
            for unit in units[..<Int(written)] { joiner.append(unit, into: &out) }
            read += Int(consumed)
            more = overflowed != 0
            if consumed == 0 && written == 0 && !more { break } // nothing moves: never loop forever
        } while read < bytes.count || more
        joiner.finish(into: &out)
        return true
    }

    /// Appends the characters of `bytes` in the iconv charset `name` to
    /// `out`; false when iconv has no converter of that name.
    static func decodeWithIconv(_ bytes: UnsafeBufferPointer<UInt8>, charset name: String,
                                into out: inout TextNormaliser) -> Bool {
        let handle = iconv_open("UTF-32LE", name)
        guard handle != iconv_t(bitPattern: -1) else { return false }
        defer { iconv_close(handle) }
        guard let base = bytes.baseAddress else { return true }
        var scalars = [UInt32](repeating: 0, count: chunkLength)
        // iconv reads through a mutable pointer but never writes the input.
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
        var inputLeft = bytes.count
        while inputLeft > 0 {
            var failure: Int32 = 0
            let produced = scalars.withUnsafeMutableBytes { raw -> Int in
                // precondition: the array is not empty, so it has a base address
                var output: UnsafeMutablePointer<CChar>? = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
                var outputLeft = raw.count
                if iconv(handle, &input, &inputLeft, &output, &outputLeft) == -1 { failure = errno }
                return (raw.count - outputLeft) / 4
            }
            for scalar in scalars[..<produced] { out.append(UInt32(littleEndian: scalar)) }
            switch failure {
            case 0, E2BIG: continue
            case EINVAL: // an incomplete sequence ends the input
                out.append(0xFFFD)
                inputLeft = 0
            default: // an illegal sequence: one byte of it replaced, then on
                out.append(0xFFFD)
                input = input.map { $0 + 1 }
                inputLeft -= 1
            }
        }
        return true
    }
}

/// Joins UTF-16 surrogate pairs that may arrive split across chunks;
/// a lone surrogate becomes U+FFFD.
struct SurrogateJoiner {
    private var pendingHigh: UInt16?

    mutating func append(_ unit: UInt16, into out: inout TextNormaliser) {
        switch unit {
        case 0xD800...0xDBFF:
            if pendingHigh != nil { out.append(0xFFFD) }
            pendingHigh = unit
        case 0xDC00...0xDFFF:
            if let high = pendingHigh {
                out.append(0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00)))
                pendingHigh = nil
            } else {
                out.append(0xFFFD)
            }
        default:
            if pendingHigh != nil { out.append(0xFFFD) }
            pendingHigh = nil
            out.append(UInt32(unit))
        }
    }

    mutating func finish(into out: inout TextNormaliser) {
        if pendingHigh != nil { out.append(0xFFFD) }
        pendingHigh = nil
    }
}
