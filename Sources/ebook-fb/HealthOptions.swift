import ArgumentParser
import LinuxSystem
import Reader

/// `--metrics-dir`: the reader's health for Prometheus's textfile collector.
struct HealthOptions: ParsableArguments {
    @Option(name: .customLong("metrics-dir"),
            help: "Write Prometheus metrics (ebook_fb_*) to DIR/ebook-fb.prom for node_exporter's textfile collector: at most once a minute, never while the page moves, and at exit.")
    var metricsDir: String?

    /// The writer for the loop, nil without `--metrics-dir`.
    func writer(reloads: Int?, warn: @escaping (String) -> Void) -> MetricsWriter? {
        metricsDir.map { MetricsWriter(file: MetricsFile(directory: $0), reloads: reloads, warn: warn) }
    }
}

/// Writes the loop's metrics, adding the process's memory; a folder that
/// cannot be written is said once (and again once it can), and reading goes on.
final class MetricsWriter {
    let file: MetricsFile
    let reloads: Int?
    private let warn: (String) -> Void
    private var failing = false

    init(file: MetricsFile, reloads: Int?, warn: @escaping (String) -> Void) {
        self.file = file
        self.reloads = reloads
        self.warn = warn
    }

    func write(_ activity: ReaderActivity, _ status: SceneStatus) {
        let metrics = MetricsFile.withMemory(HealthMetrics(activity: activity, status: status, reloads: reloads))
        do {
            try file.write(metrics)
            if failing { warn("metrics are written to \(file.path) again") }
            failing = false
        } catch {
            if !failing { warn("metrics cannot be written to \(file.path) (\(error)); reading goes on without them") }
            failing = true
        }
    }

    /// The loop writes through this writer; the last write is the caller's, at exit.
    func attach(to loop: ReaderLoop) {
        loop.onMetrics = { [weak self] in self?.write($0, $1) }
    }

    func writeFinal(_ loop: ReaderLoop) { write(loop.activity, loop.scene.status) }
}
