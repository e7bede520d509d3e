import ArgumentParser
import Benchmarks

/// The child process of `bench`: opens the book as the reader does and
/// prints how long after the parent's timestamp the first page was composed.
struct BenchFirstPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-first-page", _superCommandName: "ebook-fb", abstract: "Time to the first composed page (used by bench).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions

    @Option(help: "Character offset to open at.")
    var offset: Int = 0

    @Option(name: .customLong("state-dir"), help: "Open at the place saved in this folder of reading positions instead of --offset.")
    var stateDir: String?

    @Option(help: "The parent's monotonic clock reading (ms) just before it started this process.")
    var since: Double

    @Option(name: .customLong("pattern-snapshots"), help: "Folder of hyphenation pattern snapshots, with books' in its books folder (default: the reader's cache).")
    var patternSnapshots: String?

    func run() throws {
        try FirstPageBenchmark(options: options, offset: offset, stateDir: stateDir, since: since,
                               patternSnapshots: patternSnapshots).run()
    }
}
