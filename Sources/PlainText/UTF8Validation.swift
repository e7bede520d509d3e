/// Strict UTF-8 sequence decoding (no overlongs, no surrogates, <= U+10FFFF).
enum UTF8Validation {
    /// The scalar and byte length of the sequence at `index`, or nil when invalid.
    static func decodeSequence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        switch length {
        case 3 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return nil
        case 4 where scalar < 0x10000 || scalar > 0x10FFFF: return nil
        default: return (scalar, length)
        }
    }

    /// True when the bytes are UTF-8, allowing a few corrupt bytes in a file
    /// that is otherwise plainly UTF-8 (they become U+FFFD).
    static func isMostlyUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var valid = 0, invalid = 0, index = 0
        while index < bytes.count {
            // Eight ASCII bytes at a time.
            if index + 8 <= bytes.count, let base = bytes.baseAddress,
               UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            if bytes[index] < 0x80 { index += 1; continue }
            if let (_, length) = decodeSequence(bytes, at: index) {
                valid += 1; index += length
            } else {
                invalid += 1; index += 1
                // Stop once the rest could not make up for it (each valid
                // sequence ahead takes two bytes at least): a legacy file
                // is told after a fraction of its bytes.
                if invalid & 0xFF == 0, invalid * 20 > valid + (bytes.count - index) / 2 { return false }
            }
        }
        return invalid == 0 || (valid >= 8 && invalid * 20 <= valid)
    }
}
