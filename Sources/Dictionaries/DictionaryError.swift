/// Why a dictionary cannot answer: the file and what is wrong with it, in
/// one line for the log. A damaged dictionary is skipped; the others answer.
public struct DictionaryError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file at fault (an index, its data file, an .ifo).
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "dictionary \(path): \(problem)" }
}
