import CICU
import Glibc

/// Converts text in a legacy charset to characters through ICU's
/// converters (or glibc's iconv for a charset ICU's data lacks); every
/// illegal or unmapped byte sequence becomes U+FFFD.
enum CharsetConversion {
    /// Input handed to the converter per call.
    private static let chunkLength = 64 * 1024

    /// The UTF-8 of `bytes` in the ICU charset `name` (not yet normalised),
    /// or nil when ICU has no converter of that name.
    static func utf8WithICU(_ bytes: UnsafeBufferPointer<UInt8>, charset name: String) -> [UInt8]? {
        guard let decoder = CICU_decoderOpen(name) else { return nil }
        defer { CICU_decoderClose(decoder) }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        // Four bytes of UTF-8 per byte of input at most: one call usually empties a chunk.
        var chunk = [UInt8](repeating: 0, count: chunkLength * 4)
        var read = 0
        var more = false
        repeat {
            let length = min(chunkLength, bytes.count - read)
            let isLast = read + length == bytes.count
            var consumed: Int32 = 0, overflowed: Int32 = 0
            let written = chunk.withUnsafeMutableBufferPointer { target in
                CICU_decode(decoder, bytes.baseAddress.map { $0 + read }, Int32(length), &consumed,
                            target.baseAddress, Int32(target.count), isLast ? 1 : 0, &overflowed)
            }
            guard written >= 0 else {
                // ICU gave up (it does not for its own converters): the rest is unreadable.
                text += [0xEF, 0xBF, 0xBD]
                break
            }
            text.append(contentsOf: chunk[..<Int(written)])
            read += Int(consumed)
            more = overflowed != 0
            if consumed == 0 && written == 0 && !more { break } // nothing moves: never loop forever
        } while read < bytes.count || more
        return text
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
