import ArgumentParser
import FoundationEssentials
import Glibc
import Raster
import Reader
import ReaderTools
import Typesetting

/// `ebook-fb soak BOOK --turns N`: the reader's loop, headless, through many
/// page turns, zooms and font changes; reports memory, descriptors and stalls.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Turn pages headless for a long time and report memory, file descriptors and stalls.")

    @OptionGroup var options: BookOptions

    @Option(help: "How many page turns.")
    var turns: Int = 10_000

    @Option(name: .customLong("zoom-every"), help: "Zoom in and out after every this many turns.")
    var zoomEvery: Int = 50

    @Option(name: .customLong("font-change-every"), help: "Change the font size after every this many turns.")
    var fontChangeEvery: Int = 1000

    @Flag(help: "Print one JSON object (the only format).")
    var json = false

    func run() throws {
        guard turns >= 0 else { throw CommandError("turns \(turns): must not be negative") }
        guard zoomEvery > 0, fontChangeEvery > 0 else { throw CommandError("--zoom-every and --font-change-every must be positive") }
        let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-soak-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        let settings = ReaderSession.Settings(geometry: try options.geometry(), font: try FontSet.resolve(path: options.font),
                                              theme: .light, language: options.lang, lineBreaking: options.lineBreaking)
        let session = try ReaderSession(book: try options.openBook(), path: options.book, settings: settings,
                                        start: .offset(0), stateStore: StateStore(directory: stateDirectory))
        defer { session.stop() }
        var schedule = SoakRun.Schedule()
        schedule.zoomEvery = zoomEvery
        schedule.fontChangeEvery = fontChangeEvery
        let report = try SoakRun(session: session, schedule: schedule).run(turns: turns)
        for warning in session.drainWarnings() {
            StandardStreams.log("warning: " + warning)
        }
        var object = JSONLine()
        object.add("turns", report.turns)
        object.add("rss_start_mb", Double(report.residentStart) / 1_048_576)
        object.add("rss_end_mb", Double(report.residentEnd) / 1_048_576)
        object.add("fds_start", report.descriptorsStart)
        object.add("fds_end", report.descriptorsEnd)
        object.add("stalls", report.stalls)
        object.add("zooms", report.zooms)
        object.add("font_changes", report.fontChanges)
        object.add("farthest_page", report.farthestPage + 1)
        object.add("frames", report.frames)
        object.add("warm_up_turns", report.warmUpTurns)
        print(object.text)
    }
}
