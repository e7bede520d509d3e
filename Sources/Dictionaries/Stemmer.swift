import CHunspellLoader
import LinuxSystem

/// A hunspell dictionary asked for the stems of words ("whales" ->
/// "whale", "walked" -> "walk"). Words the dictionary lists as words of
/// their own ("running", "mice") are their own stems. hunspell is loaded
/// with the first dictionary opened.
final class Stemmer {
    private let handle: OpaquePointer
    /// The dictionary's charset: hunspell takes and gives words in it.
    private let isLatin1: Bool
    /// Longer words are not asked about (hunspell copes, but nothing that long has a stem).
    static let longestWord = 100

    /// The dictionary `affixPath` and `wordsPath` (`.aff`, `.dic`);
    /// throws when either cannot be read or its charset is neither UTF-8
    /// nor ISO 8859-1.
    init(affixPath: String, wordsPath: String) throws(DictionaryError) {
        for path in [affixPath, wordsPath] {
            do throws(SystemError) {
                try RegularFile.check(path)
            } catch {
                throw DictionaryError(path: path, problem: "cannot be read (\(error))")
            }
        }
        guard ebookfb_hunspell_load() == 1 else {
            throw DictionaryError(path: wordsPath, problem: "cannot find stems: libhunspell is not installed (Debian's libhunspell-1.7-0)")
        }
        guard let handle = ebookfb_Hunspell_create(affixPath, wordsPath) else {
            throw DictionaryError(path: wordsPath, problem: "hunspell cannot load it")
        }
        let charset = ebookfb_Hunspell_get_dic_encoding(handle).map { String(cString: $0).uppercased() } ?? "ISO8859-1"
        guard ["UTF-8", "UTF8", "ISO8859-1", "ISO-8859-1"].contains(charset) else {
            ebookfb_Hunspell_destroy(handle)
            throw DictionaryError(path: affixPath, problem: "its charset \(charset) is not UTF-8 or ISO8859-1")
        }
        self.handle = handle
        isLatin1 = charset.hasPrefix("ISO")
    }

    deinit { ebookfb_Hunspell_destroy(handle) }

    /// The stems hunspell gives for `word`, `word` itself left out, in its order.
    func stems(of word: String) -> [String] {
        guard !word.isEmpty, word.unicodeScalars.count <= Self.longestWord, let encoded = encode(word) else { return [] }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = encoded.withUnsafeBufferPointer { buffer in
            ebookfb_Hunspell_stem(handle, &list, buffer.baseAddress)
        }
        defer { ebookfb_Hunspell_free_list(handle, &list, count) }
        var stems: [String] = []
        for index in 0..<Int(max(0, count)) {
            guard let stem = list?[index] else { continue }
            let decoded = decode(stem)
            if decoded != word, !stems.contains(decoded) { stems.append(decoded) }
        }
        return stems
    }

    /// `word` NUL-terminated in the dictionary's charset; nil when it has no such spelling there.
    private func encode(_ word: String) -> [CChar]? {
        if isLatin1 {
            guard word.unicodeScalars.allSatisfy({ $0.value <= 0xFF }) else { return nil }
            return word.unicodeScalars.map { CChar(bitPattern: UInt8($0.value)) } + [0]
        }
        return word.utf8.map { CChar(bitPattern: $0) } + [0]
    }

    private func decode(_ stem: UnsafePointer<CChar>) -> String {
        guard isLatin1 else { return String(cString: stem) }
        let bytes = UnsafeRawPointer(stem).assumingMemoryBound(to: UInt8.self)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while bytes[index] != 0 {
            scalars.append(Unicode.Scalar(bytes[index]))
            index += 1
        }
        return String(scalars)
    }
}
