import LinuxSystem

/// hunspell's dictionaries by language, each loaded the first time a word
/// of its language is looked up (loading one takes tens of milliseconds).
final class Stemmers {
    let folders: [String]
    private var loaded: [String: Stemmer?] = [:]
    /// The problem of each dictionary that would not load, told once.
    private(set) var problems: [DictionaryError] = []

    init(folders: [String]) {
        self.folders = folders
    }

    /// The stemmer for `language` (ISO 639-1), when a hunspell dictionary of it is installed.
    func stemmer(for language: String) -> Stemmer? {
        if let known = loaded[language] { return known }
        var stemmer: Stemmer?
        if let (affix, words) = dictionaryFiles(for: language) {
            do throws(DictionaryError) {
                stemmer = try Stemmer(affixPath: affix, wordsPath: words)
            } catch {
                problems.append(error)
            }
        }
        loaded[language] = stemmer
        return stemmer
    }

    /// The `.aff` and `.dic` for `language`: `xx.dic`, else `xx_XX.dic`
    /// (de_DE, fr_FR), else `en_US.dic` for English, else the first `xx_*`
    /// in name order.
    func dictionaryFiles(for language: String) -> (affix: String, words: String)? {
        for folder in folders {
            guard let names = try? FileSystem.directoryEntries(folder) else { continue }
            let bases = Set(names.filter { $0.hasSuffix(".dic") }.map { String($0.dropLast(4)) })
                .filter { names.contains($0 + ".aff") && DictionaryLanguage.primary($0) == language }
            let preferred = [language, language + "_" + language.uppercased(), language == "en" ? "en_US" : nil]
                .compactMap { $0 }.first { bases.contains($0) } ?? bases.sorted().first
            if let preferred { return (folder + "/" + preferred + ".aff", folder + "/" + preferred + ".dic") }
        }
        return nil
    }
}
