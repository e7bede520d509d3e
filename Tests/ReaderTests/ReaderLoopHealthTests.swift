import BookModel
import Devices
import Foundation
import Geometry
import Gestures
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The loop's part in the reader's health: what it counts, when it hands
/// the metrics over, what it tells systemd, and a reload (SIGHUP).
final class ReaderLoopHealthTests: XCTestCase {
    private final class RecordingService: ServiceManager {
        var ready: [String] = [], statuses: [String] = [], reloads = 0
        func ready(status: String) throws { ready.append(status) }
        func status(_ text: String) throws { statuses.append(text) }
        func reloading() throws { reloads += 1 }
        func nextPing(now: Double) -> Double? { nil }
        func ping(at time: Double) throws {}
    }

    /// A display in memory that asks for a reload once told to.
    private final class ReloadingDisplay: Display {
        let width = 400, height = 300
        var events: [DisplayEvent] = []
        var canPresent: Bool { true }
        var pollDescriptors: [Int32] { [] }
        var nextEventTime: Double? { events.isEmpty ? nil : 0 }
        func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) -> Bool { true }
        func handleEvents(at time: Double) -> [DisplayEvent] {
            defer { events = [] }
            return events
        }
        func giveUp() {}
        func takeBack() {}
        var physicalSize: Size? { nil }
        func setPowered(_ on: Bool) {}
    }

    private func session() throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: ReaderSessionTests.font, theme: .light)
        return try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt", settings: settings,
                                 start: .offset(0), stateStore: nil)
    }

    private func flick(at start: Double) -> [TouchFrame] {
        (0...10).map { TouchFrame(time: start + Double($0) * 8, touches: [Touch(id: 1, x: 350 - Double($0) * 30, y: 150)]) }
            + [TouchFrame(time: start + 88, touches: [])]
    }

    /// Four flicks over two and a half minutes: four turns and four
    /// touches counted, the metrics handed over at most once a minute and
    /// never while the page moves.
    func testMetricsAreHandedOverAtMostOnceAMinuteAndNeverWhileMoving() throws {
        let reader = try session()
        defer { reader.stop() }
        let frames = [500.0, 70_000, 75_000, 140_000].flatMap(flick)
        let clock = VirtualClock(start: 0)
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300),
                              input: RecordedInput(frames: frames), clock: clock)
        var handed: [(time: Double, moving: Bool, turns: Int)] = []
        loop.onMetrics = { activity, status in
            handed.append((clock.now, reader.isMoving, activity.pagesTurned))
            XCTAssertEqual(status.bookPath, "long.txt")
        }
        try loop.run()
        XCTAssertEqual(loop.activity.pagesTurned, 4)
        XCTAssertEqual(loop.activity.touches, 4)
        XCTAssertEqual(loop.activity.framesOverBudget, 0, "virtual time: making a frame takes no time")
        XCTAssertEqual(reader.status.page, 5)
        XCTAssertGreaterThanOrEqual(handed.count, 3)
        XCTAssertFalse(handed.contains { $0.moving })
        for (earlier, later) in zip(handed, handed.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.time - earlier.time, MetricsPacer.interval)
        }
        XCTAssertEqual(handed.first?.turns, 0)
        XCTAssertEqual(handed.last?.turns, 4, "the last flick was in")
    }

    /// systemd hears what is on screen: READY with the page, then a STATUS
    /// line when it changes.
    func testTheServiceHearsThePageShown() throws {
        let reader = try session()
        defer { reader.stop() }
        let service = RecordingService()
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300),
                              input: RecordedInput(frames: flick(at: 1000) + flick(at: 3000)), clock: VirtualClock(start: 0),
                              service: service)
        try loop.run()
        XCTAssertEqual(service.ready, ["Reading long.txt, page 1"])
        XCTAssertEqual(service.statuses, ["Reading long.txt, page 2", "Reading long.txt, page 3"])
    }

    /// SIGHUP stops the loop for a reload, and systemd hears that it reloads.
    func testAReloadStopsTheLoopAndTellsTheService() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let display = ReloadingDisplay()
        let service = RecordingService()
        let loop = ReaderLoop(scene: reader, display: display, input: RecordedInput(frames: [], commands: [(time: 100, command: .nextPage)]),
                              clock: VirtualClock(start: 0), service: service)
        loop.onSettled = { text in
            if text == "presented page 2" { display.events = [.reloadRequested] }
        }
        XCTAssertEqual(try loop.run(), "reload requested (SIGHUP)")
        XCTAssertTrue(loop.stoppedForReload)
        XCTAssertEqual(service.reloads, 1)
        XCTAssertEqual(reader.status.page, 2, "stopped on the page shown, which the reader saves as on any exit")
    }
}
