import ArgumentParser
import Dictionaries
import LinuxSystem
import Reader

/// `ebook-fb define WORD`: the word's entries in the dictionaries.
struct DefineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "define", abstract: "Look a word up in the dictionaries (dictd and StarDict), its stems too.")

    @Argument(help: "The word to look up.")
    var word: String

    @Option(name: .customLong("dict"), help: "A dictionary: a dictd .index or a StarDict .ifo (repeatable); without it, the installed ones.")
    var dictionaries: [String] = []

    @Option(name: .customLong("dictionaries"), help: "A folder of dictionaries (and their subfolders) besides those named or installed.")
    var folder: String?

    @Option(help: "The language whose dictionaries come first (BCP 47: en, de, ...).")
    var lang: String?

    @Flag(help: "Print a JSON array of {\"dictionary\", \"headword\", \"definition\"}.")
    var json = false

    func validate() throws {
        for path in dictionaries where !DictionaryShelf.isDictionaryFile(path) {
            throw ValidationError("--dict \"\(path)\": not a dictd .index nor a StarDict .ifo")
        }
        if word.allSatisfy(\.isWhitespace) { throw ValidationError("the word to look up is empty") }
    }

    func run() throws {
        let folders = (dictionaries.isEmpty ? DictionaryShelf.systemFolders : []) + (folder.map { [$0] } ?? [])
        let shelf = DictionaryShelf(files: dictionaries, folders: folders)
        let available = shelf.dictionaryPaths
        guard !available.isEmpty else {
            throw CommandError("no dictionary in \(folders.joined(separator: ", ")): install one (Debian's dict-gcide) or name one with --dict")
        }
        var entries: [DictionaryEntry] = []
        var skipped = 0
        shelf.lookUp(word, language: lang, found: { entry in
            entries.append(entry)
            if !json { StandardStreams.printLine(Self.readable(entry)) }
        }, skipped: { problem in
            if available.contains(problem.path) { skipped += 1 }
            StandardStreams.log("skipped: \(problem)")
        })
        if entries.isEmpty, skipped == available.count { throw CommandError("no dictionary could be read") }
        if json {
            StandardStreams.printLine("[" + entries.map { entry in
                var object = JSONLine()
                object.add("dictionary", entry.dictionary)
                object.add("headword", entry.headword)
                object.add("definition", entry.definition)
                return object.text
            }.joined(separator: ",\n ") + "]")
        } else if entries.isEmpty {
            StandardStreams.printLine("No entry for \"\(word)\".".escapingControlCharacters)
        }
    }

    /// An entry for a person: the headword and the dictionary, then the
    /// definition as it is (control characters written out).
    private static func readable(_ entry: DictionaryEntry) -> String {
        "\(entry.headword) (\(entry.dictionary))".escapingControlCharacters + "\n"
            + entry.definition.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).escapingControlCharacters }.joined(separator: "\n") + "\n"
    }
}
