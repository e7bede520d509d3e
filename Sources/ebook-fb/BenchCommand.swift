import ArgumentParser
import Benchmarks

/// `ebook-fb bench BOOK`: every budget of the performance table, measured
/// in this build and judged against the budgets file. Prints one JSON object.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure start-up, pagination, drawing, frame, memory and idle figures.")

    @OptionGroup var options: BookOptions

    @Flag(help: "Print JSON (the only format).")
    var json = false

    @Flag(help: "Also measure 10 s of the reader loop at rest: its CPU time and wake-ups, all threads.")
    var idle = false

    @Option(help: "The EPUB the epub_* figures are measured on; they are skipped when it is missing.")
    var epub = "../shared/epub/samples/moby-dick.epub"

    @Option(help: "The budgets file the figures are judged against (default: Sources/Benchmarks/budgets.txt in the folder of the executable or one above it, else budgets.txt in the current folder).")
    var budgets: String?

    @Option(name: .customLong("cpu-quota"), parsing: .unconditional,
            help: "Run the measured processes with this percentage of one core (25: a Raspberry Pi 3's share); only the reader's own figures are measured.")
    var cpuQuota: Int?

    func run() throws {
        try Benchmark(options: options, idle: idle, epub: epub, budgetsPath: budgets,
                      cpuQuota: try cpuQuota.map { try CPUQuota(percent: $0) }).run()
    }
}
