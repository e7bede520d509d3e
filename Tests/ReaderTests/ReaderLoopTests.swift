import BookModel
import Devices
import Foundation
import Geometry
import Gestures
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The reader loop with explicit time: what it waits for, when it presents,
/// and what a display in memory ends up showing.
final class ReaderLoopTests: XCTestCase {
    /// A clock as a screen's: real (not virtual) waits, recorded. A wait
    /// with no deadline would sleep until input or a signal: the test sends
    /// the signal (a quit), as nothing else will come.
    private final class RecordingClock: LoopClock {
        var now: Double
        let isVirtual = false
        var deadlines: [Double?] = []
        let display: ScriptedDisplay
        init(start: Double, display: ScriptedDisplay) {
            now = start
            self.display = display
        }
        func wait(until deadline: Double?, on descriptors: [Int32]) -> Set<Int32> {
            deadlines.append(deadline)
            guard let deadline else {
                display.events.append(.quit(reason: "nothing due"))
                return Set(display.pollDescriptors)
            }
            now = max(now, deadline)
            return []
        }
    }

    /// A display that flips at 60 Hz and records every present, with
    /// whether it was allowed.
    private final class ScriptedDisplay: Display {
        let width = 400, height = 300
        var flipDue: Double?
        var events: [DisplayEvent] = []
        var presents: [(time: Double, allowed: Bool, rows: Int)] = []
        var canPresent: Bool { flipDue == nil }
        var pollDescriptors: [Int32] { [-1] }
        var nextEventTime: Double? { flipDue }
        func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) -> Bool {
            presents.append((time, canPresent, damage.count))
            flipDue = LivePacing.nextFrameTime(after: time)
            return true
        }
        func handleEvents(at time: Double) -> [DisplayEvent] {
            var due = events
            events = []
            if let flip = flipDue, flip <= time {
                flipDue = nil
                due.append(.flipCompleted(vblank: flip))
            }
            return due
        }
        func giveUp() {}
        func takeBack() {}
        var physicalSize: Size? { nil }
        func setPowered(_ on: Bool) {}
    }

    private func session(start: ReaderSession.Start = .offset(0)) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: ReaderSessionTests.font, theme: .light)
        return try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt", settings: settings,
                                 start: start, stateStore: nil)
    }

    private func tap(x: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: 150)]), TouchFrame(time: time + 40, touches: [])]
    }

    /// At rest nothing is due: the loop waits with no deadline. While the
    /// page turns, every wait has one, and frames go out only when the
    /// display allows, one per vblank.
    func testTheTimerIsArmedOnlyWhileSomethingIsDue() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let display = ScriptedDisplay()
        let clock = RecordingClock(start: 1000, display: display)
        let loop = ReaderLoop(scene: reader, display: display, input: RecordedInput(frames: tap(x: 380, at: 1000)),
                              clock: clock)
        var said: [String] = []
        loop.onSettled = { said.append($0) }
        XCTAssertEqual(try loop.run(), "nothing due")
        XCTAssertEqual(reader.currentPage, 1, "the side tap turned the page")
        XCTAssertEqual(said, ["presented page 2"], "the page at rest is announced, once")
        XCTAssertEqual(clock.deadlines.last ?? 0, nil, "at rest the loop sleeps without a deadline")
        XCTAssertEqual(clock.deadlines.filter { $0 == nil }.count, 1, "only the final rest has no deadline")
        XCTAssertFalse(display.presents.isEmpty)
        XCTAssertTrue(display.presents.allSatisfy(\.allowed), "a frame was presented while a flip was pending")
        let times = display.presents.map(\.time)
        XCTAssertEqual(times, times.sorted())
        XCTAssertEqual(Set(times).count, times.count, "one frame per vblank")
        XCTAssertGreaterThan(display.presents.count, 10, "the turn animates frame by frame")
    }

    /// What the display in memory shows after any run, presented through
    /// the damage alone, is the frame the session composed.
    func testTheHeadlessScreenEqualsTheFrameThroughDamageAlone() throws {
        let reader = try session()
        defer { reader.stop() }
        // A turn, the overlay opened and closed, a double tap zoom and back.
        let frames = tap(x: 380, at: 0) + tap(x: 200, at: 1000) + tap(x: 200, at: 2000)
            + tap(x: 200, at: 3000) + tap(x: 200, at: 3150)
        let display = try HeadlessRun(session: reader).run(frames)
        XCTAssertEqual(display.screen, reader.frame)
        XCTAssertEqual(reader.currentPage, 1)
        XCTAssertEqual(reader.controller.zoomScale, 2, accuracy: 0.001)
    }

    /// Opening the menu writes its bars' rows, not the frame, in every frame of its slide.
    func testTheOverlayAppearingWritesOnlyItsRows() throws {
        let reader = try session()
        defer { reader.stop() }
        let display = HeadlessDisplay(width: 400, height: 300)
        var bytes: [Int] = []
        let loop = ReaderLoop(scene: reader, display: display, input: RecordedInput(frames: tap(x: 200, at: 1000)),
                              clock: VirtualClock(start: 0))
        loop.onPresent = { _, _ in bytes.append(display.lastPresentBytes) }
        try loop.run()
        XCTAssertEqual(reader.screenName, "menu")
        XCTAssertEqual(bytes.first, 400 * 300 * 4, "the first frame is written whole")
        let layout = MenuLayout(metrics: InterfaceMetrics(width: 400, height: 300), content: MenuContent(title: ""),
                                measure: { $0.count * 10 })
        let barRows = layout.topBar.height + layout.bottomBar.height
        XCTAssertLessThan(barRows, 150)
        XCTAssertGreaterThan(bytes.count, 4, "the bars slide in over several frames")
        for written in bytes.dropFirst() {
            XCTAssertEqual(written, barRows * 400 * 4, "the menu's frames write its bars alone")
        }
        XCTAssertEqual(display.screen, reader.frame)
    }

    /// A console switch: the screen is given up and taken back, and the
    /// whole frame is presented again.
    func testTakingTheScreenBackPresentsTheWholeFrame() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let display = ScriptedDisplay()
        let clock = RecordingClock(start: 0, display: display)
        display.events = [.releaseRequested, .acquireRequested]
        let loop = ReaderLoop(scene: reader, display: display, input: RecordedInput(frames: []), clock: clock)
        try loop.run()
        XCTAssertEqual(display.presents.prefix(2).map(\.rows), [300, 300], "every row goes out again after the screen is taken back")
        XCTAssertTrue(display.presents.dropFirst(2).allSatisfy { $0.rows == 0 }, "then at most the frame at rest again, unchanged")
    }

    /// Keys are commands; a quit key stops the loop.
    func testAQuitKeyStopsTheLoop() throws {
        let reader = try session()
        defer { reader.stop() }
        let input = RecordedInput(frames: [], commands: [(time: 100, command: .nextPage), (time: 2000, command: .quit)])
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300), input: input,
                              clock: VirtualClock(start: 0))
        XCTAssertEqual(try loop.run(), "quit key")
        XCTAssertEqual(reader.currentPage, 1)
    }
}

extension ReaderLoopTests {
    /// A double tap's zoom is announced once it rests, with the page point at the centre.
    func testAZoomAtRestIsAnnounced() throws {
        let reader = try session()
        defer { reader.stop() }
        let frames = [TouchFrame(time: 1000, touches: [Touch(id: 1, x: 200, y: 150)]), TouchFrame(time: 1040, touches: []),
                      TouchFrame(time: 1160, touches: [Touch(id: 2, x: 200, y: 150)]), TouchFrame(time: 1200, touches: [])]
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300), input: RecordedInput(frames: frames),
                              clock: VirtualClock(start: 0))
        var said: [String] = []
        loop.onSettled = { said.append($0) }
        try loop.run()
        XCTAssertEqual(said.last, "presented page 1 zoom 2 at 200 150")
    }

    /// A screen over the page at rest is named after the page; closed, the page alone is announced again.
    func testTheScreenOverThePageIsAnnounced() throws {
        let reader = try session()
        defer { reader.stop() }
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300),
                              input: RecordedInput(frames: tap(x: 200, at: 1000) + tap(x: 200, at: 3000)),
                              clock: VirtualClock(start: 0))
        var said: [String] = []
        loop.onSettled = { said.append($0) }
        try loop.run()
        XCTAssertEqual(said, ["presented page 1", "presented page 1 (menu)", "presented page 1"])
    }
}
