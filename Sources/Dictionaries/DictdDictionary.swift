import LinuxSystem

/// A dictd database: `NAME.index` beside `NAME.dict.dz` or `NAME.dict`,
/// as Debian's dict-* packages install them under /usr/share/dictd.
final class DictdDictionary: WordDictionary {
    let path: String
    let language: String?
    private(set) var title: String
    private var opened: (index: DictdIndex, text: any DefinitionData)?

    /// A headword the entry's first words name is looked for in the index
    /// only when it is this short (a name, not a sentence).
    private static let leadingHeadwordLimit = 64

    /// Nothing is read here: the first lookup opens the files.
    init(indexPath: String) {
        path = indexPath
        let name = indexPath.fileName(dropping: ".index")
        title = name
        language = DictionaryLanguage.guess(fromName: name)
    }

    func entries(for word: String) throws(DictionaryError) -> [FoundEntry] {
        let (index, text) = try open()
        var entries: [FoundEntry] = []
        for line in try index.lines(matching: word) {
            let (identity, definition) = try entry(of: line, text: text)
            let headword = try headword(of: line, identity: identity, definition: definition, index: index)
            entries.append(FoundEntry(identity: identity, headword: headword, definition: definition))
        }
        return entries
    }

    /// The index and the text, opened and checked at the first lookup: the
    /// index ends with a whole line, its first and last lines are entries
    /// the text holds.
    private func open() throws(DictionaryError) -> (DictdIndex, any DefinitionData) {
        if let opened { return opened }
        let index = try DictdIndex(path: path)
        let text = try DefinitionFile.open(try textPath())
        guard let (first, last) = try index.endLines() else {
            throw DictionaryError(path: path, problem: "the index holds no entry")
        }
        for line in [first, last] { _ = try entry(of: line, text: text, checkedOnly: true) }
        opened = (index, text)
        if let short = try index.lines(matching: "00-database-short").first {
            title = Self.title(fromShortEntry: try entry(of: short, text: text).definition) ?? title
        }
        return (index, text)
    }

    /// `NAME.dict.dz`, else `NAME.dict`.
    private func textPath() throws(DictionaryError) -> String {
        let base = path.hasSuffix(".index") ? String(path.dropLast(".index".count)) : path
        for candidate in [base + ".dict.dz", base + ".dict"] where (try? FileSystem.status(candidate)) != nil {
            return candidate
        }
        throw DictionaryError(path: base + ".dict.dz", problem: "not found (nor \(base).dict)")
    }

    /// The entry a line points at: its place and text.
    private func entry(of line: DictdIndex.Line, text: any DefinitionData, checkedOnly: Bool = false)
        throws(DictionaryError) -> (identity: EntryIdentity, definition: String) {
        guard let location = line.location else {
            throw DictionaryError(path: path, problem: "the line at \(line.start) is not headword, offset and length")
        }
        guard location.offset + location.length <= text.size else {
            throw DictionaryError(path: path, problem: "the line at \(line.start) points past the end of the text (\(text.size) bytes)")
        }
        let identity = EntryIdentity(offset: location.offset, length: location.length)
        guard !checkedOnly else { return (identity, "") }
        let bytes = try text.bytes(at: location.offset, count: location.length)
        return (identity, String(decoding: bytes, as: UTF8.self))
    }

    /// The word the entry defines. An index files an entry under other
    /// words too (GCIDE files "Mice" under the entry of "Mouse", "Running"
    /// under that of "Run"); an entry that starts with another word is
    /// given under that word when the index files it there as well.
    private func headword(of line: DictdIndex.Line, identity: EntryIdentity, definition: String, index: DictdIndex)
        throws(DictionaryError) -> String {
        let filed = String(decoding: line.headword, as: UTF8.self)
        let leading = Self.leadingWords(of: definition)
        guard !leading.isEmpty, leading.count <= Self.leadingHeadwordLimit, leading.lowercased() != filed.lowercased() else {
            return filed
        }
        for other in try index.lines(matching: leading) where other.location.map({ EntryIdentity(offset: $0.offset, length: $0.length) }) == identity {
            return String(decoding: other.headword, as: UTF8.self)
        }
        return filed
    }

    /// The words an entry starts with: letters, digits, spaces, hyphens
    /// and apostrophes up to anything else (GCIDE's `Mouse \Mouse\ (mous), n.`).
    static func leadingWords(of definition: String) -> String {
        let firstLine = definition.drop { $0.isWhitespace }.prefix { $0 != "\n" }
        let words = firstLine.prefix { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "'" }
        return words.trimmingWhitespace
    }

    /// A database's name from its `00-database-short` entry, whose first
    /// line may repeat the headword.
    static func title(fromShortEntry entry: String) -> String? {
        let lines = entry.split(separator: "\n").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
        let named = lines.first { $0 != "00-database-short" && $0 != "00databaseshort" }
        return named.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
