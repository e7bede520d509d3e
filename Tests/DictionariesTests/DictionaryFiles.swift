import CZlib
import Foundation

/// Small dictionaries written for the tests: dictd, dictzip, StarDict and hunspell files.
enum DictionaryFiles {
    /// A fresh folder under the system's temporary folder.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "ebook-fb-dictionaries-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// dictd's base-64 digits of `value`.
    static func base64(_ value: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var rest = value, digits: [Character] = []
        repeat {
            digits.append(alphabet[rest & 63])
            rest >>= 6
        } while rest > 0
        return String(digits.reversed())
    }

    /// `NAME.index` and `NAME.dict` in `folder` for `entries` (headword and
    /// text, several headwords may share a text by giving the same one);
    /// the index sorted as dictfmt sorts (`sort -df`: letters, digits and
    /// spaces, case folded). Returns the index's path.
    @discardableResult
    static func writeDictd(_ entries: [(headword: String, text: String)], name: String, in folder: String) throws -> String {
        var body: [UInt8] = [], places: [String: (Int, Int)] = [:], lines: [(key: String, line: String)] = []
        for (headword, text) in entries {
            let (offset, length) = places[text] ?? (body.count, text.utf8.count)
            if places[text] == nil {
                places[text] = (offset, length)
                body += Array(text.utf8)
            }
            let key = String(headword.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " ") })
            lines.append((key, "\(headword)\t\(base64(offset))\t\(base64(length))\n"))
        }
        let index = lines.sorted { $0.key < $1.key }.map(\.line).joined()
        try write(Array(index.utf8), to: "\(folder)/\(name).index")
        try write(body, to: "\(folder)/\(name).dict")
        return "\(folder)/\(name).index"
    }

    /// `text` as a dictzip file: raw deflate flushed fully every
    /// `chunkLength` bytes, the chunks' compressed sizes in the gzip
    /// header's "RA" field, CRC-32 and size after.
    static func dictzip(_ text: [UInt8], chunkLength: Int) -> [UInt8] {
        var stream = z_stream()
        precondition(deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                                   Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var chunks: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(text.count, start + chunkLength)
            var input = Array(text[start..<end])
            var output = [UInt8](repeating: 0, count: chunkLength * 2 + 1024)
            let last = end == text.count
            input.withUnsafeMutableBufferPointer { inBuffer in
                output.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_in = inBuffer.baseAddress
                    stream.avail_in = UInt32(inBuffer.count)
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = UInt32(outBuffer.count)
                    _ = deflate(&stream, last ? Z_FINISH : Z_FULL_FLUSH)
                }
            }
            chunks.append(Array(output[..<(output.count - Int(stream.avail_out))]))
            start = end
        } while start < text.count
        func word(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        let table = word(1) + word(chunkLength) + word(chunks.count) + chunks.flatMap { word($0.count) }
        let extra = [UInt8(ascii: "R"), UInt8(ascii: "A")] + word(table.count) + table
        var file: [UInt8] = [0x1F, 0x8B, 8, 4, 0, 0, 0, 0, 2, 3] + word(extra.count) + extra
        file += chunks.flatMap { $0 }
        let crc = text.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        for value in [crc, UInt32(text.count)] { file += (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        return file
    }

    /// A StarDict dictionary `NAME.ifo`, `.idx`, `.dict` (and `.syn` when
    /// `synonyms` are given, each naming its entry's word) in `folder`.
    /// Returns the .ifo's path.
    @discardableResult
    static func writeStarDict(_ entries: [(word: String, data: [UInt8])], synonyms: [(String, String)] = [],
                              sameTypeSequence: String?, offsetBits: Int = 32, name: String, in folder: String,
                              wordCountSaid: Int? = nil) throws -> String {
        let sorted = entries.sorted { starDictOrder($0.word, $1.word) }
        var index: [UInt8] = [], body: [UInt8] = []
        for (word, data) in sorted {
            index += Array(word.utf8) + [0] + bigEndian(body.count, bytes: offsetBits / 8) + bigEndian(data.count, bytes: 4)
            body += data
        }
        var info = "StarDict's dict ifo file\nversion=\(offsetBits == 64 ? "3.0.0" : "2.4.2")\nbookname=\(name) book\n"
        info += "wordcount=\(wordCountSaid ?? entries.count)\nidxfilesize=\(index.count)\n"
        if offsetBits == 64 { info += "idxoffsetbits=64\n" }
        if let sameTypeSequence { info += "sametypesequence=\(sameTypeSequence)\n" }
        if !synonyms.isEmpty {
            info += "synwordcount=\(synonyms.count)\n"
            var syn: [UInt8] = []
            for (synonym, word) in synonyms.sorted(by: { starDictOrder($0.0, $1.0) }) {
                guard let target = sorted.firstIndex(where: { $0.word == word }) else { throw FixtureError(synonym: synonym) }
                syn += Array(synonym.utf8) + [0] + bigEndian(target, bytes: 4)
            }
            try write(syn, to: "\(folder)/\(name).syn")
        }
        try write(Array(info.utf8), to: "\(folder)/\(name).ifo")
        try write(index, to: "\(folder)/\(name).idx")
        try write(body, to: "\(folder)/\(name).dict")
        return "\(folder)/\(name).ifo"
    }

    struct FixtureError: Error {
        var synonym: String
    }

    /// StarDict's order: g_ascii_strcasecmp, then strcmp.
    static func starDictOrder(_ a: String, _ b: String) -> Bool {
        let foldedA = Array(a.utf8).map(asciiLower), foldedB = Array(b.utf8).map(asciiLower)
        if foldedA != foldedB { return foldedA.lexicographicallyPrecedes(foldedB) }
        return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

    static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) }
    }

    /// A hunspell dictionary in `folder` as `LANG.aff` and `LANG.dic`:
    /// the words of `words` with flag S take a plural "s", flag D a past "ed".
    static func writeHunspell(language: String, words: [String], in folder: String) throws {
        let affix = "SET UTF-8\n\nSFX S Y 1\nSFX S 0 s .\n\nSFX D Y 1\nSFX D 0 ed .\n"
        try write(Array(affix.utf8), to: "\(folder)/\(language).aff")
        try write(Array(("\(words.count)\n" + words.map { $0 + "\n" }.joined()).utf8), to: "\(folder)/\(language).dic")
    }
}
