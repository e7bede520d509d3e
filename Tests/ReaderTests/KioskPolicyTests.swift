import BookModel
import Devices
import Foundation
import Gestures
import PlainText
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The kiosk's policies through the reader loop, in virtual time: the
/// screen turned off and woken, the book back at its start after a spell
/// untouched, and a menu for reading only.
final class KioskPolicyTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
    private var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-kiosk-\(UUID())").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func session(page: Int = 0, start: ReaderSession.Start? = nil) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        return try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                 start: start ?? .page(page), stateStore: StateStore(directory: directory))
    }

    private func tap(_ x: Double, _ y: Double = 240, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]), TouchFrame(time: time + 60, touches: [])]
    }

    private func loop(_ reader: ReaderSession, frames: [TouchFrame], keys: [(time: Double, command: ReaderCommand)] = [],
                      until end: Double, timers: IdleTimers) -> (ReaderLoop, HeadlessDisplay) {
        let display = HeadlessDisplay(width: 800, height: 480)
        let loop = ReaderLoop(scene: reader, display: display,
                              input: RecordedInput(frames: frames, commands: keys, lastsUntil: end),
                              clock: VirtualClock(start: 0))
        loop.idle = timers
        loop.recordsWaits = true
        return (loop, display)
    }

    func testTheScreenGoesOffAndTheTouchThatWakesItIsNoTap() throws {
        let reader = try session()
        defer { reader.stop() }
        let (loop, display) = loop(reader, frames: tap(700, at: 70_000) + tap(700, at: 72_000), until: 200_000,
                                   timers: IdleTimers(blankAfter: 60_000, start: 0))
        try loop.run()
        XCTAssertEqual(display.powerChanges, [false, true, false], "off after a minute, on at the touch, off again")
        XCTAssertFalse(display.isPowered)
        XCTAssertEqual(reader.pageIndexInBook, 1, "the waking tap turned no page; the next one did")
        XCTAssertEqual(display.screen, reader.frame, "the page turned is on the panel")
        let idleWaits = loop.waits.compactMap { $0 }.filter { $0 > 2000 && $0 < 60_000 }
        XCTAssertEqual(idleWaits, [], "nothing wakes the loop while it waits for the minute to pass")
        XCTAssertTrue(loop.waits.contains(60_000), "the loop sleeps until the screen is due to go off")
        XCTAssertTrue(loop.waits.contains(132_060), "and again a minute after the last touch")
    }

    func testAKeyWakesTheScreenAndDoesNothingElse() throws {
        let reader = try session()
        defer { reader.stop() }
        let (loop, display) = loop(reader, frames: [], keys: [(90_000, .nextPage), (91_000, .nextPage)], until: 95_000,
                                   timers: IdleTimers(blankAfter: 60_000, start: 0))
        try loop.run()
        XCTAssertEqual(display.powerChanges, [false, true])
        XCTAssertEqual(reader.pageIndexInBook, 1, "the first key only woke the screen")
    }

    func testLeftUntouchedTheBookGoesBackToItsStartWithNothingOpen() throws {
        let reader = try session(page: 6)
        defer { reader.stop() }
        let (loop, display) = loop(reader, frames: tap(400, at: 1000), until: 200_000,
                                   timers: IdleTimers(resetAfter: 120_000, start: 0))
        try loop.run()
        XCTAssertEqual(reader.screenName, "reading", "the menu opened before is closed")
        XCTAssertTrue(reader.offsetRange.contains(reader.book.metadata.bodyStart), "the page holds the book's start")
        XCTAssertEqual(display.screen, reader.frame)
        XCTAssertTrue(loop.waits.contains(121_060), "the reset is due two minutes after the last touch")

        let again = try session(start: .savedPlace)
        defer { again.stop() }
        XCTAssertEqual(again.currentOffset, reader.currentOffset, "the start is kept as the reading position")
    }

    func testAMenuForReadingOffersOnlyPagingContentsSearchAndBookmarks() throws {
        let reader = try session(page: 2)
        defer { reader.stop() }
        reader.menuPolicy = .reading
        let size = reader.settings.geometry.fontSize
        let (loop, _) = loop(reader, frames: tap(400, at: 1000), until: 3000, timers: IdleTimers(start: 0))
        try loop.run()
        XCTAssertEqual(reader.screenName, "menu")
        XCTAssertEqual(reader.describedControls.map(\.id), ["menu.contents", "menu.search", "menu.bookmark", "menu.slider"])
        for command in [ReaderCommand.toggleText, .increaseFontSize, .decreaseFontSize] {
            try reader.handle(command, at: 4000)
        }
        XCTAssertEqual(reader.settings.geometry.fontSize, size, "the size keys do nothing")
        XCTAssertEqual(reader.screenName, "menu", "t opens no text panel")
        try reader.handle(.toggleContents, at: 4100)
        XCTAssertEqual(reader.screenName, "contents", "the contents are offered")
        try reader.handle(.closeScreen, at: 4200)
        try reader.handle(.toggleBookmark, at: 4300)
        XCTAssertEqual(reader.bookmarkPages, [3], "and the bookmarks")
        try reader.handle(.nextPage, at: 4400)
        reader.menuPolicy = .full
        try reader.handle(.toggleText, at: 9000)
        XCTAssertEqual(reader.screenName, "text", "the full menu has them again")
    }
}
