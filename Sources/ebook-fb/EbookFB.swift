import ArgumentParser
import Glibc
import LinuxSystem
import Reader

@main
struct EbookFB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ebook-fb",
        abstract: "A paging eBook reader for Linux kiosks.",
        subcommands: [ReadCommand.self, RenderCommand.self, PaginateCommand.self, InfoCommand.self, SearchCommand.self, TraceCommand.self,
                      ShapeCommand.self, DefineCommand.self, ExportCommand.self, ConformanceCommand.self, InjectCommand.self, KioskCommand.self,
                      BenchCommand.self, BenchFirstPageCommand.self, BenchSessionCommand.self, BenchLibraryCommand.self, BenchZoomCommand.self, SoakCommand.self,
                      CalibrateCommand.self, OPDSCommand.self, SyncShelfCommand.self],
        defaultSubcommand: ReadCommand.self)

    static func main() {
        ProcessResources.configureAllocator()
        var command: ParsableCommand
        do {
            command = try directCommand(Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot(nil)
        } catch {
            exit(reporting: error, oneLine: false)
        }
        do {
            try command.run()
        } catch {
            exit(reporting: error, oneLine: !(error is ValidationError))
        }
    }

    /// Exits with `error`'s message, as the argument parser words it, on
    /// standard error (help on standard output). Control characters a path
    /// or a book brought are written out, so that a failure is `oneLine`
    /// and cannot steer the terminal; parse errors keep their usage lines.
    private static func exit(reporting error: Error, oneLine: Bool) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { exit(withError: error) }
        var message = fullMessage(for: error)
        if oneLine {
            message = message.escapingControlCharacters
        } else {
            message = message.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0).escapingControlCharacters }.joined(separator: "\n")
        }
        StandardStreams.writeError(message)
        Glibc.exit(code.rawValue)
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
