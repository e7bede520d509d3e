import BookModel
import Devices
import Foundation
import PlainText
import Typesetting
import XCTest
@testable import Reader

/// Escape through the reader loop: it closes whatever screen is open over
/// the page, one at a time, and only on the page itself quits; in kiosk
/// mode (where it comes as `closeScreen`) it never quits.
final class EscapeKeyTests: XCTestCase {
    private func session() throws -> ReaderSession {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        return try ReaderSession(book: try Book.open(path: path), path: path, settings: settings, start: .page(1),
                                 stateStore: nil)
    }

    private func run(_ reader: ReaderSession, _ keys: [ReaderCommand], from start: Double) throws -> String {
        let commands = keys.enumerated().map { (time: start + Double($0.offset) * 500, command: $0.element) }
        let loop = ReaderLoop(scene: reader, display: HeadlessDisplay(width: 800, height: 480),
                              input: RecordedInput(frames: [], commands: commands), clock: VirtualClock(start: start))
        return try loop.run()
    }

    func testEscapeClosesEachScreenAndOnlyThenQuits() throws {
        let reader = try session()
        defer { reader.stop() }
        for (open, name) in [(ReaderCommand.toggleMenu, "menu"), (.toggleContents, "contents"), (.toggleText, "text")] {
            try reader.handle(open, at: 100)
            XCTAssertEqual(reader.screenName, name)
            XCTAssertEqual(try run(reader, [.closeScreenOrQuit], from: 1000), "input over", "Escape over \(name) does not quit")
            XCTAssertEqual(reader.screenName, "reading", "Escape closed \(name)")
        }
        ListScreen.open(.bookmarks, host: reader)
        XCTAssertEqual(reader.screenName, "bookmarks")
        XCTAssertEqual(try run(reader, [.closeScreenOrQuit, .closeScreenOrQuit], from: 6000), "quit key",
                       "the first Escape closes the list, the second quits from the page")
        XCTAssertEqual(reader.screenName, "reading")
    }

    func testInKioskModeEscapeNeverQuits() throws {
        let reader = try session()
        defer { reader.stop() }
        try reader.handle(.toggleMenu, at: 100)
        XCTAssertEqual(try run(reader, [.closeScreen, .closeScreen, .closeScreen], from: 1000), "input over")
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.pageIndexInBook, 1, "nothing else happened to the page")
    }
}
