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
        let decoded = try contents.bytes.withUnsafeBufferPointer { bytes in
            try decode(bytes, path: path, fileSize: contents.fileSize, isWindow: isWindow)
        }
        try refuseEmpty(decoded, path: path)
        return decoded
    }

    public static func decode(_ data: Data, path: String) throws -> DecodedText {
        let decoded = try data.withUnsafeBytes { raw -> DecodedText in
            let bytes = raw.bindMemory(to: UInt8.self)
            return try decode(bytes, path: path, fileSize: bytes.count, isWindow: false)
        }
        try refuseEmpty(decoded, path: path)
        return decoded
    }

    private static func refuseEmpty(_ decoded: DecodedText, path: String) throws {
        if decoded.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) {
            throw TypesettingError.emptyBook(path: path)
        }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, path: String, fileSize: Int, isWindow: Bool) throws -> DecodedText {
        let bom = byteOrderMark(of: bytes)
        let isUTF16 = bom.encoding != .utf8 && bom.length > 0
        if let kind = BinarySniffer.binaryKind(of: bytes, isUTF16: isUTF16) {
            throw TypesettingError.binary(path: path, kind: kind)
        }
        var covered = bytes.count
        if isWindow {
            covered = BookFileReader.cutPoint(of: bytes, from: bom.length, unit: isUTF16 ? 2 : 1,
                                              bigEndian: bom.encoding == .utf16BigEndian)
        }
        let body = UnsafeBufferPointer(rebasing: bytes[bom.length..<max(bom.length, covered)])
        var normaliser = TextNormaliser(capacity: body.count + body.count / 8)
        let encoding: TextEncoding
        switch bom.encoding {
        case .utf16LittleEndian, .utf16BigEndian:
            encoding = bom.encoding
            decodeUTF16(body, bigEndian: bom.encoding == .utf16BigEndian, into: &normaliser)
        default:
            if bom.length > 0 || UTF8Validation.isMostlyUTF8(body) {
                encoding = .utf8
                decodeUTF8(body, into: &normaliser)
            } else {
                encoding = body.contains(where: { (0x80...0x9F).contains($0) }) ? .windows1252 : .iso8859_1
                for byte in body { normaliser.append(Windows1252.scalar(for: byte)) }
            }
        }
        return DecodedText(utf8: normaliser.finish(), scalarCount: normaliser.scalarCount,
                           encoding: encoding, sourceByteCount: fileSize, sourceBytesDecoded: max(bom.length, covered))
    }

    private static func byteOrderMark(of bytes: UnsafeBufferPointer<UInt8>) -> (encoding: TextEncoding, length: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return (.utf8, 0)
    }

    /// Copies runs of bytes that need no change (printable ASCII, LF, TAB
    /// and well-formed sequences of printable characters) in one go and
    /// hands only the rest to the normaliser, so clean UTF-8 costs a scan
    /// and a copy.
    private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout TextNormaliser) {
        var index = 0
        let count = bytes.count
        while index < count {
            let runStart = index
            var runScalars = 0
            while index < count {
                // Eight printable ASCII bytes at a time: none with the top bit,
                // none below 0x20, none 0x7F.
                if index + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index) // precondition: index + 8 <= count
                        .loadUnaligned(as: UInt64.self))
                    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    if word & highs == 0, (word &- ones &* 0x20) & ~word & highs == 0, (word &+ ones) & highs == 0 {
                        index += 8
                        runScalars += 8
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
                runScalars += 1
            }
            if index > runStart {
                out.appendUnchanged(UnsafeBufferPointer(rebasing: bytes[runStart..<index]), scalars: runScalars)
            }
            guard index < count else { break }
            let lead = bytes[index]
            if lead < 0x80 {
                out.append(UInt32(lead))
                index += 1
            } else if let (scalar, length) = UTF8Validation.decodeSequence(bytes, at: index) {
                out.append(scalar)
                index += length
            } else {
                out.append(0xFFFD)
                index += 1
            }
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
