@testable import Speech
import XCTest

/// Sentences said ahead on the queue's thread, taken in order, and
/// dropped when cancelled.
final class SpeechQueueTests: XCTestCase {
    private func queue() throws -> SpeechQueue {
        guard SpeechSynthesizer.shared != nil else { throw XCTSkip("espeak-ng's data is not installed") }
        return try SpeechQueue()
    }

    func testQueuedSentencesAreSaidAheadAndTakenOnce() throws {
        let queue = try queue()
        queue.enqueue([SpeechRequest(id: 1, text: "The first sentence.", language: "en", wordsPerMinute: 175),
                       SpeechRequest(id: 2, text: "A second, rather longer sentence follows it.", language: "en",
                                     wordsPerMinute: 175)])
        let first = try XCTUnwrap(queue.waitFor(1))
        let second = try XCTUnwrap(queue.waitFor(2))
        XCTAssertGreaterThan(first.count, queue.sampleRate / 2, "half a second of speech or more")
        XCTAssertGreaterThan(second.count, first.count, "the longer sentence lasts longer")
        XCTAssertNil(queue.take(1), "a sentence is taken once")
        XCTAssertNil(queue.waitFor(3), "one never queued is not waited for")
    }

    func testAQueueStartingEspeakOnItsThreadSays() throws {
        guard SpeechSynthesizer.shared != nil else { throw XCTSkip("espeak-ng's data is not installed") }
        let queue = try SpeechQueue(startingOnItsThread: { XCTFail("no problem expected: \($0)") })
        queue.enqueue([SpeechRequest(id: 7, text: "Hello.", language: "en", wordsPerMinute: 175)])
        XCTAssertGreaterThan(queue.waitFor(7)?.count ?? 0, 1000)
        XCTAssertTrue(queue.isAvailable)
    }

    func testCancelledSentencesAreNotHandedOver() throws {
        let queue = try queue()
        queue.enqueue((1...5).map { SpeechRequest(id: $0, text: "Sentence number \($0).", language: "en", wordsPerMinute: 175) })
        queue.cancelAll()
        for id in 1...5 { XCTAssertNil(queue.waitFor(id), "sentence \(id) was cancelled") }
        queue.enqueue([SpeechRequest(id: 6, text: "After the cancel.", language: "de", wordsPerMinute: 300)])
        XCTAssertNotNil(queue.waitFor(6), "the queue goes on after a cancel")
    }
}
