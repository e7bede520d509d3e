import BookModel
import Devices
import Foundation
import Gestures
import PlainText
import Raster
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The menu through the reader loop, as a person uses it: taps and drags
/// replayed in virtual time, keys, bookmarks kept across a restart, and
/// what the menu looks like.
final class MenuReplayTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let bookPath = packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path
    private var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-menu-\(UUID())").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func session(theme: Theme = .light, page: Int = 0, fontSize: Int = 20) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: fontSize),
                                              font: ReaderSessionTests.font, theme: theme, language: "en")
        return try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                 start: .page(page), stateStore: StateStore(directory: directory))
    }

    /// A tap at `time`, 60 ms long.
    private func tap(_ x: Double, _ y: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]), TouchFrame(time: time + 60, touches: [])]
    }

    private func centre(of id: String, in reader: ReaderSession) throws -> (Double, Double) {
        let control = try XCTUnwrap(reader.describedControls.first { $0.id == id }, "no \(id) on screen")
        return (Double(control.rect.x + control.rect.width / 2), Double(control.rect.y + control.rect.height / 2))
    }

    /// Replays taps one after another, each 1.5 s after the last, looking up controls by id on the screen as it is then.
    private func replay(_ reader: ReaderSession, _ steps: [Step]) throws {
        var time = 1000.0
        for step in steps {
            var frames: [TouchFrame]
            switch step {
            case let .at(x, y): frames = tap(x, y, at: time)
            case let .control(id):
                let (x, y) = try centre(of: id, in: reader)
                frames = tap(x, y, at: time)
            case let .drag(from, to):
                frames = (0...10).map { k in
                    let f = Double(k) / 10
                    return TouchFrame(time: time + Double(k) * 30, touches: [Touch(id: Int(time), x: from.0 + (to.0 - from.0) * f,
                                                                                   y: from.1 + (to.1 - from.1) * f)])
                } + [TouchFrame(time: time + 330, touches: [])]
            }
            try HeadlessRun(session: reader).run(frames)
            time += 1500
        }
    }

    private enum Step {
        case at(Double, Double)
        case control(String)
        case drag((Double, Double), (Double, Double))
    }

    func testAMiddleTapOpensTheMenuAndATapOutsideItClosesIt() throws {
        let reader = try session()
        defer { reader.stop() }
        try replay(reader, [.at(400, 240)])
        XCTAssertEqual(reader.screenName, "menu")
        XCTAssertEqual(reader.describedControls.map(\.id), ["menu.contents", "menu.search", "menu.text", "menu.bookmark", "menu.slider"])
        try replay(reader, [.at(400, 240)])
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.describedControls, [])
        XCTAssertEqual(reader.currentPage, 0, "closing the menu turns no page")
    }

    func testTheSliderJumpsAndTheMenuOffersTheWayBack() throws {
        let reader = try session(page: 1)
        defer { reader.stop() }
        try replay(reader, [.at(400, 240)])
        let slider = try XCTUnwrap(reader.describedControls.first { $0.id == "menu.slider" })
        let y = Double(slider.rect.y + slider.rect.height / 2)
        try replay(reader, [.at(Double(slider.rect.x + slider.rect.width * 3 / 4), y)])
        XCTAssertEqual(reader.screenName, "menu", "the menu stays open after a jump")
        XCTAssertGreaterThan(reader.currentPage, 3, "the slider jumped three quarters into the book")
        XCTAssertEqual(reader.describedControls.first { $0.id == "menu.back" }?.label, "Back to page 2")
        try replay(reader, [.control("menu.back")])
        XCTAssertEqual(reader.currentPage, 1)
        XCTAssertFalse(reader.describedControls.contains { $0.id == "menu.back" }, "the way back is taken")
    }

    func testADragAlongTheSliderJumpsOnRelease() throws {
        let reader = try session()
        defer { reader.stop() }
        try replay(reader, [.at(400, 240)])
        let slider = try XCTUnwrap(reader.describedControls.first { $0.id == "menu.slider" })
        let y = Double(slider.rect.y + slider.rect.height / 2)
        try replay(reader, [.drag((Double(slider.rect.x + 30), y), (Double(slider.rect.maxX - 10), y))])
        XCTAssertEqual(reader.screenName, "menu")
        XCTAssertEqual(reader.currentPage, reader.knownPageCount - 1, "released at the end: the last page")
        XCTAssertNotNil(reader.wayBack)
    }

    func testTurningAPageClosesTheMenuAndEndsTheWayBack() throws {
        let reader = try session()
        defer { reader.stop() }
        try replay(reader, [.at(400, 240)])
        let slider = try XCTUnwrap(reader.describedControls.first { $0.id == "menu.slider" })
        try replay(reader, [.at(Double(slider.rect.x + slider.rect.width / 2), Double(slider.rect.y + 20))])
        let jumped = reader.currentPage
        try replay(reader, [.drag((600, 240), (150, 240))])
        XCTAssertEqual(reader.screenName, "reading", "a page turn closes the menu")
        XCTAssertEqual(reader.currentPage, jumped + 1)
        XCTAssertNil(reader.wayBack, "a page turned by hand ends the way back")
    }

    func testABookmarkIsShownListedAndKeptAcrossARestart() throws {
        let reader = try session(page: 2)
        defer { reader.stop() }
        try replay(reader, [.at(400, 240), .control("menu.bookmark")])
        XCTAssertFalse(reader.bookmarksOnPage.isEmpty)
        XCTAssertEqual(reader.bookmarkPages, [3])
        XCTAssertEqual(reader.describedControls.first { $0.id == "menu.bookmark" }?.label, "Remove bookmark")
        XCTAssertEqual(reader.frame.pixel(x: 798, y: 1), Theme.light.chrome, "no corner under the menu's bar")
        try replay(reader, [.at(400, 240)])
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.frame.pixel(x: 798, y: 1), Theme.light.secondary, "the marked page shows a folded corner")
        try replay(reader, [.at(700, 240)])
        XCTAssertEqual(reader.frame.pixel(x: 798, y: 1), Theme.light.background, "the next page, unmarked, has none")
        reader.stop()

        let again = try session(page: 0)
        defer { again.stop() }
        XCTAssertEqual(again.bookmarkPages, [3], "the mark is read back from the state folder")
        XCTAssertTrue(again.bookmarksOnPage.isEmpty)
        try replay(again, [.at(400, 240), .control("menu.bookmark")])
        XCTAssertEqual(again.bookmarkPages, [1, 3])
        try replay(again, [.control("menu.bookmark")])
        XCTAssertEqual(again.bookmarkPages, [3], "a second tap removes the page's mark")
    }

    func testKeysOpenTheMenuMarkThePageAndEscapeClosesBeforeItQuits() throws {
        let reader = try session()
        defer { reader.stop() }
        let input = RecordedInput(frames: [], commands: [(time: 100, command: .toggleMenu), (time: 600, command: .toggleBookmark),
                                                         (time: 1100, command: .closeScreenOrQuit)])
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 800, height: 480), input: input,
                              clock: VirtualClock(start: 0))
        XCTAssertEqual(try loop.run(), "input over", "Escape over the menu closes it and does not quit")
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.bookmarkPages, [1])
        let quit = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 800, height: 480),
                              input: RecordedInput(frames: [], commands: [(time: 5000, command: .closeScreenOrQuit)]),
                              clock: VirtualClock(start: 4000))
        XCTAssertEqual(try quit.run(), "quit key", "Escape on the page quits")
    }

    /// The menu over page 2 after the bars came to rest, light and dark.
    func testTheMenuLooksAsRecorded() throws {
        for theme in [Theme.light, .dark] {
            let reader = try session(theme: theme, page: 1)
            defer { reader.stop() }
            try replay(reader, [.at(400, 240)])
            let display = try HeadlessRun(session: reader).run([])
            XCTAssertEqual(display.screen, reader.frame, "the glass shows the frame")
            let golden = GoldenImage(
                goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/menu-800x480-\(theme.name).png").path,
                outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
                tolerance: 2, allowedDifferingPixels: 40)
            let outcome = try golden.check(reader.frame,
                                           record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
            if let message = outcome.failureMessage { XCTFail(message) }
        }
    }
}
