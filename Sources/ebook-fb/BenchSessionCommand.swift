import ArgumentParser
import Benchmarks

/// The reader's frame, memory and idle figures, in a process of their own
/// so the memory figures are the reader's alone.
struct BenchSessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-session", abstract: "The reader's frame, memory and idle figures (used by bench).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions

    @Flag(help: "Also measure 10 s of the reader loop at rest.")
    var idle = false

    @Option(help: "Page turns for the memory figure.")
    var turns: Int = 10_000

    @Option(name: .customLong("paginating-rounds"), help: "Font size changes whose background pagination the flick_frame_p99_paginating_ms frames are measured during.")
    var paginatingRounds: Int = 12

    @Option(name: .customLong("pattern-snapshots"), help: "Folder of hyphenation pattern snapshots, with books' in its books folder (default: the reader's cache).")
    var patternSnapshots: String?

    func run() throws {
        try SessionBenchmark(options: options, idle: idle, turns: turns, patternSnapshots: patternSnapshots,
                             paginatingRounds: max(1, paginatingRounds)).run()
    }
}
