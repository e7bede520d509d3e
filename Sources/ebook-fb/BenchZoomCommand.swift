import ArgumentParser
import Benchmarks

/// The zoom figures of a book of pictures, in a process of their own so
/// the memory figure is the reader's alone.
struct BenchZoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-zoom", abstract: "Zoom to 8x on a picture page and pan across it (used by bench).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions

    func run() throws {
        try ZoomBenchmark(options: options).run()
    }
}
