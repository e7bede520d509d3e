import Dictionaries
import LinuxSystem
import Reader

/// The dictionary figures of `bench`: a word looked up in GCIDE as Debian
/// installs it, each time on a fresh shelf, so every lookup pays for
/// finding the files, checking them and its binary search (the index is
/// searched in place, never loaded whole).
extension Benchmark {
    static let gcideIndex = "/usr/share/dictd/gcide.index"
    /// Lookups timed for `define_ms`, the median taken.
    static let defineRuns = 11
    /// Lookups timed with the stemmer's dictionary loaded each time.
    static let stemmedDefineRuns = 3

    func measureDefine(into result: inout JSONLine) {
        guard (try? FileSystem.status(Self.gcideIndex))?.isRegularFile == true else {
            result.add("define_skipped", "\(Self.gcideIndex) is missing (Debian's dict-gcide)")
            return
        }
        var found = 0, skipped: [DictionaryError] = []
        let lookup = BenchClock.medianTime(Self.defineRuns) {
            let shelf = DictionaryShelf(files: [Self.gcideIndex], folders: [], stemmerFolders: [])
            shelf.lookUp("whale", found: { _ in found += 1 }, skipped: { skipped.append($0) })
        }
        let entries = found / Self.defineRuns
        // With hunspell's English dictionary loaded for the stems, as the first lookup of a session does.
        let stemmed = BenchClock.medianTime(Self.stemmedDefineRuns) {
            let shelf = DictionaryShelf(files: [Self.gcideIndex], folders: [])
            shelf.lookUp("running", found: { _ in }, skipped: { skipped.append($0) })
        }
        if let problem = skipped.first {
            result.add("define_skipped", "\(problem)")
            return
        }
        result.add("define_ms", lookup)
        result.add("define_with_stemmer_load_ms", stemmed)
        result.add("define_entries", entries)
    }
}
