import Glibc

/// Normalising UTF-8 as `TextNormaliser` does, in the buffer that holds it:
/// the output is never longer than the input except where an invalid byte
/// becomes U+FFFD, so it is written over input already read. A clean book
/// (no CR) is not moved at all, and a CRLF book moves each line back by the
/// CRs before it; neither needs a second buffer the size of the book.
enum UTF8Normalisation {
    struct Outcome {
        /// Bytes of normalised text at the start of the buffer.
        var written: Int
        var scalars: Int
        /// Where reading stopped because the output would have overtaken
        /// it, or nil when all the input was normalised.
        var stoppedAt: Int?
        /// The last character read was a CR.
        var afterCR: Bool
    }

    /// Normalises `bytes[start..<end]` into `bytes[0...]`: eight printable
    /// ASCII bytes at a time, written back as a word where the text has
    /// shrunk (a CRLF book from its first CR on), and the rest byte by byte
    /// in the same loop.
    static func normaliseInPlace(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Outcome {
        guard let base = bytes.baseAddress, start < end else {
            return Outcome(written: 0, scalars: 0, stoppedAt: nil, afterCR: false)
        }
        let input = UnsafeBufferPointer(start: UnsafePointer(base), count: end)
        var read = start, written = 0, scalars = 0, afterCR = false
        while read < end {
            if read + 8 <= end {
                let word = UnsafeRawPointer(base + read).loadUnaligned(as: UInt64.self)
                if isPrintableASCII(UInt64(littleEndian: word)) {
                    // Behind the reading (or at it), so no byte not yet read is overwritten.
                    if written != read { UnsafeMutableRawPointer(base + written).storeBytes(of: word, as: UInt64.self) }
                    read += 8
                    written += 8
                    scalars += 8
                    afterCR = false
                    continue
                }
            }
            let byte = base[read]
            if byte >= 0x20 && byte < 0x7F || byte == 0x09 || byte == 0x0A && !afterCR {
                base[written] = byte
                written += 1
                read += 1
                scalars += 1
                afterCR = false
                continue
            }
            if byte >= 0x80, let (scalar, length) = UTF8Validation.decodeSequence(input, at: read),
               !TextNormaliser.changes(scalar) {
                // A well-formed character kept as it is: its bytes move back, if at all.
                for offset in 0..<length { base[written + offset] = base[read + offset] }
                written += length
                read += length
                scalars += 1
                afterCR = false
                continue
            }
            // A control byte, a character normalising changes, or an invalid byte.
            let (scalar, length) = changedScalar(input, at: read)
            if let kept = TextNormaliser.replacement(for: scalar, afterCR: afterCR) {
                guard written + UTF8Encoding.length(of: kept) <= read + length else {
                    return Outcome(written: written, scalars: scalars, stoppedAt: read, afterCR: afterCR)
                }
                written += UTF8Encoding.write(kept, to: base + written)
                scalars += 1
            }
            afterCR = scalar == 0x0D
            read += length
        }
        return Outcome(written: written, scalars: scalars, stoppedAt: nil, afterCR: afterCR)
    }

    /// Eight bytes none of which has the top bit, is below 0x20 or is 0x7F.
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        return word & highs == 0 && (word &- ones &* 0x20) & ~word & highs == 0 && (word &+ ones) & highs == 0
    }

    /// The end of the run from `start` of characters that normalising
    /// leaves as they are (printable ASCII, LF, TAB and well-formed
    /// sequences of printable characters), and how many characters it holds.
    @inline(__always)
    static func unchangedRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, scalars: Int) {
        var index = start, scalars = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count, let base = bytes.baseAddress,
               isPrintableASCII(UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))) {
                index += 8
                scalars += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == 0x0A || byte == 0x09 else { break }
                index += 1
            } else {
                guard let (scalar, length) = UTF8Validation.decodeSequence(bytes, at: index),
                      !TextNormaliser.changes(scalar) else { break }
                index += length
            }
            scalars += 1
        }
        return (index, scalars)
    }

    /// The character at `index` that ends an unchanged run: a control
    /// byte, a character normalising changes, or an invalid byte (U+FFFD).
    @inline(__always)
    static func changedScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        return UTF8Validation.decodeSequence(bytes, at: index) ?? (0xFFFD, 1)
    }
}
