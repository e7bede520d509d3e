import ArgumentParser
import BookFormats
import BookModel
import FoundationEssentials
import LinuxSystem
import Reader

/// `ebook-fb export BOOK --format md|json`: the highlights and notes kept
/// with a book, in book order with their chapters.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a book's highlights and notes as Markdown or JSON.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case md, json }

    @Argument(help: "The book file.")
    var book: String

    @Option(help: "md (Markdown) or json.")
    var format: Format = .md

    @Option(name: .customLong("state-dir"), help: "Folder of reading positions (default: the reader's own).")
    var stateDir: String?

    func run() throws {
        let opened = try BookFormats().open(path: book).book
        let store = StateStore(directory: stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
        var state: ReadingState?
        switch store.load(book: StateStore.key(of: opened)) {
        case .none: state = nil
        case let .found(found): state = found
        case let .ignored(message): throw ValidationError(message)
        }
        let export = HighlightExport(book: opened, path: book, state: state)
        StandardStreams.printLine(format == .json ? export.json : export.markdown)
    }
}
