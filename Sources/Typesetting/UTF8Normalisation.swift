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

    /// Normalises `bytes[start..<end]` into `bytes[0...]`.
    static func normaliseInPlace(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Outcome {
        guard let base = bytes.baseAddress, start < end else {
            return Outcome(written: 0, scalars: 0, stoppedAt: nil, afterCR: false)
        }
        let input = UnsafeBufferPointer(start: UnsafePointer(base), count: end)
        var read = start, written = 0, scalars = 0, afterCR = false
        while read < end {
            var (runEnd, runScalars) = unchangedRun(input, from: read)
            var runStart = read
            if runEnd > runStart {
                // An LF right after a CR is the second half of a CRLF: dropped.
                if afterCR, base[runStart] == 0x0A { runStart += 1; runScalars -= 1 }
                let count = runEnd - runStart
                if count > 0, written != runStart { memmove(base + written, base + runStart, count) }
                written += count
                scalars += runScalars
                afterCR = false
                read = runEnd
            }
            guard read < end else { break }
            let (scalar, length) = changedScalar(input, at: read)
            let kept = TextNormaliser.replacement(for: scalar, afterCR: afterCR)
            if let kept {
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

    /// The end of the run from `start` of characters that normalising
    /// leaves as they are (printable ASCII, LF, TAB and well-formed
    /// sequences of printable characters), and how many characters it holds.
    @inline(__always)
    static func unchangedRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, scalars: Int) {
        var index = start, scalars = 0
        let count = bytes.count
        while index < count {
            // Eight printable ASCII bytes at a time: none with the top bit,
            // none below 0x20, none 0x7F.
            if index + 8 <= count, let base = bytes.baseAddress {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                if word & highs == 0, (word &- ones &* 0x20) & ~word & highs == 0, (word &+ ones) & highs == 0 {
                    index += 8
                    scalars += 8
                    continue
                }
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
