import ArgumentParser

@main
struct EbookFB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ebook-fb",
        abstract: "A paging eBook reader for Linux kiosks.",
        subcommands: [RenderCommand.self, PaginateCommand.self, InfoCommand.self, ShapeCommand.self, ConformanceCommand.self])
}
