import BookModel
import Devices
import Foundation
import Gestures
import PlainText
import Raster
import Speech
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The library through the reader loop as a person uses it: taps
/// replayed in virtual time from the library into a book and back, keys,
/// and what the library looks like.
final class LibraryReplayTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var fixture: LibraryFixture?

    override func tearDown() { fixture?.remove() }

    private func makeScene(_ fixture: LibraryFixture, theme: Theme = .light, notes: NotesPolicy = .keep) throws -> LibraryScene {
        let store = fixture.state
        return LibraryScene(library: try fixture.library(theme: theme)) { path in
            let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                                  font: ReaderSessionTests.font, theme: theme, language: "en")
            let session = try ReaderSession(book: try Book.open(path: path), path: path, settings: settings,
                                            start: .savedPlace, stateStore: store)
            session.notesPolicy = notes
            return session
        }
    }

    private func control(_ id: String, in scene: LibraryScene) throws -> (Double, Double) {
        let controls = scene.showsLibrary ? scene.library.controls : scene.book?.describedControls ?? []
        let control = try XCTUnwrap(controls.first { $0.id == id }, "no \(id) on \(scene.screenName)")
        return (Double(control.rect.x + control.rect.width / 2), Double(control.rect.y + control.rect.height / 2))
    }

    private enum Step {
        case at(Double, Double)
        case control(String)
    }

    /// Each step replayed 1.5 s after the last, a 60 ms tap, the loop run to rest.
    @discardableResult
    private func replay(_ scene: LibraryScene, _ steps: [Step], from start: Double = 1000) throws -> HeadlessDisplay {
        var time = start
        var display = HeadlessDisplay(width: 800, height: 480)
        if steps.isEmpty {
            try ReaderLoop(scene: scene, display: display, input: RecordedInput(frames: []), clock: VirtualClock(start: time)).run()
        }
        for step in steps {
            let (x, y): (Double, Double)
            switch step {
            case let .at(px, py): (x, y) = (px, py)
            case let .control(id): (x, y) = try control(id, in: scene)
            }
            let frames = [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]),
                          TouchFrame(time: time + 60, touches: [])]
            display = HeadlessDisplay(width: 800, height: 480)
            let loop = ReaderLoop(scene: scene, display: display, input: RecordedInput(frames: frames),
                                  clock: VirtualClock(start: time))
            try loop.run()
            time += 1500
        }
        return display
    }

    func testFromTheLibraryIntoABookAndBackKeepingItsPlace() throws {
        let fixture = try LibraryFixture(books: [("a-emma.txt", "EMMA", "Jane Austen"),
                                                 ("b-ode.txt", "Ode to the Harbour", "John Keats")])
        self.fixture = fixture
        let scene = try makeScene(fixture)
        defer { scene.stop() }
        let display = try replay(scene, [])
        XCTAssertEqual(scene.screenName, "library")
        XCTAssertTrue(scene.escapeQuits, "Escape quits a library with no book behind it")
        XCTAssertEqual(scene.summary(describing: true).text.contains(#""book": null"#), true)
        XCTAssertEqual(display.screen, scene.library.frame, "the glass shows the library")

        try replay(scene, [.control("library.book.2")])
        XCTAssertEqual(scene.screenName, "reading")
        XCTAssertEqual(scene.book?.bookPath, fixture.books + "/b-ode.txt")
        XCTAssertTrue(scene.summary(describing: true).text.contains(#""book": "\#(fixture.books)/b-ode.txt""#))
        try replay(scene, [.at(750, 240), .at(750, 240), .at(400, 240)])
        XCTAssertEqual(scene.screenName, "menu")
        XCTAssertEqual(scene.book?.describedControls.first?.id, "menu.library", "the menu offers the library")
        let page = try XCTUnwrap(scene.book?.currentPage)
        XCTAssertEqual(page, 2)

        let back = try replay(scene, [.control("menu.library")])
        XCTAssertEqual(scene.screenName, "library")
        XCTAssertFalse(scene.escapeQuits, "Escape goes back to the book behind")
        XCTAssertEqual(back.screen, scene.library.frame)
        XCTAssertEqual(scene.library.entries.first?.name, "b-ode.txt", "the book read last comes first")
        XCTAssertNotNil(scene.library.entries.first?.reading?.progress)
        XCTAssertEqual(scene.library.controls.map(\.id).first, "close")

        try replay(scene, [.control("close")])
        XCTAssertEqual(scene.screenName, "reading")
        XCTAssertEqual(scene.book?.currentPage, page, "Close goes back to the same page")

        // Another book, then the first one again: it opens where it was left.
        try replay(scene, [.at(400, 240), .control("menu.library"), .control("library.book.2")])
        XCTAssertEqual(scene.book?.bookPath, fixture.books + "/a-emma.txt")
        XCTAssertEqual(scene.book?.currentPage, 0)
        try replay(scene, [.at(400, 240), .control("menu.library")])
        XCTAssertEqual(scene.library.entries.map(\.name), ["a-emma.txt", "b-ode.txt"])
        try replay(scene, [.control("library.book.2")])
        XCTAssertEqual(scene.book?.bookPath, fixture.books + "/b-ode.txt")
        XCTAssertEqual(scene.book?.currentPage, page, "reopened at its saved place")
    }

    func testABookFromTheLibraryIsReadAloudAndFallsSilentInTheLibrary() throws {
        let fixture = try LibraryFixture(books: [("a-emma.txt", "EMMA", "Jane Austen")])
        self.fixture = fixture
        let scene = try makeScene(fixture)
        defer { scene.stop() }
        guard let queue = try? SpeechQueue() else { throw XCTSkip("espeak-ng has no voices here") }
        let sink = DiscardingSink(sampleRate: queue.sampleRate)
        scene.speaking = { SpeechScene(session: $0, synthesizer: queue, sink: sink, virtualTime: true) }
        try replay(scene, [.control("library.book.1"), .at(400, 240)])
        XCTAssertEqual(scene.screenName, "menu")
        try replay(scene, [.control("menu.read-aloud")], from: 5000)
        let speech = try XCTUnwrap(scene.openBookSpeech)
        XCTAssertTrue(speech.isReading)
        XCTAssertNotNil(scene.summary(describing: false).text.range(of: #""reading_aloud": {"#), "the state says what is read")
        XCTAssertGreaterThan(sink.framesWritten, 0, "speech went to the sink as the loop ran")
        try replay(scene, [.at(400, 240), .control("menu.library")], from: 9000)
        XCTAssertEqual(scene.screenName, "library")
        XCTAssertFalse(speech.isReading, "the library is silent")
        XCTAssertNil(scene.nextTimedWorkTime(after: 20_000))
    }

    func testWithTheSpokenInterfaceATouchSaysTheBookAndADoubleTapOpensIt() throws {
        let fixture = try LibraryFixture(books: [("a-emma.txt", "EMMA", "Jane Austen")])
        self.fixture = fixture
        let scene = try makeScene(fixture)
        defer { scene.stop() }
        guard let queue = try? SpeechQueue() else { throw XCTSkip("espeak-ng has no voices here") }
        let sink = DiscardingSink(sampleRate: queue.sampleRate)
        let voice = ReadAloud(synthesizer: queue, sink: sink, virtualTime: true)
        scene.speaking = { SpeechScene(session: $0, readAloud: voice, spokenInterface: true) }
        scene.spokenLibrary = voice
        try replay(scene, [.control("library.book.1")])
        // Two seconds on, untouched, while the title is said.
        try ReaderLoop(scene: scene, display: HeadlessDisplay(width: 800, height: 480),
                       input: RecordedInput(frames: [], lastsUntil: 4500), clock: VirtualClock(start: 2500)).run()
        XCTAssertEqual(scene.screenName, "library", "a single touch opens nothing")
        XCTAssertGreaterThan(sink.framesWritten, queue.sampleRate / 2, "the book's title is said")
        let (x, y) = try control("library.book.1", in: scene)
        let frames = [TouchFrame(time: 5000, touches: [Touch(id: 1, x: x, y: y)]), TouchFrame(time: 5060, touches: []),
                      TouchFrame(time: 5180, touches: [Touch(id: 2, x: x, y: y)]), TouchFrame(time: 5240, touches: [])]
        try ReaderLoop(scene: scene, display: HeadlessDisplay(width: 800, height: 480), input: RecordedInput(frames: frames),
                       clock: VirtualClock(start: 5000)).run()
        XCTAssertEqual(scene.screenName, "reading", "a double tap opens the book")
    }

    func testKeysGoToTheLibraryAndBackAndEscapeQuitsOnlyAtTheTop() throws {
        let fixture = try LibraryFixture(books: [("emma.txt", "EMMA", "Jane Austen")])
        self.fixture = fixture
        let scene = try makeScene(fixture)
        defer { scene.stop() }
        let commands: [(time: Double, command: ReaderCommand)] = [
            (100, .nextPage), (200, .activate), (1000, .nextPage), (2000, .openLibrary), (3000, .closeScreenOrQuit),
            (4000, .openLibrary),
        ]
        let loop = ReaderLoop(scene: scene, display: HeadlessDisplay(width: 800, height: 480),
                              input: RecordedInput(frames: [], commands: commands), clock: VirtualClock(start: 0))
        XCTAssertEqual(try loop.run(), "input over")
        XCTAssertEqual(scene.screenName, "library", "l goes to the library, Escape back to the book, l again to the library")
        XCTAssertEqual(scene.book?.currentPage, 1)
        let quit = ReaderLoop(scene: scene, display: HeadlessDisplay(width: 800, height: 480),
                              input: RecordedInput(frames: [], commands: [(5000, .closeScreenOrQuit)]),
                              clock: VirtualClock(start: 4500))
        XCTAssertEqual(try quit.run(), "input over", "with a book behind, Escape in the library goes back to it")
        XCTAssertEqual(scene.screenName, "reading")
    }

    func testLeftUntouchedTheKioskGoesBackToTheLibraryAndTheBookKeepsItsPlace() throws {
        let fixture = try LibraryFixture(books: [("a-emma.txt", "EMMA", "Jane Austen"),
                                                 ("b-ode.txt", "Ode to the Harbour", "John Keats")])
        self.fixture = fixture
        let scene = try makeScene(fixture)
        defer { scene.stop() }
        try replay(scene, [.control("library.book.2"), .at(750, 240), .at(750, 240), .at(400, 240)])
        XCTAssertEqual(scene.screenName, "menu")
        XCTAssertEqual(scene.book?.currentPage, 2)

        let display = HeadlessDisplay(width: 800, height: 480)
        let loop = ReaderLoop(scene: scene, display: display, input: RecordedInput(frames: [], lastsUntil: 200_000),
                              clock: VirtualClock(start: 10_000))
        loop.idle = IdleTimers(resetAfter: 120_000, start: 10_000)
        try loop.run()
        XCTAssertEqual(scene.screenName, "library", "two minutes untouched: back to the library")
        XCTAssertNil(scene.book, "the book is closed")
        XCTAssertEqual(display.screen, scene.library.frame)
        XCTAssertEqual(scene.library.controls.first?.id, "library.book.1", "no Close: no book behind the library")
        XCTAssertEqual(scene.library.entries.first?.name, "b-ode.txt", "the book read last comes first")

        try replay(scene, [.control("library.book.1")], from: 300_000)
        XCTAssertEqual(scene.book?.bookPath, fixture.books + "/b-ode.txt")
        XCTAssertEqual(scene.book?.currentPage, 2, "whoever comes back resumes it")
    }

    /// A kiosk's visitor highlights in one book, then in another opened
    /// from the library: with `NOTES=session` the idle reset takes both
    /// books' highlights from their state files (with `keep` it takes none).
    func testTheIdleResetTakesAVisitorsHighlightsFromEveryBookReadInTheVisit() throws {
        for notes in [NotesPolicy.session, .keep] {
            let fixture = try LibraryFixture(books: [("a-emma.txt", "EMMA", "Jane Austen"),
                                                     ("b-ode.txt", "Ode to the Harbour", "John Keats")])
            defer { fixture.remove() }
            let scene = try makeScene(fixture, notes: notes)
            defer { scene.stop() }
            try replay(scene, [.control("library.book.1")])
            XCTAssertNotNil(scene.book?.addHighlight(40..<60, color: .yellow, note: "mine"))
            try replay(scene, [.at(400, 240), .control("menu.library"), .control("library.book.2")])
            XCTAssertNotNil(scene.book?.addHighlight(70..<90, color: .blue))
            let paths = ["a-emma.txt", "b-ode.txt"].map { fixture.books + "/" + $0 }
            let kept = {
                try paths.map { path -> Int in
                    guard case let .found(state) = fixture.state.load(book: StateStore.key(of: try Book.open(path: path))) else { return 0 }
                    return state.highlights?.count ?? 0
                }
            }
            XCTAssertEqual(try kept(), [1, 1], "each book keeps its highlight while the visit lasts")
            scene.resetForIdle(at: 600_000)
            XCTAssertEqual(scene.screenName, "library")
            XCTAssertEqual(try kept(), notes == .session ? [0, 0] : [1, 1], "\(notes)")
            XCTAssertEqual(scene.drainWarnings(), [])
        }
    }

    func testABookThatFailsToOpenStaysInTheLibraryWithTheReason() throws {
        let fixture = try LibraryFixture(books: [("emma.txt", "EMMA", "Jane Austen")])
        self.fixture = fixture
        let scene = LibraryScene(library: try fixture.library()) { path in
            throw BookError.unreadable(path: path, reason: "permission denied")
        }
        try replay(scene, [.control("library.book.1")])
        XCTAssertEqual(scene.screenName, "library")
        XCTAssertEqual(scene.library.controls.first?.label, "Emma, Jane Austen (cannot be opened: permission denied)")
        XCTAssertEqual(scene.drainWarnings(), [fixture.books + "/emma.txt: cannot be opened: permission denied"])
    }

    /// The library with a book read a third of the way, light and dark.
    func testTheLibraryLooksAsRecorded() throws {
        let fixture = try LibraryFixture(books: [("emma.txt", "EMMA", "Jane Austen"),
                                                 ("harbour.txt", "The Lamps of the Harbour", "Ann Lindqvist"),
                                                 ("ode.txt", "Ode", "John Keats")])
        self.fixture = fixture
        let text = LibraryFixture.text(title: "The Lamps of the Harbour", author: "Ann Lindqvist")
        try fixture.state.save(ReadingState(book: "00000000000000cc", offset: text.unicodeScalars.count / 3,
                                            path: fixture.books + "/harbour.txt", characters: text.unicodeScalars.count))
        for theme in [Theme.light, .dark] {
            let scene = try makeScene(fixture, theme: theme)
            let display = try replay(scene, [])
            XCTAssertEqual(scene.library.entries.first?.name, "harbour.txt")
            let golden = GoldenImage(
                goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/library-800x480-\(theme.name).png").path,
                outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
                tolerance: 2, allowedDifferingPixels: 40)
            let outcome = try golden.check(display.screen,
                                           record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
            if let message = outcome.failureMessage { XCTFail(message) }
        }
    }
}
