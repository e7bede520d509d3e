import CHyphen
import Glibc

/// A libhyphen pattern dictionary, loaded once. Looking a word up only
/// reads it, so the typesetters of every thread share one copy instead of
/// each parsing the file again.
final class HyphenationPatterns: @unchecked Sendable {
    let language: String
    let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The encoding named on the dictionary's first line, in which libhyphen reads words.
    let encoding: String

    /// nil when no dictionary for the language is installed or it cannot be read.
    init?(language: String) {
        guard let path = Hyphenator.dictionaryPath(for: language),
              let dictionary = hnj_hyphen_load(path) else { return nil }
        self.language = language
        self.dictionary = dictionary
        encoding = Self.encodingName(of: path)
    }

    deinit { hnj_hyphen_free(dictionary) }

    var isUTF8: Bool { encoding.uppercased().filter { $0 != "-" } == "UTF8" }

    private static func encodingName(of path: String) -> String {
        guard let file = fopen(path, "rb") else { return "UTF-8" }
        defer { fclose(file) }
        var head = [UInt8](repeating: 0, count: 64)
        let count = fread(&head, 1, head.count, file)
        let line = head[..<count].prefix { $0 != 0x0A && $0 != 0x0D }
        let name = String(decoding: line, as: UTF8.self).trimmingSpacesAndTabs
        return name.isEmpty ? "UTF-8" : name
    }
}
