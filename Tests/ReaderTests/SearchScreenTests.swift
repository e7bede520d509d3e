import BookModel
import Foundation
import Gestures
import PlainText
import Typesetting
import XCTest
@testable import Reader

/// The search screen through a session as the loop drives it: typed on
/// its keyboard, results listed, a result tapped goes to its page.
final class SearchScreenTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path

    private func session() throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        return try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                 start: .page(1), stateStore: nil)
    }

    private func tapControl(_ id: String, _ reader: ReaderSession, at time: Double) throws {
        let control = try XCTUnwrap(reader.describedControls.last { $0.id == id }, "no \(id) on \(reader.screenName)")
        let x = Double(control.rect.x + control.rect.width / 2), y = Double(control.rect.y + control.rect.height / 2)
        try HeadlessRun(session: reader).run([TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]),
                                              TouchFrame(time: time + 60, touches: [])])
    }

    func testAQueryTypedOnTheKeysListsItsHitsAndATapGoesToOne() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.finishBackgroundWork()
        reader.open(SearchScreen(language: "en"))
        XCTAssertEqual(reader.screenName, "search")
        var time = 1000.0
        for letter in "lamp" {
            try tapControl("key.\(letter)", reader, at: time)
            time += 500
        }
        let screen = try XCTUnwrap(reader.openScreen.screen as? SearchScreen)
        XCTAssertEqual(screen.query, "lamp")
        try tapControl("key.enter", reader, at: time)
        let results = reader.describedControls.filter { $0.id.hasPrefix("search.result.") }
        XCTAssertFalse(results.isEmpty, "results listed in the frame after the query")
        XCTAssertFalse(reader.describedControls.contains { $0.id.hasPrefix("key.") }, "the keyboard went down")
        let text = String(decoding: reader.book.text.utf8, as: UTF8.self).lowercased()
        XCTAssertTrue(results.allSatisfy { $0.label.lowercased().contains("lamp") }, "\(results.prefix(2))")
        XCTAssertGreaterThan(text.components(separatedBy: "lamp").count - 1, results.count - 1)
        let found = try XCTUnwrap(screen.results?.rows)
        XCTAssertEqual(found.map(\.hit.scalars.lowerBound), found.map(\.hit.scalars.lowerBound).sorted(), "book order")
        try tapControl(results[1].id, reader, at: time + 1500)
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertTrue(reader.offsetRange.contains(found[1].hit.scalars.lowerBound), "the page holding the second hit")
    }

    func testDeleteEditsTheQueryAndABlankQueryFindsNothing() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let screen = SearchScreen(language: "en")
        reader.open(screen)
        screen.apply(.insert(" \u{1}\u{7F} "), host: reader)
        XCTAssertEqual(screen.query, "  ", "control characters are not typed")
        screen.apply(.enter, host: reader)
        XCTAssertNil(screen.results, "a blank query is not searched")
        screen.apply(.insert("ab"), host: reader)
        screen.apply(.deleteBackward, host: reader)
        XCTAssertEqual(screen.query, "  a")
        screen.apply(.insert(String(repeating: "x", count: 5000)), host: reader)
        XCTAssertEqual(screen.query.count, SearchScreen.maximumQueryLength)
        screen.apply(.enter, host: reader)
        XCTAssertEqual(screen.results?.isComplete, true)
        XCTAssertEqual(screen.results?.rows.count, 0)
    }

    func testTheMenuOpensSearch() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.finishBackgroundWork()
        try HeadlessRun(session: reader).run([TouchFrame(time: 1000, touches: [Touch(id: 1, x: 400, y: 240)]),
                                              TouchFrame(time: 1060, touches: [])])
        try tapControl("menu.search", reader, at: 2500)
        XCTAssertEqual(reader.screenName, "search")
        XCTAssertGreaterThanOrEqual(reader.describedControls.filter { $0.id.hasPrefix("key.") }.count, 30)
    }
}
