import BookModel
import Foundation
import XCTest
import Gestures
import Typesetting
@testable import Reader

/// The place is never lost: whatever moment the process dies at, a restart
/// opens on the last settled page or the one before.
final class CrashResumeTests: XCTestCase {
    private func flicks(_ count: Int) -> [TouchFrame] {
        (0..<count).flatMap { index -> [TouchFrame] in
            let start = Double(index) * 700
            var frames = (0...10).map { step in
                TouchFrame(time: start + Double(step) * 8, touches: [Touch(id: index + 1, x: 350 - Double(step) * 40, y: 150)])
            }
            frames.append(TouchFrame(time: start + 88, touches: []))
            return frames
        }
    }

    /// The state folder is copied at every third frame: with atomic renames a
    /// kill -9 leaves exactly what such a copy holds.
    func testAStateSnapshotAtAnyFrameResumesOnTheLastSettledPageOrTheOneBefore() throws {
        let book = try ReaderSessionTests.longBook()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-crash-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = StateStore(directory: root + "/live")
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: ReaderSessionTests.font, theme: .light)
        let session = try ReaderSession(book: book, path: "long.txt", settings: settings, start: .offset(0), stateStore: store)
        defer { session.stop() }
        var snapshots: [(directory: String, settledPage: Int)] = []
        var run = HeadlessRun(session: session)
        run.onFrame = { index, _ in
            guard index % 3 == 0 else { return }
            let copy = root + "/snapshot-\(index)"
            if FileManager.default.fileExists(atPath: store.directory) {
                try FileManager.default.copyItem(atPath: store.directory, toPath: copy)
            } else {
                try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            }
            let scroll = session.controller.scrollView
            let resting = !scroll.isTracking && !scroll.isDecelerating && !scroll.isAnimating
            // While moving, the last settled page is the one the view left.
            let settled = resting ? session.currentPage : max(0, Int((scroll.contentOffset.x / 400).rounded(.down)))
            snapshots.append((copy, settled))
        }
        try run.run(flicks(12))
        XCTAssertEqual(session.currentPage, 12)
        XCTAssertGreaterThan(snapshots.count, 5)
        for snapshot in snapshots {
            let saved = StateStore(directory: snapshot.directory).savedOffset(for: book)
            XCTAssertNil(saved.warning)
            let pages = session.pagination.snapshot.pages
            let page = Pagination(pages: pages).pageIndex(containing: saved.offset ?? 0)
            XCTAssertTrue(page == snapshot.settledPage || page == snapshot.settledPage - 1,
                          "resumed on page \(page), last settled \(snapshot.settledPage)")
        }
    }

    /// A real kill -9 of the reader mid-replay never leaves a torn state file.
    func testKillingTheReaderNeverTearsTheStateFile() throws {
        let binary = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("ebook-fb").path
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [binary, packageRoot.appendingPathComponent(".build/debug/ebook-fb").path]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return XCTFail("the ebook-fb executable is not built beside the tests (\(candidates))")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-kill-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        // A recording of twelve leftward flicks on a 1280x768 panel.
        var lines = ["N: synthetic", "I: 0003 0000 0000 0000", "P: 02 00 00 00 00 00 00 00",
                     "B: 00 0b 00 00 00 00 00 00 00", "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                     "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                     "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                     "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                     "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                     "B: 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                     "B: 03 03 00 00 00 00 00 00 00", "A: 00 0 1279 0 0 0", "A: 01 0 767 0 0 0"]
        for flick in 0..<12 {
            let start = 1000.0 + Double(flick) * 0.7
            for step in 0...10 {
                let time = String(format: "%.6f", start + Double(step) * 0.008)
                lines.append("E: \(time) 0003 0000 \(1000 - step * 60)")
                lines.append("E: \(time) 0003 0001 400")
                if step == 0 { lines.append("E: \(time) 0001 014a 1") }
                lines.append("E: \(time) 0000 0000 0")
            }
            let end = String(format: "%.6f", start + 0.096)
            lines.append("E: \(end) 0001 014a 0")
            lines.append("E: \(end) 0000 0000 0")
        }
        let recording = root + "/flicks.events"
        try lines.joined(separator: "\n").write(toFile: recording, atomically: true, encoding: .utf8)
        let book = packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path
        let state = root + "/state"
        var roundsWithState = 0
        for round in 0..<6 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [book, "--display", "headless", "--size", "400x300", "--font-size", "14",
                                 "--replay", recording, "--state-dir", state]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(150_000 + round * 100_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for file in (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? [] where file.hasSuffix(".json") {
                roundsWithState += 1
                let data = try XCTUnwrap(FileManager.default.contents(atPath: state + "/" + file))
                XCTAssertNoThrow(try JSONDecoder().decode(ReadingState.self, from: data), "round \(round): \(file) is torn")
            }
        }
        XCTAssertGreaterThan(roundsWithState, 0, "the reader saved no position before it was killed")
    }
}
