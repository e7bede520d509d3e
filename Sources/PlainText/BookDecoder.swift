import BookModel
import BookStorage
import FoundationEssentials
import Glibc

/// Turns a book file's bytes into `DecodedText`, whatever the encoding.
public enum BookDecoder {
    /// Decodes the file at `path`, or only its first `window` bytes (cut
    /// back to a paragraph boundary) when it is larger: a huge file is never
    /// read whole (nil: the reader's window, see `Book.open(path:window:)`).
    /// `encoding`, when given, is used instead of detection.
    public static func decode(contentsOf path: String, window: Int? = .max,
                              encoding: TextEncoding? = nil) throws -> DecodedText {
        var contents = try BookFileReader.read(path: path, limit: window)
        let isWindow = contents.fileSize > contents.bytes.count
        // The only reference to the bytes goes on: UTF-8 is normalised in
        // place, and a second reference would copy them first.
        let bytes = contents.bytes
        contents.bytes = []
        let decoded = try decode(consume bytes, path: path, fileSize: contents.fileSize, isWindow: isWindow,
                                 given: encoding)
        try refuseEmpty(decoded, path: path)
        return decoded
    }

    public static func decode(_ data: Data, path: String, encoding: TextEncoding? = nil) throws -> DecodedText {
        let decoded = try decode([UInt8](data), path: path, fileSize: data.count, isWindow: false, given: encoding)
        try refuseEmpty(decoded, path: path)
        return decoded
    }

    private static func refuseEmpty(_ decoded: DecodedText, path: String) throws {
        if decoded.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x09 }) {
            throw BookError.emptyBook(path: path)
        }
    }

    /// Decodes `bytes`, the file's (or its window's, when `isWindow`, the
    /// rest of the file then read from `path` only to sample it); UTF-8 is
    /// normalised in the same buffer, which becomes the text.
    static func decode(_ bytes: consuming [UInt8], path: String, fileSize: Int, isWindow: Bool,
                       given: TextEncoding? = nil) throws -> DecodedText {
        let (guess, skipped, covered) = try bytes.withUnsafeBufferPointer { all in
            let mark = EncodingDetector.byteOrderMark(of: all)
            // What is known before the body is looked at: the name given, a mark, UTF-16's zero bytes.
            let early: EncodingGuess?
            var skipped = 0
            if let given {
                early = EncodingGuess(encoding: given, confidence: 100, language: nil)
                if let mark, mark.encoding == given { skipped = mark.length }
            } else if let mark {
                early = EncodingGuess(encoding: mark.encoding, confidence: 100, language: nil)
                skipped = mark.length
            } else {
                early = EncodingDetector.utf16WithoutMark(all)
            }
            let unit = early?.encoding.codeUnitSize ?? 1
            if let kind = BinarySniffer.binaryKind(of: all, isUTF16: unit > 1) {
                throw BookError.binary(path: path, kind: kind)
            }
            var covered = all.count
            if isWindow {
                covered = unit == 4 ? skipped + (all.count - skipped) / 4 * 4
                    : WindowCut.cutPoint(of: all, from: skipped, unit: unit,
                                              bigEndian: early?.encoding == .utf16BigEndian)
            }
            covered = max(skipped, covered)
            let body = UnsafeBufferPointer(rebasing: all[skipped..<covered])
            let guess = early ?? detect(body: body, window: all, fileSize: fileSize, path: isWindow ? path : nil)
            return (guess, skipped, covered)
        }
        let encoding = guess.encoding
        let utf8: [UInt8], scalars: Int
        switch encoding.decoding {
        case .utf8:
            (utf8, scalars) = normaliseUTF8(&bytes, from: skipped, to: covered)
        case let .converter(name):
            // ICU writes UTF-8, normalised in place as a UTF-8 book is.
            var converted = bytes.withUnsafeBufferPointer { all in
                CharsetConversion.utf8WithICU(UnsafeBufferPointer(rebasing: all[skipped..<covered]), charset: name)
            } ?? [0xEF, 0xBF, 0xBD]
            bytes = []
            (utf8, scalars) = normaliseUTF8(&converted, from: 0, to: converted.count)
        default:
            (utf8, scalars) = bytes.withUnsafeBufferPointer { all in
                let body = UnsafeBufferPointer(rebasing: all[skipped..<covered])
                var normaliser = TextNormaliser(capacity: body.count + body.count / 8)
                decodeScalars(body, as: encoding, into: &normaliser)
                return (normaliser.finish(), normaliser.scalarCount)
            }
        }
        return DecodedText(utf8: utf8, scalarCount: scalars, encoding: encoding, encodingConfidence: guess.confidence,
                           encodingLanguage: guess.language, sourceByteCount: fileSize, sourceBytesDecoded: covered)
    }

    /// The encoding of a file with no byte order mark and no UTF-16
    /// pattern: valid UTF-8 is decided here, before ICU is touched; only
    /// other text pays for sampling the file and ICU's detector.
    private static func detect(body: UnsafeBufferPointer<UInt8>, window: UnsafeBufferPointer<UInt8>,
                               fileSize: Int, path: String?) -> EncodingGuess {
        if UTF8Validation.isMostlyUTF8(body) {
            if EncodingDetector.hasISO2022Escape(body),
               let iso2022 = EncodingDetector.iso2022(sample: DetectionSample.make(window: window, fileSize: fileSize, path: path)) {
                return iso2022
            }
            return EncodingGuess(encoding: .utf8, confidence: 100, language: nil)
        }
        let sample = DetectionSample.make(window: window, fileSize: fileSize, path: path)
        return EncodingDetector.guessLegacy(body: body, sample: sample)
    }

    /// Characters of `bytes` in any encoding, into `out` one by one.
    private static func decodeScalars(_ bytes: UnsafeBufferPointer<UInt8>, as encoding: TextEncoding,
                                             into out: inout TextNormaliser) {
        switch encoding.decoding {
        case .utf8: decodeUTF8(bytes, into: &out)
        case let .converter(name):
            // Normally converted and normalised as UTF-8 in `decode`; this way gives the same text.
            let text = CharsetConversion.utf8WithICU(bytes, charset: name) ?? [0xEF, 0xBF, 0xBD]
            text.withUnsafeBufferPointer { decodeUTF8($0, into: &out) }
        case let .utf16(bigEndian): decodeUTF16(bytes, bigEndian: bigEndian, into: &out)
        case .windows1252: for byte in bytes { out.append(Windows1252.scalar(for: byte)) }
        case .latin1: for byte in bytes { out.append(UInt32(byte)) }
        case let .iconv(name):
            if !CharsetConversion.decodeWithIconv(bytes, charset: name, into: &out) { out.append(0xFFFD) }
        }
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
