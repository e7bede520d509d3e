/// One definition a dictionary gives for a word.
public struct DictionaryEntry: Equatable, Sendable {
    /// The dictionary's title (a dictd database's short name, a StarDict
    /// book name; the file's name when it names none).
    public var dictionary: String
    /// The word the entry defines, which may be the stem of the word looked up.
    public var headword: String
    /// The entry's text as the dictionary has it (HTML and markup reduced to text).
    public var definition: String

    public init(dictionary: String, headword: String, definition: String) {
        self.dictionary = dictionary
        self.headword = headword
        self.definition = definition
    }
}

/// An entry as one dictionary finds it, before it is named: `identity`
/// tells the same entry reached twice (under a word and under its stem).
struct FoundEntry: Equatable {
    var identity: EntryIdentity
    var headword: String
    var definition: String
}
