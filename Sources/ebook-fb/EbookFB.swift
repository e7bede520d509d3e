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
        main(nil)
    }
}
