import BookModel
import FoundationEssentials
import LinuxSystem
import Reader
import Typesetting

/// The figures of `bench` for a book of pictures (a PDF, a comic): what
/// the reader does with fixed pages, side by side with the program that
/// draws such books best, in the same run.
extension Benchmark {
    /// The page a PDF is opened at, as a reader comes back to a long document.
    static let pdfFirstPage = 300
    /// Fresh processes timed each way, alternately.
    static let pdfFirstPageRuns = 5
    /// Where the first page's time goes, as the child process reports it.
    static let firstPagePhases = ["launch_ms", "open_ms", "session_ms", "compose_ms"]

    func runPictures(book: Book, geometry: PageGeometry, budgets: (path: String, budgets: [Budget])?) throws {
        var result = JSONLine()
        try measurePDFFirstPage(of: book, geometry: geometry, into: &result)
        try measureZoom(into: &result)
        result.add("size", "\(geometry.width)x\(geometry.height)")
        try report(result, budgets: budgets, geometry: geometry)
    }

    /// A PDF opened at page 300 (its last page in a shorter one), from the
    /// start of a fresh process to the page composed on the screen, beside
    /// `mutool draw` of that page at the same size (fitted to the screen,
    /// drawn and not written) in a fresh process of its own.
    private func measurePDFFirstPage(of book: Book, geometry: PageGeometry, into result: inout JSONLine) throws {
        guard let document = book.document, document.format == .pdf, !document.sections.isEmpty else { return }
        let index = min(Self.pdfFirstPage, document.sections.count) - 1
        let scratch = try ScratchFolder(prefix: "ebook-fb-bench-pdf")
        defer { scratch.remove() }
        let (state, snapshots) = (scratch.path + "/state", scratch.path + "/snapshots")
        try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
        let offset = document.sections[index].offsets.lowerBound
        try StateStore(directory: state).save(ReadingState(
            book: StateStore.key(of: book), offset: offset, path: options.book, characters: book.text.scalarCount,
            place: BookPlace(section: index, offset: 0)))
        let ours = ["bench-first-page", "--state-dir", state, "--pattern-snapshots", snapshots]
        // The first start makes the snapshots every later one reads.
        _ = try child(ours)
        result.add("pdf_first_page_number", index + 1)
        guard let mutool = Self.executable(named: "mutool") else {
            result.add("pdf_first_page_ms", try BenchClock.median(of: Self.pdfFirstPageRuns) {
                try child(ours)["first_page_ms"] ?? .nan
            })
            result.add("mupdf_skipped", "mutool not found (Debian's mupdf-tools)")
            return
        }
        let peer = ["draw", "-q", "-w", String(geometry.width), "-h", String(geometry.height), options.book, String(index + 1)]
        var ourTimes: [Double] = [], peerTimes: [Double] = [], ratios: [Double] = []
        var phases: [String: [Double]] = [:]
        for _ in 0..<Self.pdfFirstPageRuns {
            let figures = try child(ours)
            for phase in Self.firstPagePhases { phases[phase, default: []].append(figures[phase] ?? .nan) }
            let start = monotonicMilliseconds()
            let outcome = try ChildProcess.run(mutool, peer)
            let peerTime = monotonicMilliseconds() - start
            guard outcome.status == 0 else { throw BenchmarkError("bench: mutool draw failed (status \(outcome.status))") }
            let ourTime = figures["first_page_ms"] ?? .nan
            ourTimes.append(ourTime)
            peerTimes.append(peerTime)
            ratios.append(ourTime / max(peerTime, 0.001))
        }
        result.add("pdf_first_page_ms", BenchClock.median(ourTimes))
        for phase in Self.firstPagePhases { result.add("pdf_first_page_" + phase, BenchClock.median(phases[phase] ?? [])) }
        result.add("mutool_first_page_ms", BenchClock.median(peerTimes))
        // Each pair runs back to back and meets the same load: the median of their ratios.
        result.add("pdf_first_page_ratio_mutool", BenchClock.median(ratios))
    }
}
