import BookModel
import Foundation
import Gestures
import LinuxInput
import PlainText
import Typesetting
import XCTest
@testable import Reader

/// `trace` and the headless reader are the one reader loop with other
/// scenes: on every shared touch recording and every generated scenario
/// they reach the same page, zoom and offset.
final class LoopAgreementTests: XCTestCase {
    private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private var shared: URL { packageRoot.appendingPathComponent("../shared").standardizedFileURL }
    private let width = 1280, height = 768

    /// (name, events, description) of every recording and scenario at hand.
    private func recordings() throws -> [(String, String, String)] {
        let touch = shared.appendingPathComponent("touch")
        var found: [(String, String, String)] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: touch.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".events") {
            let device = String(file[..<(file.firstIndex(of: ".") ?? file.endIndex)])
            let desc = touch.appendingPathComponent(device + ".desc").path
            if FileManager.default.fileExists(atPath: desc) {
                found.append((file, touch.appendingPathComponent(file).path, desc))
            }
        }
        let generator = shared.appendingPathComponent("checks/touchgen.py").path
        let scenarioDesc = touch.appendingPathComponent("EP0430M09.desc").path
        guard let source = try? String(contentsOfFile: generator, encoding: .utf8),
              FileManager.default.fileExists(atPath: scenarioDesc) else { return found }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-agreement-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        // Scenario names are the keys of its SCENARIOS table: "    'name': (...".
        let names = source.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard line.hasPrefix("    '"), let end = trimmed.dropFirst().firstIndex(of: "'") else { return nil }
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
        }
        for name in names {
            let out = folder.appendingPathComponent(name + ".events").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [generator, name, out]
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 0 { found.append((name, out, scenarioDesc)) }
        }
        return found
    }

    func testTraceAndTheHeadlessReaderAgreeOnEveryRecording() throws {
        var all = try recordings()
        try XCTSkipIf(all.isEmpty, "../shared/touch is absent")
        // Under the sanitizers every third one: the plain run covers them all, and CI keeps its time.
        if ProcessInfo.processInfo.environment["EBOOK_FB_SANITIZED"] != nil {
            all = all.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        }
        let book = try Book.open(path: packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path)
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: width, height: height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light)
        for (name, events, desc) in all {
            let frames = try EvemuRecording.load(events: events, description: desc)
                .screenFrames(width: Double(width), height: Double(height))
            guard !frames.isEmpty else { continue }
            let reader = try ReaderSession(book: book, path: "book", settings: settings, start: .page(0), stateStore: nil)
            try HeadlessRun(session: reader).run(frames)
            let lines = try traceLines(width: width, height: height, pages: reader.knownPageCount, frames: frames)
            reader.stop()
            guard let final = lines.last.flatMap({ try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }),
                  let page = final["page"] as? Int, let zoom = final["zoom"] as? Double,
                  let offset = final["offset"] as? [Double] else {
                return XCTFail("\(name): no final trace line in \(lines.suffix(2))")
            }
            let readOffset = reader.controller.scrollView.contentOffset
            XCTAssertEqual(page, reader.pageIndexInBook + 1, "\(name): page")
            XCTAssertEqual(zoom, reader.controller.zoomScale, accuracy: 0.01, "\(name): zoom")
            XCTAssertEqual(offset[0], readOffset.x, accuracy: 1, "\(name): offset x")
            XCTAssertEqual(offset[1], readOffset.y, accuracy: 1, "\(name): offset y")
            XCTAssertEqual(final["screen"] as? String, reader.screenName, "\(name): screen")
        }
    }
}
