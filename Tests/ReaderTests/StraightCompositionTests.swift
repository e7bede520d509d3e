import BookModel
import Devices
import Foundation
import Gestures
import PlainText
import Raster
import Typesetting
import XCTest
@testable import Reader

/// Frames composed straight into a display's back buffers show what
/// frames composed in RAM show, step after step, whatever is drawn over
/// the page; and they write only the rows that changed.
final class StraightCompositionTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
    private let width = 800, height = 480

    private func session() throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: width, height: height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        return try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                 start: .page(0), stateStore: nil)
    }

    private func tap(_ x: Double, _ y: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]), TouchFrame(time: time + 60, touches: [])]
    }

    private func drag(from: Double, to: Double, at time: Double) -> [TouchFrame] {
        (0...6).map { k in
            TouchFrame(time: time + Double(k) * 16, touches: [Touch(id: Int(time), x: from + (to - from) * Double(k) / 6, y: 240)])
        } + [TouchFrame(time: time + 112, touches: [])]
    }

    /// One reader on a display in memory, one composing straight into
    /// scanout buffers, the same input for both, step by step.
    private struct Pair {
        let inRAM: ReaderSession
        let straight: ReaderSession
        let headless: HeadlessDisplay
        let scanout: ScanoutMemoryDisplay

        func run(_ frames: [TouchFrame], commands: [(time: Double, command: ReaderCommand)] = []) throws {
            let start = (frames.first?.time ?? commands.first?.time ?? 0) - 1
            for (session, display) in [(inRAM, headless as Display), (straight, scanout as Display)] {
                let loop = ReaderLoop(scene: session, display: display, input: RecordedInput(frames: frames, commands: commands),
                                      clock: VirtualClock(start: start))
                try loop.run()
            }
        }
    }

    func testTheGlassShowsWhatRAMComposes() throws {
        let pair = Pair(inRAM: try session(), straight: try session(),
                        headless: HeadlessDisplay(width: width, height: height),
                        scanout: ScanoutMemoryDisplay(width: width, height: height))
        defer { pair.inRAM.stop(); pair.straight.stop() }
        let time = 1000.0
        let steps: [(String, [TouchFrame], [(time: Double, command: ReaderCommand)])] = [
            ("the first page", [], [(time, .firstPage)]),
            ("a flick", drag(from: 700, to: 200, at: time + 1000), []),
            ("a tap on the right", tap(760, 240, at: time + 2000), []),
            ("the menu opened", tap(400, 240, at: time + 3000), []),
            ("the menu closed", tap(400, 240, at: time + 4000), []),
            ("a bookmark", [], [(time + 5000, .toggleBookmark)]),
            ("a flick back", drag(from: 200, to: 700, at: time + 6000), []),
            ("zoomed by a double tap", tap(300, 200, at: time + 7000) + tap(300, 200, at: time + 7150), []),
            ("zoomed out", tap(300, 200, at: time + 9000) + tap(300, 200, at: time + 9150), []),
            ("a font size larger", [], [(time + 11_000, .increaseFontSize)]),
            ("a tap on the left", tap(40, 240, at: time + 12_000), []),
        ]
        for (name, frames, commands) in steps {
            try pair.run(frames, commands: commands)
            XCTAssertEqual(pair.straight.screenName, pair.inRAM.screenName, name)
            XCTAssertEqual(pair.straight.pageIndexInBook, pair.inRAM.pageIndexInBook, name)
            XCTAssertTrue(pair.scanout.screen == pair.headless.screen, "\(name): the glass differs from the frame in RAM")
        }
        XCTAssertEqual(pair.straight.cache.allocatedBuffers, PageCache.bufferCount)
    }

    /// A turned page writes the rows its text is on, not the whole frame; at
    /// rest nothing more is written; the menu opening writes its own rows.
    func testOnlyChangedRowsAreWritten() throws {
        let reader = try session()
        defer { reader.stop() }
        let display = ScanoutMemoryDisplay(width: width, height: height)
        func run(_ frames: [TouchFrame]) throws -> [(time: Double, rows: Int, bytes: Int)] {
            let before = display.presents.count
            let loop = ReaderLoop(scene: reader, display: display, input: RecordedInput(frames: frames),
                                  clock: VirtualClock(start: (frames.first?.time ?? 1) - 1))
            try loop.run()
            return Array(display.presents[before...])
        }
        let first = try run([])
        XCTAssertEqual(first.first?.rows, height, "the first frame is written whole")
        let turn = try run(tap(760, 240, at: 2000)).filter { $0.rows > 0 }
        XCTAssertGreaterThan(turn.count, 5)
        for present in turn { XCTAssertLessThan(present.rows, height * 3 / 4, "a frame of the turn wrote every row") }
        let menu = try run(tap(400, 240, at: 5000))
        let opened = try XCTUnwrap(menu.first { $0.rows > 0 })
        XCTAssertLessThan(opened.rows, height / 3, "the menu's first frame writes its bars, not the page")
        _ = try run(tap(400, 240, at: 8000))
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(try run([]).filter { $0.rows > 0 }.count, 0, "a page at rest is not written again")
    }
}
