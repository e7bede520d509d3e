/// One dictionary file (dictd or StarDict) the shelf asks. Nothing is read
/// until the first lookup; a damaged file throws then, and later.
protocol WordDictionary: AnyObject {
    /// The file it was named by (a dictd `.index`, a StarDict `.ifo`).
    var path: String { get }
    /// The language of its headwords, when known (ISO 639-1 where one exists).
    var language: String? { get }
    /// Its title once it has been read, the file's name before.
    var title: String { get }
    /// The entries filed under `word` (compared as the dictionary sorts:
    /// without regard to case), in the dictionary's order.
    func entries(for word: String) throws(DictionaryError) -> [FoundEntry]
}

/// An entry's place in its dictionary's text: the same entry reached
/// twice (under a word and under its stem) is given once.
struct EntryIdentity: Hashable {
    var offset: Int
    var length: Int
}

extension String {
    /// The name of the file at this path without its folder and `suffix`.
    func fileName(dropping suffix: String) -> String {
        let name = split(separator: "/").last.map(String.init) ?? self
        return name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : name
    }
}
