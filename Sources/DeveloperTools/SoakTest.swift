import BookModel
import FoundationEssentials
import Glibc
import LinuxSystem
import Reader
import ReaderTools
import Typesetting

/// `ebook-fb soak BOOK --turns N`: the reader's loop, headless, through many
/// page turns, zooms and font changes; reports memory, descriptors and
/// stalls as one JSON object.
public struct SoakTest {
    let schedule: SoakRun.Schedule
    let turns: Int

    /// Refuses a negative number of turns and intervals that are not positive.
    public init(turns: Int, zoomEvery: Int, fontChangeEvery: Int) throws {
        guard turns >= 0 else { throw ToolError("turns \(turns): must not be negative") }
        guard zoomEvery > 0, fontChangeEvery > 0 else { throw ToolError("--zoom-every and --font-change-every must be positive") }
        var schedule = SoakRun.Schedule()
        schedule.zoomEvery = zoomEvery
        schedule.fontChangeEvery = fontChangeEvery
        self.schedule = schedule
        self.turns = turns
    }

    /// Runs the soak on `book` (read from `path`) and returns its report.
    public func run(book: Book, path: String, settings: ReaderSession.Settings) throws -> String {
        let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-soak-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: stateDirectory) }
        let session = try ReaderSession(book: book, path: path, settings: settings,
                                        start: .offset(0), stateStore: StateStore(directory: stateDirectory))
        defer { session.stop() }
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
        return object.text
    }
}
