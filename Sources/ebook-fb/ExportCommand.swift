import ArgumentParser
import BookModel
import FoundationEssentials
import LinuxSystem
import Reader
import Typesetting

/// `ebook-fb export BOOK --format md|json`: the highlights and notes kept
/// with a book, in book order with their chapters and pages.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a book's highlights and notes as Markdown or JSON.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case md, json }

    @OptionGroup var options: BookOptions
    @OptionGroup var columns: ColumnOptions

    @Option(help: "md (Markdown) or json.")
    var format: Format = .md

    @Option(name: .customLong("state-dir"), help: "Folder of reading positions (default: the reader's own).")
    var stateDir: String?

    func run() throws {
        StandardStreams.printLine(try output())
    }

    /// What the command prints.
    func output() throws -> String {
        let opened = try options.openBook()
        let store = StateStore(directory: stateDir ?? StateStore.defaultDirectory(environment: ProcessInfo.processInfo.environment))
        var state: ReadingState?
        switch store.load(book: StateStore.key(of: opened)) {
        case .none: state = nil
        case let .found(found): state = found
        case let .ignored(problem): throw CommandError(problem + "; nothing exported")
        }
        var export = HighlightExport(book: opened, path: options.book, state: state)
        // Pages at the size the options give: the whole book is paginated,
        // so only when there is something to number.
        if format == .json, !export.highlights.isEmpty {
            export.pages = try PaginationStore.paginateWholeBook(try options.typesetter(book: opened, columns: columns.columns))
        }
        return format == .json ? export.json : export.markdown
    }
}
