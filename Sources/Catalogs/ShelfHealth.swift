import LinuxSystem

/// The shelf sync's health for node_exporter's textfile collector, in
/// `ebook-fb-shelf.prom` beside the reader's own file: when a pass was last
/// tried and last succeeded, and what failed since the sync started.
public struct ShelfHealth: Equatable, Sendable {
    public static let fileName = "ebook-fb-shelf.prom"

    /// Seconds since the epoch of the last pass tried, and of the last that read its feed.
    public var lastAttemptSeconds: Int?
    public var lastSuccessSeconds: Int?
    public var lastPassSucceeded = false
    public var passesFailed = 0
    public var downloadsFailed = 0
    public var booksAdded = 0
    public var booksRemoved = 0

    public init() {}

    /// A pass at `seconds`: its summary, or nil when its feed could not be read.
    public mutating func record(_ summary: ShelfSummary?, at seconds: Int) {
        lastAttemptSeconds = seconds
        guard let summary else {
            lastPassSucceeded = false
            passesFailed += 1
            return
        }
        lastPassSucceeded = summary.failed == 0
        lastSuccessSeconds = seconds
        downloadsFailed += summary.failed
        booksAdded += summary.added
        booksRemoved += summary.removed
    }

    /// Prometheus's text exposition of these figures.
    public var text: String {
        var lines: [(String, String, String, Int)] = []
        if let lastAttemptSeconds {
            lines.append(("ebook_fb_shelf_last_attempt_timestamp_seconds", "gauge", "When the shelf sync last tried a pass.", lastAttemptSeconds))
        }
        if let lastSuccessSeconds {
            lines.append(("ebook_fb_shelf_last_success_timestamp_seconds", "gauge", "When a pass last read the shelf's feed.", lastSuccessSeconds))
        }
        lines += [
            ("ebook_fb_shelf_last_pass_ok", "gauge", "1 when the last pass read its feed and fetched every book, else 0.", lastPassSucceeded ? 1 : 0),
            ("ebook_fb_shelf_passes_failed_total", "counter", "Passes whose feed could not be read (offline, server error, garbage).", passesFailed),
            ("ebook_fb_shelf_downloads_failed_total", "counter", "Books a pass could not fetch or that did not open.", downloadsFailed),
            ("ebook_fb_shelf_books_added_total", "counter", "Books the sync put in the folder.", booksAdded),
            ("ebook_fb_shelf_books_removed_total", "counter", "Books the sync took out of the folder.", booksRemoved),
        ]
        return lines.map { "# HELP \($0.0) \($0.2)\n# TYPE \($0.0) \($0.1)\n\($0.0) \($0.3)\n" }.joined()
    }

    /// Replaces the file in `directory` whole, readable by the collector's user.
    public func write(to directory: String) throws(SystemError) {
        try AtomicFile.replace(path: directory + "/" + Self.fileName, contents: Array(text.utf8), permissions: 0o644,
                               durability: .cached, ignoringUmask: true)
    }
}

/// When the sync tries again after passes whose feed could not be read:
/// after 1, 2, 4... minutes, never later than its regular interval, so an
/// outage costs one journal line per try and a server coming back is seen soon.
public enum ShelfRetry {
    public static func waitMinutes(afterFailures failures: Int, interval: Int) -> Int {
        guard failures > 0 else { return interval }
        let backoff = 1 << min(failures - 1, 20)
        return max(1, min(backoff, interval))
    }
}
