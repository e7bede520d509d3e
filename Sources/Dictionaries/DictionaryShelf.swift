import LinuxSystem

/// The dictionaries a reader looks words up in: dictd databases and
/// StarDict dictionaries, from files named and folders searched. Nothing
/// is read until the first lookup, and each dictionary only when first
/// asked; results come as they are found, and a lookup can be cancelled
/// between dictionaries and words. A dictionary that turns out damaged is
/// reported once and skipped from then on; the others still answer.
///
/// A shelf is used from one thread at a time (the one looking words up);
/// it holds no state outside itself.
public final class DictionaryShelf {
    /// Where Debian installs dictd databases and StarDict dictionaries.
    public static let systemFolders = ["/usr/share/dictd", "/usr/share/stardict/dic"]
    /// Where Debian installs hunspell's dictionaries.
    public static let stemmerFolders = ["/usr/share/hunspell"]

    private let files: [String]
    private let folders: [String]
    private var found: [any WordDictionary]?
    private var damaged: Set<String> = []
    private let stemmers: Stemmers
    private var stemmerProblemsTold = 0

    /// The dictionaries `files` names (dictd `.index`, StarDict `.ifo`),
    /// then those in `folders` and their subfolders, in name order.
    public init(files: [String] = [], folders: [String] = systemFolders, stemmerFolders: [String] = stemmerFolders) {
        self.files = files
        self.folders = folders
        stemmers = Stemmers(folders: stemmerFolders)
    }

    /// Whether `path` names a dictionary this shelf can read (by its name:
    /// the files themselves are read at the first lookup).
    public static func isDictionaryFile(_ path: String) -> Bool {
        path.hasSuffix(".index") || path.hasSuffix(".ifo")
    }

    /// The files of the shelf's dictionaries (the folders are listed the
    /// first time this or a lookup asks).
    public var dictionaryPaths: [String] { dictionaries().map(\.path) }

    /// Looks `word` up in every dictionary, those of `language` (a BCP 47
    /// tag, the book's) first, then those of no known language, then the
    /// rest: first the entries filed under the word (and, in StarDict, its
    /// synonyms') in each, then those of its stems in each dictionary's
    /// language (so the first entries come before a stemmer is loaded).
    /// `found` gets each entry once; `skipped` each damaged dictionary once
    /// (and each stemmer dictionary that will not load); `isCancelled`
    /// ends the lookup early.
    public func lookUp(_ word: String, language: String? = nil, isCancelled: () -> Bool = { false },
                       found: (DictionaryEntry) -> Void, skipped: (DictionaryError) -> Void) {
        let word = word.trimmingWhitespace
        guard !word.isEmpty, word.utf8.count <= 1024 else { return }
        let wanted = language.map(DictionaryLanguage.primary)
        let dictionaries = ordered(for: wanted)
        var given = [Set<EntryIdentity>](repeating: [], count: dictionaries.count)
        // The one-word headwords a dictionary gave the word's own entries
        // under (GCIDE files "Mice" under "Mouse"): asked as stems are.
        var lemmas = [[String]](repeating: [], count: dictionaries.count)
        for stemming in [false, true] {
            for (number, dictionary) in dictionaries.enumerated() where !damaged.contains(dictionary.path) {
                guard !isCancelled() else { return }
                // StarDict folds ASCII case only: "Ärger" is also asked as "ärger".
                var candidates = word.unicodeScalars.allSatisfy(\.isASCII) ? [word] : [word, word.lowercased()]
                if stemming {
                    let stemmer = (dictionary.language ?? wanted).flatMap { stemmers.stemmer(for: $0) }
                    tellStemmerProblems(skipped)
                    candidates = ((stemmer.map { $0.stems(of: word) + $0.stems(of: word.lowercased()) } ?? []) + lemmas[number])
                        .filter { $0.lowercased() != word.lowercased() }
                }
                do throws(DictionaryError) {
                    for candidate in Self.distinct(candidates) {
                        guard !isCancelled() else { return }
                        for entry in try dictionary.entries(for: candidate) where given[number].insert(entry.identity).inserted {
                            if !stemming, !entry.headword.contains(" ") { lemmas[number].append(entry.headword) }
                            found(DictionaryEntry(dictionary: dictionary.title, headword: entry.headword, definition: entry.definition))
                        }
                    }
                } catch {
                    damaged.insert(dictionary.path)
                    skipped(error)
                }
            }
        }
    }

    /// The entries of every dictionary at once, and the dictionaries skipped.
    public func lookUp(_ word: String, language: String? = nil) -> (entries: [DictionaryEntry], skipped: [DictionaryError]) {
        var entries: [DictionaryEntry] = [], skipped: [DictionaryError] = []
        lookUp(word, language: language, found: { entries.append($0) }, skipped: { skipped.append($0) })
        return (entries, skipped)
    }

    private func tellStemmerProblems(_ skipped: (DictionaryError) -> Void) {
        for problem in stemmers.problems.dropFirst(stemmerProblemsTold) { skipped(problem) }
        stemmerProblemsTold = stemmers.problems.count
    }

    /// `words` without repeats, in their order.
    private static func distinct(_ words: [String]) -> [String] {
        var seen: Set<String> = []
        return words.filter { seen.insert($0).inserted }
    }

    /// Every dictionary, those of `language` first, then those of no known
    /// language, then the others, each group in the shelf's order.
    private func ordered(for language: String?) -> [any WordDictionary] {
        let all = dictionaries()
        guard let language else { return all }
        return all.filter { $0.language == language } + all.filter { $0.language == nil }
            + all.filter { $0.language != nil && $0.language != language }
    }

    /// The dictionaries named and found, listed once (at the first lookup).
    private func dictionaries() -> [any WordDictionary] {
        if let found { return found }
        var paths = files
        for folder in folders { paths += Self.dictionaryFiles(in: folder) }
        var seen: Set<String> = []
        let dictionaries: [any WordDictionary] = paths.filter { seen.insert($0).inserted }.map { path in
            path.hasSuffix(".ifo") ? StarDictDictionary(infoPath: path) as any WordDictionary : DictdDictionary(indexPath: path)
        }
        found = dictionaries
        return dictionaries
    }

    /// The dictionaries in `folder` and in its subfolders (StarDict keeps
    /// each in a folder of its own), in name order; none for a folder that
    /// is not there.
    static func dictionaryFiles(in folder: String) -> [String] {
        guard let names = try? FileSystem.directoryEntries(folder) else { return [] }
        var paths: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            if isDictionaryFile(name) {
                paths.append(path)
            } else if (try? FileSystem.status(path))?.isDirectory == true, let inner = try? FileSystem.directoryEntries(path) {
                paths += inner.sorted().filter { isDictionaryFile($0) && !$0.hasPrefix(".") }.map { path + "/" + $0 }
            }
        }
        return paths
    }
}
