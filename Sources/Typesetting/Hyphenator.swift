import CHyphen
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Hyphenation points from libhyphen's pattern dictionaries (Debian's
/// hyphen-* packages in /usr/share/hyphen). Words are looked up once and
/// cached (up to a bound), so a book costs about one lookup per distinct
/// word. Not thread-safe.
final class Hyphenator {
    static let dictionaryDirectory = "/usr/share/hyphen"
    /// Fewest characters kept before and after a break.
    private static let minimumBefore = 2, minimumAfter = 3

    let patterns: HyphenationPatterns
    var language: String { patterns.language }
    private var dictionary: UnsafeMutablePointer<HyphenDict> { patterns.dictionary }
    private let encoder: iconv_t?
    private var cache = HyphenationCache(limit: Hyphenator.cacheLimit)
    /// Reused for each lookup: the word as libhyphen reads it, and its marks.
    private var wordBytes: [UInt8] = []
    private var hyphens: [CChar] = []
    /// Most words kept in the cache.
    static let cacheLimit = 4096

    /// nil when no dictionary for the language is installed.
    convenience init?(language: String) {
        guard let patterns = HyphenationPatterns(language: language) else { return nil }
        self.init(patterns: patterns)
    }

    /// A hyphenator over patterns another one has loaded; nil when their
    /// encoding cannot be converted to.
    init?(patterns: HyphenationPatterns) {
        self.patterns = patterns
        if patterns.isUTF8 {
            encoder = nil
        } else {
            let handle = iconv_open(patterns.encoding, "UTF-32LE")
            guard handle != iconv_t(bitPattern: -1) else { return nil }
            encoder = handle
        }
    }

    deinit {
        if let encoder { iconv_close(encoder) }
    }

    /// Marks hyphenation points inside the words of `scalars` as `.hyphen`
    /// where no other break is already allowed.
    func mark(_ scalars: [UInt32], breaks: inout [BreakOpportunity]) {
        scalars.withUnsafeBufferPointer { scalars in
            var index = 0
            let count = scalars.count
            while index < count {
                guard Hyphenator.isWordLetter(scalars[index]) else { index += 1; continue }
                var end = index
                while end < count, Hyphenator.isWordLetter(scalars[end]) { end += 1 }
                if end - index > HyphenationCache.longestWord {
                    for point in lookUp(Array(scalars[index..<end])) where breaks[index + point - 1] == .none {
                        breaks[index + point - 1] = .hyphen
                    }
                } else if end - index >= Hyphenator.minimumBefore + Hyphenator.minimumAfter {
                    var points = points(of: scalars, index..<end)
                    while points != 0 {
                        let point = points.trailingZeroBitCount
                        points &= points - 1
                        if breaks[index + point - 1] == .none { breaks[index + point - 1] = .hyphen }
                    }
                }
                index = end
            }
        }
    }

    /// Offsets inside `word` where it may be broken (a break before that character).
    func points(in word: [UInt32]) -> [Int] {
        guard word.count <= HyphenationCache.longestWord else { return lookUp(word) }
        return word.withUnsafeBufferPointer { word in
            var points = points(of: word, 0..<word.count)
            var found: [Int] = []
            while points != 0 {
                found.append(points.trailingZeroBitCount)
                points &= points - 1
            }
            return found
        }
    }

    /// The points of the word `scalars[range]`, at most `longestWord`
    /// characters, as bits (bit i: a break before character i), from the
    /// cache or looked up.
    private func points(of scalars: UnsafeBufferPointer<UInt32>, _ range: Range<Int>) -> UInt64 {
        if let cached = cache.points(of: scalars, range) { return cached }
        var found: UInt64 = 0
        for point in lookUp(Array(scalars[range])) {
            found |= 1 << UInt64(point)
        }
        cache.insert(found, of: scalars, range)
        return found
    }

    private func lookUp(_ word: [UInt32]) -> [Int] {
        // Most words of most books: lowercased byte by byte, the same bytes
        // in every dictionary encoding (all are ASCII-compatible).
        if word.allSatisfy({ $0 < 0x80 }) {
            wordBytes.removeAll(keepingCapacity: true)
            for value in word {
                let byte = UInt8(truncatingIfNeeded: value)
                wordBytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            }
            return hyphenate(byteCount: word.count, characters: word.count)
        }
        let lower = String(String.UnicodeScalarView(word.compactMap(Unicode.Scalar.init))).lowercased()
        let lowerScalars = lower.unicodeScalars.map(\.value)
        // Lowercasing must not change the length, or offsets would not match.
        guard lowerScalars.count == word.count, let bytes = encode(lower, scalars: lowerScalars) else { return [] }
        let characters = dictionary.pointee.utf8 != 0 ? lowerScalars.count : bytes.count
        guard characters == word.count else { return [] }
        wordBytes.removeAll(keepingCapacity: true)
        wordBytes.append(contentsOf: bytes)
        return hyphenate(byteCount: bytes.count, characters: characters)
    }

    /// libhyphen on the word in `wordBytes` (in the dictionary's encoding):
    /// the break points, `characters` being the word's length.
    private func hyphenate(byteCount: Int, characters: Int) -> [Int] {
        // libhyphen reads the word as a C string (strstr) whatever length it
        // is told: it must end with a NUL.
        wordBytes.append(0)
        if hyphens.count < byteCount + 5 { hyphens = [CChar](repeating: 0, count: byteCount + 5) }
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        var positions: UnsafeMutablePointer<Int32>? = nil
        var cuts: UnsafeMutablePointer<Int32>? = nil
        let status = wordBytes.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { chars in
                hyphens.withUnsafeMutableBufferPointer { marks in
                    hnj_hyphen_hyphenate3(dictionary, chars.baseAddress, Int32(byteCount), marks.baseAddress, nil,
                                          &replacements, &positions, &cuts,
                                          Int32(Hyphenator.minimumBefore), Int32(Hyphenator.minimumAfter),
                                          Int32(Hyphenator.minimumBefore), Int32(Hyphenator.minimumAfter))
                }
            }
        }
        defer {
            if let replacements {
                for index in 0..<characters where replacements[index] != nil { free(replacements[index]) }
                free(replacements)
            }
            free(positions)
            free(cuts)
        }
        guard status == 0 else { return [] }
        var points: [Int] = []
        let last = characters - Hyphenator.minimumAfter
        for index in 0..<characters where hyphens[index] & 1 == 1 && replacements?[index] == nil {
            let point = index + 1
            if point >= Hyphenator.minimumBefore, point <= last { points.append(point) }
        }
        return points
    }

    /// The word in the dictionary's encoding, or nil when it has no such characters.
    private func encode(_ word: String, scalars: [UInt32]) -> [UInt8]? {
        guard let encoder else { return Array(word.utf8) }
        var input = scalars.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        var output = [UInt8](repeating: 0, count: scalars.count * 4 + 4)
        let produced: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress!)
                    .assumingMemoryBound(to: CChar.self) // precondition: scalars is not empty (words have letters)
                var inLeft = inBuffer.count
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!)
                    .assumingMemoryBound(to: CChar.self) // precondition: output has room for at least 4 bytes
                var outLeft = outBuffer.count
                iconv(encoder, nil, nil, nil, nil)
                guard iconv(encoder, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let produced else { return nil }
        return Array(output[0..<produced])
    }

    /// Letters (and combining marks) of the alphabetic scripts the
    /// dictionaries cover: Latin, Greek, Cyrillic. Apostrophes, hyphens
    /// and digits end a word.
    static func isWordLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 {
            return (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A)
        }
        guard scalar < 0x0530 || (0x1E00...0x1FFF).contains(scalar), let value = Unicode.Scalar(scalar) else { return false }
        let properties = value.properties
        return properties.isAlphabetic || properties.generalCategory == .nonspacingMark
    }

    /// hyph_LANG_REGION.dic for the language's usual region, else any dictionary of the language.
    static func dictionaryPath(for language: String) -> String? {
        let primary = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        guard !primary.isEmpty else { return nil }
        let preferred: [String: String] = ["en": "en_US", "de": "de_DE", "fr": "fr", "ru": "ru_RU", "es": "es_ES",
                                           "it": "it_IT", "pt": "pt_PT", "nl": "nl_NL"]
        var candidates: [String] = []
        if let name = preferred[primary] { candidates.append(name) }
        candidates.append(primary)
        let manager = FileManager.default
        for name in candidates {
            let path = "\(dictionaryDirectory)/hyph_\(name).dic"
            if isRegularFile(path) { return path }
        }
        let files = (try? manager.contentsOfDirectory(atPath: dictionaryDirectory)) ?? []
        return files.filter { $0.hasPrefix("hyph_\(primary)_") && $0.hasSuffix(".dic") }.sorted()
            .map { "\(dictionaryDirectory)/\($0)" }.first(where: isRegularFile)
    }

    /// Only a regular file is given to libhyphen, which reads it whole: a
    /// FIFO there would hang it and a device never end (stat(2), which
    /// never blocks).
    private static func isRegularFile(_ path: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular
    }
}
