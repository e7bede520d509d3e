import FoundationEssentials
import Glibc

/// A book's text after decoding: normalised UTF-8 with LF line ends, no NUL
/// and no control characters but LF and TAB, invalid bytes as U+FFFD.
/// Positions into it are counted in Unicode scalars.
public struct DecodedText: Sendable {
    public let utf8: [UInt8]
    public let scalarCount: Int
    public let encoding: TextEncoding
    /// The size of the file as read, before decoding.
    public let sourceByteCount: Int
    /// How many of the file's bytes the text covers: all of them, or a
    /// leading window of a large file cut at a paragraph boundary.
    public let sourceBytesDecoded: Int

    /// True when the text is the whole file, not a window of it.
    public var isComplete: Bool { sourceBytesDecoded >= sourceByteCount }
}

/// Turns a book file's bytes into `DecodedText`, whatever the encoding.
public enum BookDecoder {
    /// Decodes the file at `path`, or only its first `window` bytes (cut
    /// back to a paragraph boundary) when it is larger: a huge file is never
    /// read whole.
    public static func decode(contentsOf path: String, window: Int = .max) throws -> DecodedText {
        let contents = try BookFileReader.read(path: path, limit: window)
        let isWindow = contents.fileSize > contents.bytes.count
        let decoded = try decode(contents.bytes, path: path, fileSize: contents.fileSize, isWindow: isWindow)
        try refuseEmpty(decoded, path: path)
        return decoded
    }

    public static func decode(_ data: Data, path: String) throws -> DecodedText {
        let decoded = try decode([UInt8](data), path: path, fileSize: data.count, isWindow: false)
        try refuseEmpty(decoded, path: path)
        return decoded
    }

    private static func refuseEmpty(_ decoded: DecodedText, path: String) throws {
        if decoded.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) {
            throw TypesettingError.emptyBook(path: path)
        }
    }

    /// Decodes `bytes`, the file's (or its window's); UTF-8 is normalised in
    /// the same buffer, which becomes the text.
    static func decode(_ bytes: consuming [UInt8], path: String, fileSize: Int, isWindow: Bool) throws -> DecodedText {
        var bytes = bytes
        let (encoding, bom, covered) = try bytes.withUnsafeBufferPointer { all in
            let bom = byteOrderMark(of: all)
            let isUTF16 = bom.encoding != .utf8 && bom.length > 0
            if let kind = BinarySniffer.binaryKind(of: all, isUTF16: isUTF16) {
                throw TypesettingError.binary(path: path, kind: kind)
            }
            var covered = all.count
            if isWindow {
                covered = BookFileReader.cutPoint(of: all, from: bom.length, unit: isUTF16 ? 2 : 1,
                                                  bigEndian: bom.encoding == .utf16BigEndian)
            }
            covered = max(bom.length, covered)
            let body = UnsafeBufferPointer(rebasing: all[bom.length..<covered])
            let encoding: TextEncoding
            if isUTF16 {
                encoding = bom.encoding
            } else if bom.length > 0 || UTF8Validation.isMostlyUTF8(body) {
                encoding = .utf8
            } else {
                encoding = body.contains(where: { (0x80...0x9F).contains($0) }) ? .windows1252 : .iso8859_1
            }
            return (encoding, bom.length, covered)
        }
        let (utf8, scalars) = encoding == .utf8
            ? normaliseUTF8(&bytes, from: bom, to: covered)
            : bytes.withUnsafeBufferPointer { all in
                let body = UnsafeBufferPointer(rebasing: all[bom..<covered])
                var normaliser = TextNormaliser(capacity: body.count + body.count / 8)
                if encoding == .utf16LittleEndian || encoding == .utf16BigEndian {
                    decodeUTF16(body, bigEndian: encoding == .utf16BigEndian, into: &normaliser)
                } else {
                    for byte in body { normaliser.append(Windows1252.scalar(for: byte)) }
                }
                return (normaliser.finish(), normaliser.scalarCount)
            }
        return DecodedText(utf8: utf8, scalarCount: scalars, encoding: encoding, sourceByteCount: fileSize,
                           sourceBytesDecoded: covered)
    }

    /// The UTF-8 of `bytes[start..<end]` normalised, in `bytes` itself unless
    /// an invalid byte needs more room than the text has given back so far.
    private static func normaliseUTF8(_ bytes: inout [UInt8], from start: Int, to end: Int) -> ([UInt8], Int) {
        let outcome = bytes.withUnsafeMutableBufferPointer { UTF8Normalisation.normaliseInPlace($0, from: start, to: end) }
        guard let stop = outcome.stoppedAt else {
            bytes.removeSubrange(outcome.written...)
            return (bytes, outcome.scalars)
        }
        var normaliser = TextNormaliser(continuing: bytes[..<outcome.written], scalars: outcome.scalars,
                                        afterCR: outcome.afterCR, capacity: end - start + (end - start) / 8)
        bytes.withUnsafeBufferPointer { decodeUTF8(UnsafeBufferPointer(rebasing: $0[stop..<end]), into: &normaliser) }
        return (normaliser.finish(), normaliser.scalarCount)
    }

    private static func byteOrderMark(of bytes: UnsafeBufferPointer<UInt8>) -> (encoding: TextEncoding, length: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return (.utf8, 0)
    }

    /// Copies runs of bytes that need no change in one go and hands only
    /// the rest to the normaliser: the way on when normalising in place
    /// stopped (an invalid byte with no room for its U+FFFD).
    private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout TextNormaliser) {
        var index = 0
        while index < bytes.count {
            let (runEnd, runScalars) = UTF8Normalisation.unchangedRun(bytes, from: index)
            if runEnd > index {
                out.appendUnchanged(UnsafeBufferPointer(rebasing: bytes[index..<runEnd]), scalars: runScalars)
                index = runEnd
            }
            guard index < bytes.count else { break }
            let (scalar, length) = UTF8Normalisation.changedScalar(bytes, at: index)
            out.append(scalar)
            index += length
        }
    }

    private static func decodeUTF16(_ bytes: UnsafeBufferPointer<UInt8>, bigEndian: Bool, into out: inout TextNormaliser) {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let a = UInt16(bytes[index]), b = UInt16(bytes[index + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            index += 2
        }
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar): out.append(scalar.value)
            case .error: out.append(0xFFFD)
            case .emptyInput: break loop
            }
        }
        if index < bytes.count { out.append(0xFFFD) } // a dangling odd byte
    }
}
