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
        let scene = ReadingAloudScene(session: session, synthesizer: synthesizer, sink: sink, virtualTime: true)
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
