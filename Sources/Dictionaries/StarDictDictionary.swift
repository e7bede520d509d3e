import LinuxSystem

/// A StarDict dictionary: `NAME.ifo` beside `NAME.idx` (or `.idx.gz`),
/// `NAME.dict.dz` (or `.dict`) and, optionally, `NAME.syn`, the synonyms
/// and inflected forms that lead to an entry.
final class StarDictDictionary: WordDictionary {
    let path: String
    private(set) var language: String?
    private(set) var title: String
    private var opened: Opened?

    private struct Opened {
        var info: StarDictInfo
        var words: StarDictWordList
        var synonyms: StarDictWordList?
        var text: any DefinitionData
    }

    /// An `.idx.gz` or `.syn` larger than this inflated is refused.
    static let wordListLimit = 256 << 20

    /// Nothing is read here: the first lookup opens the files.
    init(infoPath: String) {
        path = infoPath
        title = infoPath.fileName(dropping: ".ifo")
        language = DictionaryLanguage.guess(fromName: title)
    }

    func entries(for word: String) throws(DictionaryError) -> [FoundEntry] {
        let opened = try open()
        let key = Array(word.utf8)
        var entries: [FoundEntry] = []
        for index in opened.words.indices(matching: key) {
            entries.append(try entry(index, in: opened))
        }
        if let synonyms = opened.synonyms {
            for synonym in synonyms.indices(matching: key) {
                let index = StarDictWordList.bigEndian(synonyms.tail(synonym), from: 0, count: 4)
                guard index < opened.words.count else {
                    throw DictionaryError(path: base + ".syn", problem: "a synonym points at entry \(index) of \(opened.words.count)")
                }
                entries.append(try entry(index, in: opened))
            }
        }
        return entries
    }

    private var base: String { String(path.dropLast(path.hasSuffix(".ifo") ? 4 : 0)) }

    private func open() throws(DictionaryError) -> Opened {
        if let opened { return opened }
        let info = try StarDictInfo.parse(try Self.read(path), path: path)
        let offsetSize = info.offsetBits / 8
        let words: StarDictWordList
        if Self.exists(base + ".idx") {
            let bytes = try Self.read(base + ".idx")
            guard bytes.count == info.indexFileSize else {
                throw DictionaryError(path: base + ".idx", problem: "\(bytes.count) bytes where the .ifo says \(info.indexFileSize)")
            }
            words = try StarDictWordList(bytes: bytes, tailSize: offsetSize + 4, expectedCount: info.wordCount, path: base + ".idx")
        } else {
            words = try StarDictWordList(bytes: try Self.inflate(base + ".idx.gz"), tailSize: offsetSize + 4,
                                         expectedCount: info.wordCount, path: base + ".idx.gz")
        }
        let synonyms = Self.exists(base + ".syn")
            ? try StarDictWordList(bytes: try Self.read(base + ".syn"), tailSize: 4, expectedCount: info.synonymCount, path: base + ".syn")
            : nil
        let textPath = Self.exists(base + ".dict.dz") ? base + ".dict.dz" : base + ".dict"
        let opened = Opened(info: info, words: words, synonyms: synonyms, text: try DefinitionFile.open(textPath))
        self.opened = opened
        if !info.bookName.isEmpty { title = info.bookName }
        if let declared = info.language { language = DictionaryLanguage.primary(declared) }
        return opened
    }

    /// Entry `index` of the `.idx`: its word and its text.
    private func entry(_ index: Int, in opened: Opened) throws(DictionaryError) -> FoundEntry {
        let tail = opened.words.tail(index)
        let offsetSize = opened.info.offsetBits / 8
        let offset = StarDictWordList.bigEndian(tail, from: 0, count: offsetSize)
        let size = StarDictWordList.bigEndian(tail, from: offsetSize, count: 4)
        let bytes = try opened.text.bytes(at: offset, count: size)
        let definition: String
        do throws(StarDictFields.FieldError) {
            definition = try StarDictFields.text(of: bytes, sameTypeSequence: opened.info.sameTypeSequence)
        } catch {
            throw DictionaryError(path: base + ".idx", problem: "the entry of word \(index + 1): \(error.reason)")
        }
        return FoundEntry(identity: EntryIdentity(offset: offset, length: size),
                          headword: String(decoding: opened.words.word(index), as: UTF8.self), definition: definition)
    }

    private static func exists(_ path: String) -> Bool { (try? FileSystem.status(path)) != nil }

    private static func read(_ path: String) throws(DictionaryError) -> [UInt8] {
        do throws(SystemError) {
            return try FileDescriptor.readFile(path)
        } catch {
            throw DictionaryError(path: path, problem: error.isNotFound ? "not found" : "cannot be read (\(error))")
        }
    }

    private static func inflate(_ path: String) throws(DictionaryError) -> [UInt8] {
        guard let bytes = Inflation.gunzip(try read(path), limit: wordListLimit) else {
            throw DictionaryError(path: path, problem: "damaged gzip data")
        }
        return bytes
    }
}
