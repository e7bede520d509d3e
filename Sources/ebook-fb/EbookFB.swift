import ArgumentParser
import Reader

@main
struct EbookFB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ebook-fb",
        abstract: "A paging eBook reader for Linux kiosks.",
        subcommands: [ReadCommand.self, RenderCommand.self, PaginateCommand.self, InfoCommand.self, TraceCommand.self,
                      ShapeCommand.self, ConformanceCommand.self, InjectCommand.self, KioskCommand.self,
                      BenchCommand.self, BenchFirstPageCommand.self, BenchSessionCommand.self, BenchLibraryCommand.self, SoakCommand.self],
        defaultSubcommand: ReadCommand.self)

    static func main() {
        ProcessResources.configureAllocator()
        guard var command = directCommand(Array(CommandLine.arguments.dropFirst())) else { return main(nil) }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// The subcommand the arguments name (else the reader's, for a book)
    /// parsed on its own: parsing through the whole tree reflects over
    /// every subcommand, a millisecond or two of every start. nil for
    /// anything else (help, an option first, a mistake), which `main`
    /// parses through the tree as always, with its messages.
    private static func directCommand(_ arguments: [String]) -> ParsableCommand? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let named = configuration.subcommands.first { $0._commandName == first }
        let type = named ?? ReadCommand.self
        guard let command = try? type.parseAsRoot(named == nil ? arguments : Array(arguments.dropFirst())),
              Swift.type(of: command) == type else { return nil }
        return command
    }
}
