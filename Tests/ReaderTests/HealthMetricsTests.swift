import Foundation
import XCTest
@testable import Reader

/// The reader's health for Prometheus: the counters, the text format, the
/// writer's pacing and the file it replaces.
final class HealthMetricsTests: XCTestCase {
    func testTheTextFormatHasHelpAndTypeBeforeEachSample() {
        var activity = ReaderActivity()
        activity.touched(fingers: 1)
        activity.touched(fingers: 0)
        activity.rested(on: SceneStatus(bookPath: "/b.txt", page: 1))
        activity.rested(on: SceneStatus(bookPath: "/b.txt", page: 2))
        activity.presented(began: 0, ended: 40, moving: true)
        let metrics = HealthMetrics(activity: activity, status: SceneStatus(bookPath: "/b.txt", page: 2, libraryBooks: 7),
                                    peakResidentBytes: 52_428_800, residentBytes: 41_943_040, reloads: 2)
        XCTAssertEqual(metrics.text, """
        # HELP ebook_fb_pages_turned_total Pages turned (a page at rest other than the one before).
        # TYPE ebook_fb_pages_turned_total counter
        ebook_fb_pages_turned_total 1
        # HELP ebook_fb_touches_total Touches (fingers put on the glass when none was).
        # TYPE ebook_fb_touches_total counter
        ebook_fb_touches_total 1
        # HELP ebook_fb_frames_total Frames presented.
        # TYPE ebook_fb_frames_total counter
        ebook_fb_frames_total 1
        # HELP ebook_fb_frames_over_budget_total Frames of a movement that missed their vblank (a stutter).
        # TYPE ebook_fb_frames_over_budget_total counter
        ebook_fb_frames_over_budget_total 1
        # HELP ebook_fb_books Books the library lists.
        # TYPE ebook_fb_books gauge
        ebook_fb_books 7
        # HELP ebook_fb_page The page of the book on screen, from 1.
        # TYPE ebook_fb_page gauge
        ebook_fb_page 2
        # HELP ebook_fb_peak_rss_bytes Peak resident memory of the reader.
        # TYPE ebook_fb_peak_rss_bytes gauge
        ebook_fb_peak_rss_bytes 52428800
        # HELP ebook_fb_rss_bytes Resident memory of the reader.
        # TYPE ebook_fb_rss_bytes gauge
        ebook_fb_rss_bytes 41943040
        # HELP ebook_fb_reloads_total Settings reloads (SIGHUP) that restarted the reading in this process.
        # TYPE ebook_fb_reloads_total counter
        ebook_fb_reloads_total 2

        """)
    }

    /// What is not known is left out, not written as zero.
    func testUnknownFiguresAreLeftOut() {
        let names = HealthMetrics(activity: ReaderActivity(), status: SceneStatus()).samples.map(\.name)
        XCTAssertEqual(names, ["ebook_fb_pages_turned_total", "ebook_fb_touches_total", "ebook_fb_frames_total",
                               "ebook_fb_frames_over_budget_total"])
        for line in HealthMetrics(activity: ReaderActivity(), status: SceneStatus()).text.split(separator: "\n") {
            XCTAssertTrue(line.hasPrefix("# HELP ebook_fb_") || line.hasPrefix("# TYPE ebook_fb_") || line.hasPrefix("ebook_fb_"), String(line))
        }
    }

    func testATouchCountsOncePerFingersDownOnAnEmptyGlass() {
        var activity = ReaderActivity()
        for fingers in [1, 1, 2, 1, 0, 0, 2, 0, 1] { activity.touched(fingers: fingers) }
        XCTAssertEqual(activity.touches, 3, "a tap, a pinch and a tap")
    }

    func testATurnIsAnotherPageAtRestInTheSameBook() {
        var activity = ReaderActivity()
        activity.rested(on: SceneStatus(bookPath: "/a.txt", page: 5))
        activity.rested(on: SceneStatus(bookPath: "/a.txt", page: 5))
        activity.rested(on: SceneStatus(bookPath: "/a.txt", page: 6))
        activity.rested(on: SceneStatus(libraryBooks: 3))
        activity.rested(on: SceneStatus(bookPath: "/b.txt", page: 40, libraryBooks: 3))
        activity.rested(on: SceneStatus(bookPath: "/b.txt", page: 38, libraryBooks: 3))
        XCTAssertEqual(activity.pagesTurned, 2, "5 to 6, then 40 back to 38; opening a book is no turn")
    }

    func testOnlyAMovingFrameThatTookLongerThanAFrameIsOverBudget() {
        var activity = ReaderActivity()
        activity.presented(began: 0, ended: 10, moving: true)
        activity.presented(began: 0, ended: ReaderActivity.frameBudget, moving: true)
        activity.presented(began: 200, ended: 230, moving: true)
        activity.presented(began: 300, ended: 900, moving: false)
        XCTAssertEqual(activity.frames, 4)
        XCTAssertEqual(activity.framesOverBudget, 1, "a font change at rest may take its time")
    }

    func testTheWriterIsPacedToAMinuteAndNeverWhileMoving() {
        var pacer = MetricsPacer()
        XCTAssertFalse(pacer.isDue(now: 0, isMoving: true))
        XCTAssertTrue(pacer.isDue(now: 0, isMoving: false), "the first write at once")
        pacer.wrote(at: 0)
        XCTAssertFalse(pacer.isDue(now: 59_999, isMoving: false))
        XCTAssertTrue(pacer.isDue(now: 60_000, isMoving: false))
        XCTAssertFalse(pacer.isDue(now: 60_000, isMoving: true))
        pacer.wrote(at: 75_000)
        XCTAssertFalse(pacer.isDue(now: 120_000, isMoving: false))
        XCTAssertTrue(pacer.isDue(now: 135_000, isMoving: false))
    }

    func testTheStatusLineSaysWhatIsOnScreen() {
        XCTAssertEqual(SceneStatus(bookPath: "/books/emma.txt", title: "Emma", page: 12).line, "Reading Emma, page 12")
        XCTAssertEqual(SceneStatus(bookPath: "/books/emma.txt", page: 3).line, "Reading emma.txt, page 3")
        XCTAssertEqual(SceneStatus(libraryBooks: 7).line, "Library, 7 books")
        XCTAssertEqual(SceneStatus(libraryBooks: 1).line, "Library, 1 book")
        XCTAssertNil(SceneStatus().line)
    }

    /// The file is replaced whole, readable by the collector's user
    /// whatever the reader's umask, with no temporary file left.
    func testTheFileIsReplacedWholeAndReadableByAll() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-metrics-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = MetricsFile(directory: folder)
        let old = umask(0o077)
        defer { umask(old) }
        var activity = ReaderActivity()
        activity.touched(fingers: 1)
        try file.write(HealthMetrics(activity: ReaderActivity(), status: SceneStatus()))
        let metrics = HealthMetrics(activity: activity, status: SceneStatus())
        try file.write(metrics)
        XCTAssertEqual(try String(contentsOfFile: file.path, encoding: .utf8), metrics.text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["ebook-fb.prom"])
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o644)
        XCTAssertGreaterThan(MetricsFile.withMemory(metrics).peakResidentBytes ?? 0, 1 << 20)
    }

    func testAFolderThatIsNotThereFailsAndLeavesNothing() {
        let file = MetricsFile(directory: "/nonexistent/metrics")
        XCTAssertThrowsError(try file.write(HealthMetrics(activity: ReaderActivity(), status: SceneStatus())))
    }
}
