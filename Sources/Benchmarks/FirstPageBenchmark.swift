import FoundationEssentials
import Glibc
import LinuxSystem
import Raster
import Reader
import Typesetting

/// The child process of `bench`: opens the book as the reader does and
/// prints how long after the parent's timestamp the first page was composed.
public struct FirstPageBenchmark {
    let options: any BenchmarkedBook
    /// Character offset to open at.
    let offset: Int
    /// A folder of reading positions to open at the place saved there instead of `offset`.
    let stateDir: String?
    /// The parent's monotonic clock reading (ms) just before it started this process.
    let since: Double
    /// Folder of hyphenation pattern snapshots, with books' in its books folder (nil: the reader's cache).
    let patternSnapshots: String?

    public init(options: any BenchmarkedBook, offset: Int, stateDir: String?, since: Double, patternSnapshots: String?) {
        self.options = options
        self.offset = offset
        self.stateDir = stateDir
        self.since = since
        self.patternSnapshots = patternSnapshots
    }

    public func run() throws {
        let launched = monotonicMilliseconds()
        let geometry = try options.geometry()
        // As the reader opens: the font, the patterns and the first buffers come with the book.
        let store = stateDir.map { StateStore(directory: $0) }
        let place: ReaderSession.Start = store == nil ? .offset(offset) : .savedPlace
        let start = try options.openForReading(geometry: geometry, background: Theme.light.background,
                                               snapshotFolder: patternSnapshots, stateStore: store, start: place)
        let opened = monotonicMilliseconds()
        var settings = ReaderSession.Settings(geometry: geometry, font: start.font, theme: .light, language: options.lang,
                                              lineBreaking: options.lineBreaking)
        settings.writingMode = options.writingMode
        let session = try ReaderSession(opening: start.book, path: options.book, settings: settings,
                                        start: place, stateStore: store,
                                        hyphenationPreload: start.hyphenation,
                                        preparedBuffers: start.buffers)
        let started = monotonicMilliseconds()
        session.compose()
        let composed = monotonicMilliseconds()
        let processor = BenchClock.cpuMilliseconds()
        let elapsed = composed - since
        var result = JSONLine()
        result.add("first_page_ms", elapsed)
        result.add("launch_ms", launched - since)
        result.add("open_ms", opened - launched)
        result.add("session_ms", started - opened)
        result.add("compose_ms", composed - started)
        // CPU time of all the process's threads until then: what the first
        // page costs when the process has the processor to itself.
        result.add("cpu_ms", processor)
        result.add("page", session.pageIndexInBook + 1)
        result.add("page_exact", session.pageNumbersAreExact)
        result.add("offset", session.currentOffset)
        StandardStreams.printLine(result.text)
        session.stop()
        Glibc.exit(0) // no need to wait for background pagination
    }
}
