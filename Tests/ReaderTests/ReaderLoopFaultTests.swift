import BookModel
import Devices
import Foundation
import Geometry
import Gestures
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The reader loop around the faults of a kiosk: a power cut right after a
/// page is announced, a console switch, a long book's first start.
final class ReaderLoopFaultTests: XCTestCase {
    private final class RecordingService: ServiceManager {
        var readyStatuses: [String] = []
        var presentsBeforeReady: Int?
        weak var loop: ReaderLoop?
        func ready(status: String) throws {
            readyStatuses.append(status)
            presentsBeforeReady = loop?.presentedFrames
        }
        func nextPing(now: Double) -> Double? { nil }
        func ping(at time: Double) throws {}
    }

    /// A display in memory whose console is switched away and back once the first frame is out.
    private final class SwitchedDisplay: Display {
        let width = 400, height = 300
        var events: [DisplayEvent] = []
        var givenUp = 0, takenBack = 0
        var canPresent: Bool { givenUp == takenBack }
        var pollDescriptors: [Int32] { [] }
        var nextEventTime: Double? { events.isEmpty ? nil : 0 }
        func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) -> Bool { true }
        func handleEvents(at time: Double) -> [DisplayEvent] {
            defer { events = [] }
            return events
        }
        func giveUp() { givenUp += 1 }
        func takeBack() { takenBack += 1 }
        var physicalSize: Size? { nil }
        func setPowered(_ on: Bool) {}
    }

    private func session(store: StateStore?) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: ReaderSessionTests.font, theme: .light)
        return try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt", settings: settings,
                                 start: .offset(0), stateStore: store)
    }

    private func flick(at start: Double) -> [TouchFrame] {
        (0...10).map { TouchFrame(time: start + Double($0) * 8, touches: [Touch(id: 1, x: 350 - Double($0) * 30, y: 150)]) }
            + [TouchFrame(time: start + 88, touches: [])]
    }

    /// The page is announced when it is on the glass and saved only after:
    /// a power cut between the two leaves the page before, never one that
    /// was not shown.
    func testThePositionIsSavedAfterThePageIsAnnouncedNotBefore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-order-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = StateStore(directory: folder)
        let reader = try session(store: store)
        defer { reader.stop() }
        let hash = StateStore.contentHash(of: reader.book.text.utf8)
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300),
                              input: RecordedInput(frames: flick(at: 1000)), clock: VirtualClock(start: 0))
        var savedWhenSaid: [String: Int?] = [:]
        loop.onSettled = { text in
            if case let .found(state) = store.load(book: hash) { savedWhenSaid[text] = state.offset } else { savedWhenSaid[text] = .some(nil) }
        }
        try loop.run()
        XCTAssertEqual(Set(savedWhenSaid.keys), ["presented page 1", "presented page 2"])
        XCTAssertEqual(savedWhenSaid["presented page 2"], .some(nil), "not yet saved when announced")
        guard case let .found(state) = store.load(book: hash) else { return XCTFail("page 2 was not saved after it was shown") }
        XCTAssertEqual(state.offset, reader.currentOffset)
        XCTAssertGreaterThan(state.offset, 0)
    }

    /// Off the glass, then back: the page is announced again once it is
    /// shown again, and the switches are told in the log.
    func testAPageIsAnnouncedAgainWhenTheConsoleComesBack() throws {
        let reader = try session(store: nil)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let display = SwitchedDisplay()
        let input = RecordedInput(frames: [], commands: [(time: 500, command: .toggleZoom), (time: 900, command: .toggleZoom)])
        let loop = ReaderLoop(scene: reader, display: display, input: input, clock: VirtualClock(start: 0))
        var said: [String] = []
        var notices: [String] = []
        loop.onSettled = { text in
            said.append(text)
            if said.count == 1 { display.events = [.releaseRequested, .acquireRequested] }
        }
        loop.onNotice = { notices.append($0) }
        try loop.run()
        XCTAssertEqual([display.givenUp, display.takenBack], [1, 1])
        XCTAssertEqual(Array(said.prefix(2)), ["presented page 1", "presented page 1"])
        XCTAssertEqual(notices, ["first page on screen", "console switched away: the screen is given up",
                                 "console back: the screen is taken again"])
    }

    /// systemd hears READY once the first frame is out, not once a long
    /// book's pages are all counted.
    func testTheServiceIsReadyWithTheFirstFrameEvenWhilePagesAreCounted() throws {
        let reader = try session(store: nil)
        defer { reader.stop() }
        let service = RecordingService()
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300),
                              input: RecordedInput(frames: flick(at: 1000)), clock: VirtualClock(start: 0), service: service)
        service.loop = loop
        try loop.run()
        XCTAssertEqual(service.readyStatuses.count, 1)
        XCTAssertEqual(service.presentsBeforeReady, 1)
    }

    /// Ctrl+Alt+Fn: a display without a console refuses, and the log says so.
    func testASwitchAskedOfADisplayWithoutAConsoleIsRefusedAndSaid() throws {
        let reader = try session(store: nil)
        defer { reader.stop() }
        final class KeyInput: InputSource {
            var items: [InputItem] = [.switchConsole(2, time: 10)]
            var pollDescriptors: [Int32] { [] }
            var nextInputTime: Double? { nil }
            var isExhausted: Bool { items.isEmpty }
            func read(upTo time: Double) -> [InputItem] {
                defer { items = [] }
                return items
            }
            func drainWarnings() -> [String] { [] }
        }
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 400, height: 300), input: KeyInput(),
                              clock: VirtualClock(start: 0))
        var notices: [String] = []
        loop.onNotice = { notices.append($0) }
        try loop.run()
        XCTAssertTrue(notices.contains("console 2: switching refused (the console is locked or there is none)"), "\(notices)")
    }
}
