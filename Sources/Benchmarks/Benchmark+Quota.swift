import BookModel
import Reader

/// `bench --cpu-quota PERCENT`: the reader's own figures with its processes
/// held to that share of one core (`CPUQuota`): the first page, frames,
/// memory, the interface and an e-ink turn, each measured in a child
/// process under the quota. The figures the benchmark measures in its own
/// process, and those against peers run beside them at full speed
/// (pagination, drawing, the library, EPUB, PDF), are left out: they
/// would not be the quota's.
extension Benchmark {
    /// Page turns for the memory figure under a quota (its growth is scaled to 10,000 turns).
    static let quotaTurns = 1000
    /// Font size changes the flick while paginating goes through under a quota (pagination takes longer there).
    static let quotaPaginatingRounds = 2

    func runUnderQuota(_ quota: CPUQuota, budgets: (path: String, budgets: [Budget])?, geometry: PageGeometry) throws {
        var result = JSONLine()
        result.add("cpu_quota_percent", quota.percent)
        result.add("cpu_quota_method", "governor")
        let snapshots = try ScratchFolder(prefix: "ebook-fb-bench")
        defer { snapshots.remove() }
        // The first start makes the snapshots the others read, as the reader's first start does.
        _ = try child(["bench-first-page", "--offset", "0", "--pattern-snapshots", snapshots.path])
        let firstPage = try BenchClock.median(of: Self.startRuns) {
            try child(["bench-first-page", "--offset", "0", "--pattern-snapshots", snapshots.path])["first_page_ms"] ?? .nan
        }
        result.add("first_page_ms", firstPage)
        var sessionArguments = ["bench-session", "--pattern-snapshots", snapshots.path, "--turns", String(Self.quotaTurns),
                                 "--paginating-rounds", String(Self.quotaPaginatingRounds)]
        if idle { sessionArguments.append("--idle") }
        let session = try child(sessionArguments)
        for key in ["flick_frame_p99_ms", "flick_frame_median_ms", "flick_stalls", "spread_flick_frame_p99_ms",
                    "spread_flick_frame_median_ms", "flick_frame_p99_paginating_ms",
                    "flick_frames_paginating", "font_change_ms", "peak_rss_mb", "rss_growth_10000_turns_mb",
                    "idle_cpu_ms", "idle_wakeups_10s", "menu_open_ms", "contents_open_ms", "eink_turn_ms"] {
            if let value = session[key] { result.add(key, value) }
        }
        result.add("font_px", geometry.fontSize)
        result.add("size", "\(geometry.width)x\(geometry.height)")
        try report(result, budgets: budgets, geometry: geometry)
    }
}
