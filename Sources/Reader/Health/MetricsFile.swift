import LinuxSystem

/// Where the reader's metrics go: `ebook-fb.prom` in a folder that
/// node_exporter's textfile collector reads. The file is replaced whole
/// (a temporary file in the same folder renamed over it, which the
/// collector ignores as it does not end in `.prom`), so a scrape never
/// reads half of it; it is not synced, as a power cut loses only counts
/// the next write brings back. Readable by all, whatever the service's
/// umask, as the collector runs as another user.
public struct MetricsFile: Sendable {
    public static let fileName = "ebook-fb.prom"
    public let directory: String
    public var path: String { directory + "/" + Self.fileName }

    public init(directory: String) { self.directory = directory }

    public func write(_ metrics: HealthMetrics) throws(SystemError) {
        try AtomicFile.replace(path: path, contents: Array(metrics.text.utf8), permissions: 0o644, durability: .cached,
                               ignoringUmask: true)
    }

    /// The memory figures of this process, added to `metrics`.
    public static func withMemory(_ metrics: HealthMetrics) -> HealthMetrics {
        var measured = metrics
        measured.peakResidentBytes = ProcessResources.peakResidentBytes()
        measured.residentBytes = ProcessResources.residentBytes()
        return measured
    }
}
