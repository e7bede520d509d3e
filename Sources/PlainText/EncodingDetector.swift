import BookModel
import CICU

/// What a book's encoding was taken to be, how sure that is (0...100) and
/// the language of the charset model that matched, when one did.
public struct EncodingGuess: Sendable, Equatable {
    public var encoding: TextEncoding
    public var confidence: Int
    public var language: String?
}

/// The rules that name a book file's encoding, each cheaper than the next:
/// byte order marks, UTF-16 by its zero bytes, valid UTF-8 (the caller's
/// fast path, before anything here that costs), then for the rest TIS-620
/// by its own rule and ICU's charset detector over a sample, and when
/// neither is sure the Windows-1252 / ISO-8859-1 rule.
enum EncodingDetector {
    /// ICU's guesses below this confidence are too unsure to act on.
    static let minimumConfidence = 20
    /// Fewer bytes above ASCII than this are too few to tell charsets apart.
    static let minimumHighBytes = 12
    /// How much of the file's start the UTF-16 and ISO-2022 rules look at.
    static let headLength = 4096

    static func byteOrderMark(of bytes: UnsafeBufferPointer<UInt8>) -> (encoding: TextEncoding, length: Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        return nil
    }

    /// UTF-16 without a byte order mark: text in a script below U+0100
    /// (and the spaces and line ends of any script) has a zero byte in
    /// every code unit, at odd offsets in little-endian order and at even
    /// ones in big-endian; 8-bit text has no zero bytes at all.
    static func utf16WithoutMark(_ bytes: UnsafeBufferPointer<UInt8>) -> EncodingGuess? {
        let pairs = min(bytes.count, headLength) / 2
        guard pairs >= 2 else { return nil }
        var evenZeros = 0, oddZeros = 0, evenControls = 0, oddControls = 0
        for pair in 0..<pairs {
            let even = bytes[2 * pair], odd = bytes[2 * pair + 1]
            if even == 0 { evenZeros += 1; if isControl(odd) { evenControls += 1 } }
            if odd == 0 { oddZeros += 1; if isControl(even) { oddControls += 1 } }
        }
        let (more, fewer, controls, encoding) = oddZeros >= evenZeros
            ? (oddZeros, evenZeros, oddControls, TextEncoding.utf16LittleEndian)
            : (evenZeros, oddZeros, evenControls, TextEncoding.utf16BigEndian)
        // Binary data has zero bytes too, but not in text's pattern of printable units.
        guard more >= max(2, pairs / 8), fewer * 10 <= more, controls * 50 <= more else { return nil }
        return EncodingGuess(encoding: encoding, confidence: min(100, max(50, (more - fewer) * 100 / pairs)), language: nil)
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C
    }

    /// A 7-bit file that switches character sets with ISO 2022 escapes
    /// (ESC $ ...): ISO-2022-JP mail and old Japanese text pass as UTF-8.
    static func hasISO2022Escape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = bytes.prefix(headLength)
        var index = head.startIndex
        while let escape = head[index...].firstIndex(of: 0x1B) {
            if escape + 1 < head.endIndex, head[escape + 1] == 0x24 { return true }
            index = escape + 1
        }
        return false
    }

    /// The ISO-2022 charset ICU finds in `sample`, if it finds one.
    static func iso2022(sample: [UInt8]) -> EncodingGuess? {
        guard let best = matches(in: sample).first, best.name.hasPrefix("ISO-2022"),
              best.confidence >= minimumConfidence, let encoding = try? TextEncoding.named(best.name) else { return nil }
        return EncodingGuess(encoding: encoding, confidence: best.confidence, language: best.language)
    }

    /// The encoding of text that is not UTF-8: `body` is the part decoded,
    /// `sample` pieces of the whole file.
    static func guessLegacy(body: UnsafeBufferPointer<UInt8>, sample: [UInt8]) -> EncodingGuess {
        let fallback = latinRule(body)
        let highBytes = sample.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
        guard highBytes >= minimumHighBytes else {
            return EncodingGuess(encoding: fallback, confidence: 10, language: nil)
        }
        let sample = DetectionSample.linesAboveASCII(sample)
        let thai = sample.withUnsafeBufferPointer { TIS620Rule.confidence($0) }
        if thai > 0, let encoding = try? TextEncoding.named(sample.contains { (0x80...0x9F).contains($0) } ? "windows-874" : "TIS-620") {
            return EncodingGuess(encoding: encoding, confidence: thai, language: "th")
        }
        // The UTF-16 and UTF-32 rules have had their say; ICU's EBCDIC
        // models (IBM420, IBM424) fit no text file a reader meets.
        let candidates = matches(in: sample).filter { !$0.name.hasPrefix("UTF-") && !$0.name.hasPrefix("IBM4") }
        guard let best = candidates.first, best.confidence >= minimumConfidence else {
            return EncodingGuess(encoding: fallback, confidence: candidates.first?.confidence ?? 0, language: nil)
        }
        if best.name == "ISO-8859-1" || best.name == "windows-1252" {
            return EncodingGuess(encoding: fallback, confidence: best.confidence, language: best.language)
        }
        let name = best.name == "KOI8-R" && hasUkrainianKOI8Letters(sample) ? "KOI8-U" : best.name
        guard let encoding = try? TextEncoding.named(name) else {
            return EncodingGuess(encoding: fallback, confidence: 0, language: nil)
        }
        return EncodingGuess(encoding: encoding, confidence: best.confidence, language: best.language)
    }

    /// The rule for 8-bit text no model claims: Windows-1252 when a byte
    /// in 0x80...0x9F (its curly quotes and dashes) occurs, else ISO-8859-1.
    static func latinRule(_ body: UnsafeBufferPointer<UInt8>) -> TextEncoding {
        body.contains(where: { (0x80...0x9F).contains($0) }) ? .windows1252 : .iso8859_1
    }

    /// KOI8-U puts Ukrainian і ї є ґ where KOI8-R has box drawing, which
    /// a book's text does not use; ICU's model is KOI8-R's.
    private static func hasUkrainianKOI8Letters(_ sample: [UInt8]) -> Bool {
        let ukrainian: Set<UInt8> = [0xA4, 0xA6, 0xA7, 0xAD, 0xB4, 0xB6, 0xB7, 0xBD]
        return sample.contains { ukrainian.contains($0) }
    }

    struct Match {
        var name: String
        var language: String?
        var confidence: Int
    }

    /// ICU's charset detector's guesses for `sample`, best first.
    static func matches(in sample: [UInt8]) -> [Match] {
        guard !sample.isEmpty else { return [] }
        var found = [CICU_CharsetMatch](repeating: CICU_CharsetMatch(), count: 8)
        let count = sample.withUnsafeBufferPointer { bytes in
            found.withUnsafeMutableBufferPointer { out in
                CICU_detectCharsets(bytes.baseAddress, Int32(clamping: bytes.count), out.baseAddress, Int32(out.count))
            }
        }
        guard count > 0 else { return [] }
        return found.prefix(Int(count)).map { match in
            var match = match
            let name = withUnsafeBytes(of: &match.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let language = withUnsafeBytes(of: &match.language) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return Match(name: name, language: language.isEmpty ? nil : language, confidence: Int(match.confidence))
        }
    }
}
