import ArgumentParser
import Benchmarks

/// The library's open and scroll figures over a folder of 1,000 books,
/// each run in a fresh process so fonts and caches start cold.
struct BenchLibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-library", abstract: "The library's open and scroll figures (used by bench).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions

    @Option(help: "The folder of books.")
    var folder: String

    @Option(name: .customLong("state-dir"), help: "The state folder with the books' positions.")
    var stateDir: String

    @Option(help: "The cover cache folder.")
    var covers: String

    func run() throws {
        try LibraryBenchmark(options: options, folder: folder, stateDir: stateDir, covers: covers).run()
    }
}
