import ArgumentParser
import FoundationEssentials
import Glibc
import Raster
import Reader
import Threading
import Typesetting

/// The child process of `bench`: opens the book as the reader does and
/// prints how long after the parent's timestamp the first page was composed.
struct BenchFirstPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-first-page", abstract: "Time to the first composed page (used by bench).",
        shouldDisplay: false)

    @OptionGroup var options: BookOptions

    @Option(help: "Character offset to open at.")
    var offset: Int = 0

    @Option(help: "The parent's monotonic clock reading (ms) just before it started this process.")
    var since: Double

    func run() throws {
        let launched = monotonicMilliseconds()
        let geometry = try options.geometry()
        let startup = StartupWork()
        let fontLookup = FontPreload(path: options.font, on: startup)
        let preload = HyphenationPreload(bookPath: options.book, language: options.lang, on: startup)
        startup.start(name: "start-up loads")
        let book = try Book.open(path: options.book)
        let opened = monotonicMilliseconds()
        let settings = ReaderSession.Settings(geometry: geometry, font: try fontLookup.file(),
                                              theme: .light, language: options.lang)
        let session = try ReaderSession(book: book, path: options.book, settings: settings,
                                        start: .offset(offset), stateStore: nil, hyphenationPreload: preload)
        let started = monotonicMilliseconds()
        session.compose()
        let composed = monotonicMilliseconds()
        let elapsed = composed - since
        var result = JSONLine()
        result.add("first_page_ms", elapsed)
        result.add("launch_ms", launched - since)
        result.add("open_ms", opened - launched)
        result.add("session_ms", started - opened)
        result.add("compose_ms", composed - started)
        result.add("page", session.pageIndexInBook + 1)
        result.add("page_exact", session.pageNumbersAreExact)
        result.add("offset", session.currentOffset)
        StandardStreams.printLine(result.text)
        session.stop()
        Glibc.exit(0) // no need to wait for background pagination
    }
}
