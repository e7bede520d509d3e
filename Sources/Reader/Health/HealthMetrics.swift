/// The reader's health in Prometheus's text exposition format, for
/// node_exporter's textfile collector: each metric with its HELP and TYPE
/// lines, all named `ebook_fb_*`. Counters count from the process's start.
public struct HealthMetrics: Equatable, Sendable {
    public var activity: ReaderActivity
    public var status: SceneStatus
    /// The process's peak resident memory (VmHWM), when known.
    public var peakResidentBytes: Int?
    public var residentBytes: Int?
    /// How often the kiosk read its settings again and restarted the reading (SIGHUP), when run as the kiosk.
    public var reloads: Int?

    public init(activity: ReaderActivity, status: SceneStatus, peakResidentBytes: Int? = nil, residentBytes: Int? = nil,
                reloads: Int? = nil) {
        self.activity = activity
        self.status = status
        self.peakResidentBytes = peakResidentBytes
        self.residentBytes = residentBytes
        self.reloads = reloads
    }

    public enum Kind: String, Sendable { case counter, gauge }

    public struct Sample: Equatable, Sendable {
        public var name: String
        public var kind: Kind
        public var help: String
        public var value: Int
    }

    /// The samples known, in the order they are written.
    public var samples: [Sample] {
        var samples = [
            Sample(name: "ebook_fb_pages_turned_total", kind: .counter, help: "Pages turned (a page at rest other than the one before).",
                   value: activity.pagesTurned),
            Sample(name: "ebook_fb_touches_total", kind: .counter, help: "Touches (fingers put on the glass when none was).",
                   value: activity.touches),
            Sample(name: "ebook_fb_frames_total", kind: .counter, help: "Frames presented.", value: activity.frames),
            Sample(name: "ebook_fb_frames_over_budget_total", kind: .counter,
                   help: "Frames of a movement that missed their vblank (a stutter).", value: activity.framesOverBudget),
        ]
        if let books = status.libraryBooks {
            samples.append(Sample(name: "ebook_fb_books", kind: .gauge, help: "Books the library lists.", value: books))
        }
        if let page = status.page {
            samples.append(Sample(name: "ebook_fb_page", kind: .gauge, help: "The page of the book on screen, from 1.", value: page))
        }
        if let peakResidentBytes {
            samples.append(Sample(name: "ebook_fb_peak_rss_bytes", kind: .gauge, help: "Peak resident memory of the reader.",
                                  value: peakResidentBytes))
        }
        if let residentBytes {
            samples.append(Sample(name: "ebook_fb_rss_bytes", kind: .gauge, help: "Resident memory of the reader.", value: residentBytes))
        }
        if let reloads {
            samples.append(Sample(name: "ebook_fb_reloads_total", kind: .counter,
                                  help: "Settings reloads (SIGHUP) that restarted the reading in this process.", value: reloads))
        }
        return samples
    }

    /// The exposition: `# HELP`, `# TYPE` and the value of each sample, ending in a newline.
    public var text: String {
        samples.map { "# HELP \($0.name) \($0.help)\n# TYPE \($0.name) \($0.kind.rawValue)\n\($0.name) \($0.value)\n" }.joined()
    }
}
