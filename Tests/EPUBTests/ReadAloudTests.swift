import BookModel
import EPUB
import Foundation
import Gestures
import Geometry
@testable import Reader
import Speech
import Typesetting
import XCTest

/// Reading an EPUB aloud in virtual time: the sentence said is marked on
/// the page, pages turn as speech passes their end, a touch pauses, and
/// the audio handed over follows the time.
final class ReadAloudTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "read-aloud-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testSpeechMarksItsSentenceTurnsPagesAndPausesAtATouch() throws {
        let path = folder + "/book.epub"
        try LazyEPUBTests.write(LazyEPUBTests.chapters(2), to: path)
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: LazyEPUBTests.font, theme: .light, language: "en")
        let session = try ReaderSession(opening: .sectioned(try LazyEPUB(path: path, publisherStyles: true)), path: path,
                                        settings: settings, start: .savedPlace, stateStore: StateStore(directory: folder + "/state"))
        defer { session.stop() }
        session.finishBackgroundWork()
        guard let synthesizer = try? SpeechQueue() else { throw XCTSkip("espeak-ng has no voices here") }
        let sink = WAVFileSink(path: folder + "/out.wav", sampleRate: synthesizer.sampleRate)
        let scene = SpeechScene(session: session, synthesizer: synthesizer, sink: sink, virtualTime: true)
        let firstPage = session.offsetRange
        scene.startReading(at: 0)
        _ = scene.doTimedWork(at: 50)
        XCTAssertEqual(scene.spokenRange.map { firstPage.contains($0.lowerBound) }, true, "starts on the page shown")

        var spoken: [Range<Int>] = []
        var time = 50.0
        while time < 60_000 {
            time += 1000.0 / 60
            _ = scene.doTimedWork(at: time)
            _ = scene.advance(to: time)
            if let range = scene.spokenRange, spoken.last != range { spoken.append(range) }
            XCTAssertEqual(session.annotations.spokenSentence, scene.spokenRange, "the sentence said is the one marked")
        }
        XCTAssertGreaterThan(spoken.count, 5)
        XCTAssertEqual(spoken, spoken.sorted { $0.lowerBound < $1.lowerBound }, "sentences in book order")
        XCTAssertGreaterThan(session.currentPage, 0, "the page turned by itself")
        let said = try XCTUnwrap(scene.spokenRange)
        XCTAssertTrue(session.offsetRange.contains(said.lowerBound), "the page shown holds the sentence said")
        XCTAssertEqual(Double(sink.framesWritten), time / 1000 * Double(sink.sampleRate), accuracy: Double(sink.sampleRate) / 30)

        scene.handle([GestureEvent(time: time, kind: .fingerDown(id: 1, at: Point(x: 200, y: 150)))])
        XCTAssertFalse(scene.isReading, "a touch pauses")
        for _ in 0..<60 {
            time += 1000.0 / 60
            _ = scene.doTimedWork(at: time)
        }
        XCTAssertEqual(scene.spokenRange, said, "paused on its sentence")
        scene.startReading(at: time)
        XCTAssertTrue(scene.isReading, "resumes")
    }

    private func scene(spoken: Bool) throws -> (SpeechScene, WAVFileSink) {
        let path = folder + "/book.epub"
        try LazyEPUBTests.write(LazyEPUBTests.chapters(2), to: path)
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 600, fontSize: 14),
                                              font: LazyEPUBTests.font, theme: .light, language: "en")
        let session = try ReaderSession(opening: .sectioned(try LazyEPUB(path: path, publisherStyles: true)), path: path,
                                        settings: settings, start: .savedPlace, stateStore: StateStore(directory: folder + "/state"))
        session.finishBackgroundWork()
        guard let synthesizer = try? SpeechQueue() else { throw XCTSkip("espeak-ng has no voices here") }
        let sink = WAVFileSink(path: folder + "/out.wav", sampleRate: synthesizer.sampleRate)
        return (SpeechScene(session: session, synthesizer: synthesizer, sink: sink, virtualTime: true, spokenInterface: spoken), sink)
    }

    private func centre(of id: String, in scene: SpeechScene) throws -> Point {
        let control = try XCTUnwrap(scene.session.openScreen.describedControls(host: scene.session).first { $0.id == id },
                                    "\(id) on \(scene.screenName)")
        return Point(x: Double(control.rect.x + control.rect.width / 2), y: Double(control.rect.y + control.rect.height / 2))
    }

    func testTheMenusReadAloudButtonReadsFromThePageAndResumesAfterATouch() throws {
        let (scene, _) = try scene(spoken: false)
        defer { scene.stop() }
        try scene.handle(.toggleMenu, at: 0)
        scene.handle([GestureEvent(time: 10, kind: .tap(at: try centre(of: "menu.read-aloud", in: scene), zone: .middle))])
        XCTAssertEqual(scene.screenName, "reading", "the menu closes")
        XCTAssertTrue(scene.isReading)
        _ = scene.doTimedWork(at: 100)
        XCTAssertEqual(scene.spokenRange.map { scene.session.offsetRange.contains($0.lowerBound) }, true)
        scene.handle([GestureEvent(time: 200, kind: .fingerDown(id: 1, at: Point(x: 400, y: 300)))])
        XCTAssertFalse(scene.isReading, "a touch pauses")
        let paused = scene.spokenRange
        try scene.handle(.toggleMenu, at: 300)
        scene.handle([GestureEvent(time: 310, kind: .tap(at: try centre(of: "menu.read-aloud", in: scene), zone: .middle))])
        XCTAssertTrue(scene.isReading, "the button resumes")
        XCTAssertEqual(scene.spokenRange, paused, "where it paused")
    }

    func testTheSpokenInterfaceSaysWhatATouchFindsAndActivatesOnADoubleTap() throws {
        let (scene, sink) = try scene(spoken: true)
        defer { scene.stop() }
        XCTAssertFalse(scene.tapZonesEnabled, "every tap waits for a second one")
        scene.handle([GestureEvent(time: 0, kind: .doubleTap(at: Point(x: 400, y: 300)))])
        XCTAssertEqual(scene.screenName, "menu", "a double tap in the middle opens the menu")
        let contents = try centre(of: "menu.contents", in: scene)
        scene.handle([GestureEvent(time: 500, kind: .tap(at: contents, zone: .middle))])
        XCTAssertEqual(scene.screenName, "menu", "a single touch activates nothing")
        _ = scene.doTimedWork(at: 2000)
        XCTAssertGreaterThan(sink.framesWritten, sink.sampleRate / 2, "the label is said")
        XCTAssertNil(scene.spokenRange, "words of the interface mark nothing on the page")
        scene.handle([GestureEvent(time: 2500, kind: .doubleTap(at: contents))])
        XCTAssertEqual(scene.screenName, "contents", "a double tap activates")
    }

    func testOnThePageASpokenTouchReadsFromTheSentenceTouched() throws {
        let (scene, _) = try scene(spoken: true)
        defer { scene.stop() }
        let page = scene.session.offsetRange
        scene.handle([GestureEvent(time: 0, kind: .tap(at: Point(x: 400, y: 300), zone: .middle))])
        XCTAssertTrue(scene.isReading)
        _ = scene.doTimedWork(at: 50)
        let said = try XCTUnwrap(scene.spokenRange)
        XCTAssertGreaterThan(said.lowerBound, page.lowerBound, "not the page's first sentence: the one touched")
        XCTAssertTrue(page.contains(said.lowerBound))
    }

    /// How far speech gets in `seconds` from the page's start, after `choose` on the text panel.
    private func reach(seconds: Double, choosing ids: [String]) throws -> (offset: Int, choice: SpeechChoice?) {
        let (scene, _) = try scene(spoken: false)
        defer { scene.stop() }
        try scene.handle(.toggleText, at: 0)
        for (step, id) in ids.enumerated() {
            scene.handle([GestureEvent(time: Double(step + 1) * 100, kind: .tap(at: try centre(of: id, in: scene), zone: .middle))])
        }
        try scene.handle(.closeScreen, at: 900)
        scene.startReading(at: 1000)
        var time = 1000.0
        while time < 1000 + seconds * 1000 {
            time += 50
            _ = scene.doTimedWork(at: time)
        }
        return (try XCTUnwrap(scene.spokenRange).lowerBound, scene.session.resources.speech?.choice)
    }

    func testTheTextPanelSaysWhatIsSelectedAndTheSize() throws {
        let (scene, _) = try scene(spoken: true)
        defer { scene.stop() }
        try scene.handle(.toggleText, at: 0)
        let controls = scene.session.openScreen.describedControls(host: scene.session)
        func value(_ id: String) -> String? { controls.first { $0.id == id }?.value }
        XCTAssertEqual(value("text.larger"), "14 px")
        XCTAssertEqual(value("text.theme.light"), "selected")
        XCTAssertNil(value("text.theme.dark"))
        XCTAssertEqual(value("text.speed.2"), "selected", "the normal speed")
        XCTAssertEqual(value("text.voice.man"), "selected")
        XCTAssertEqual(controls.first { $0.id == "text.theme.light" }?.spoken, "Light, selected")
    }

    func testTheTextPanelsSpeedAndVoiceAreHeard() throws {
        let normal = try reach(seconds: 12, choosing: [])
        XCTAssertEqual(normal.choice, SpeechChoice())
        let fast = try reach(seconds: 12, choosing: ["text.speed.4", "text.voice.woman"])
        XCTAssertEqual(fast.choice?.speed, 3)
        XCTAssertEqual(fast.choice?.voice, .female)
        XCTAssertGreaterThan(fast.offset, normal.offset + 50, "the fastest speed reads further in the same time")
    }

    func testEachParagraphIsSaidInItsOwnLanguage() throws {
        let path = folder + "/languages.epub"
        try LazyEPUBTests.write([("ch1.xhtml", "<p>The first sentence. The second one.</p>"
                                  + "<p xml:lang=\"de\" lang=\"de\">Ein deutscher Satz. Noch einer.</p><p>English again.</p>")], to: path)
        let book = try LazyEPUB(path: path, publisherStyles: true).book(ofSection: 0)
        var plan = SentencePlan(book: book, from: 0)
        plan.extend(toAtLeast: 5)
        XCTAssertEqual(plan.sentences.map(\.text), ["The first sentence.", "The second one.", "Ein deutscher Satz.", "Noch einer.",
                                                     "English again."])
        XCTAssertEqual(plan.sentences.map(\.language), ["en", "en", "de", "de", "en"])
    }
}
