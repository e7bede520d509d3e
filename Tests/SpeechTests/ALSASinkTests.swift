import Speech
import Threading
import XCTest

/// A sound card that is not there: said in one line once the wait is
/// over, and frames dropped meanwhile rather than kept.
final class ALSASinkTests: XCTestCase {
    private final class Reports: @unchecked Sendable {
        let condition = Condition()
        var lines: [String] = []
    }

    func testAMissingCardIsSaidInOneLineAndNothingIsKept() throws {
        let reports = Reports()
        let sink = try ALSASink(device: "ebook-fb-no-such-device", sampleRate: 22050, waitingForTheCard: 0) { line in
            reports.condition.withLock {
                reports.lines.append(line)
                reports.condition.broadcast()
            }
        }
        let lines: [String] = reports.condition.withLock {
            while reports.lines.isEmpty { reports.condition.wait() }
            return reports.lines
        }
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("no sound: cannot open ALSA device \"ebook-fb-no-such-device\""), lines[0])
        XCTAssertFalse(lines[0].contains("\n"))
        XCTAssertFalse(sink.isAvailable)
        sink.write([1, 2, 3])
        XCTAssertEqual(sink.framesWritten, 3, "counted as handed over")
        try sink.drain()
        sink.stop()
    }
}
