import BookModel
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
    let dictionaryPath: String
    private let origin: Origin

    private enum Origin {
        /// Built by libhyphen from the pattern file: freed by libhyphen.
        case patternFile
        /// Rebuilt from a snapshot, which owns the memory.
        case snapshot(SnapshotDictionary)
    }

    /// nil when no dictionary for the language is installed or it cannot be
    /// read. With `snapshots`, a snapshot of the dictionary is rebuilt when
    /// there is one of this very file.
    init?(language: String, snapshots: (any HyphenationSnapshotKeeping)? = nil) {
        guard let path = Hyphenator.dictionaryPath(for: language) else { return nil }
        if let rebuilt = snapshots?.load(dictionaryPath: path), let first = rebuilt.dictionary {
            dictionary = first
            origin = .snapshot(rebuilt)
        } else {
            guard let loaded = hnj_hyphen_load(path) else { return nil }
            dictionary = loaded
            origin = .patternFile
        }
        self.language = language
        dictionaryPath = path
        encoding = Self.encodingName(of: path)
    }

    deinit {
        if case .patternFile = origin { hnj_hyphen_free(dictionary) }
    }

    /// True when loaded from the pattern file: a snapshot would speed up the next start.
    var cameFromPatternFile: Bool {
        if case .patternFile = origin { return true }
        return false
    }

    /// Saves the snapshot that makes the next load fast; false when it
    /// could not be written.
    @discardableResult
    func saveSnapshot(to store: any HyphenationSnapshotKeeping) -> Bool {
        store.save(dictionary, dictionaryPath: dictionaryPath)
    }

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
