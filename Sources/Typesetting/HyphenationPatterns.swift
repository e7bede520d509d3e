import CHyphen
import Foundation

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

    var isUTF8: Bool { encoding.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8" }

    private static func encodingName(of path: String) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "UTF-8" }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: 64)
        let line = head.prefix { $0 != 0x0A && $0 != 0x0D }
        let name = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "UTF-8" : name
    }
}
