import BookModel
import Foundation
import Typesetting
import XCTest
@testable import Reader

/// Highlights and notes kept with the book: merged, changed, removed,
/// saved with the place and read back, cleared for a kiosk's next visitor,
/// refused when notes are off, and exported.
final class HighlightTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "highlights-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func session(fontSize: Int = 20, clock: SteppedClock? = nil) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: fontSize),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let store = clock.map { clock in StateStore(directory: folder, wallClock: { clock.now }) } ?? StateStore(directory: folder)
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(1), stateStore: store)
        reader.finishBackgroundWork()
        return reader
    }

    func testHighlightsMergeChangeAndSurviveARestartAtAnotherSize() throws {
        let note = String(repeating: "Ночь, улица, фонарь. 夜の灯り。 ", count: 4000)
        do {
            let reader = try session()
            defer { reader.stop() }
            XCTAssertEqual(reader.addHighlight(100..<110, color: .yellow), 0)
            XCTAssertEqual(reader.addHighlight(40..<50, color: .blue), 0, "book order")
            XCTAssertEqual(reader.addHighlight(105..<120, color: .yellow), 1, "merged with the yellow one it meets")
            XCTAssertEqual(reader.highlights.map(\.range), [40..<50, 100..<120])
            XCTAssertEqual(reader.highlights[1].text, reader.book.excerpt(100..<120))
            reader.updateHighlight(at: 1, color: .green, note: .some(note))
            reader.addHighlight(300..<310, color: .pink)
            reader.removeHighlight(at: 2)
        }
        let again = try session(fontSize: 28)
        defer { again.stop() }
        XCTAssertEqual(again.highlights.map(\.range), [40..<50, 100..<120], "by offsets, whatever the layout")
        XCTAssertEqual(again.highlights.map(\.color), [.blue, .green])
        XCTAssertEqual(again.highlights[1].note, note, "a long note in several scripts, kept whole")
        again.updateHighlight(at: 1, color: nil, note: .some(nil))
        XCTAssertNil(again.highlights[1].note)
    }

    /// When each was made and last changed, by the store's clock; a merge is as old as its oldest part.
    func testHighlightsKeepWhenTheyWereMadeAndChanged() throws {
        let clock = SteppedClock(now: 1_000)
        do {
            let reader = try session(clock: clock)
            defer { reader.stop() }
            reader.addHighlight(100..<110, color: .yellow)
            clock.now = 2_000
            reader.addHighlight(200..<210, color: .blue)
            clock.now = 3_000
            reader.updateHighlight(at: 1, color: nil, note: .some("later"))
            clock.now = 4_000
            reader.addHighlight(108..<130, color: .yellow)
        }
        let again = try session()
        defer { again.stop() }
        XCTAssertEqual(again.highlights.map(\.range), [100..<130, 200..<210])
        XCTAssertEqual(again.highlights.map(\.made), [1_000, 2_000])
        XCTAssertEqual(again.highlights.map(\.changed), [4_000, 3_000])
    }

    func testTheHighlightsTabListsThemAndATapGoesToOne() throws {
        let reader = try session()
        defer { reader.stop() }
        let far = reader.book.text.scalarCount - 200
        reader.addHighlight(far..<(far + 10), color: .green, note: "the end")
        ListScreen.open(.highlights, host: reader)
        XCTAssertEqual(reader.screenName, "highlights")
        let row = try XCTUnwrap(reader.describedControls.first { $0.id == "highlights.item.1" })
        XCTAssertTrue(row.label.contains(reader.book.excerpt(far..<(far + 10))) && row.label.contains("the end"), row.label)
        let screen = try XCTUnwrap(reader.openScreen.screen as? ListScreen)
        XCTAssertEqual(screen.targets, [far])
    }

    func testAStateFileFromBeforeHighlightsLoads() throws {
        let reader = try session()
        defer { reader.stop() }
        var state = ReadingState(book: StateStore.key(of: reader.book), offset: 0, path: Self.bookPath, bookmarks: [0])
        state.highlights = nil
        try StateStore(directory: folder).save(state)
        let fresh = try session()
        defer { fresh.stop() }
        XCTAssertEqual(fresh.highlights, [])
        XCTAssertEqual(fresh.bookmarks, [0])
    }

    func testAKioskVisitorsHighlightsGoAtTheIdleResetAndNoneAreMadeWhenNotesAreOff() throws {
        let reader = try session()
        defer { reader.stop() }
        reader.notesPolicy = .session
        reader.addHighlight(100..<110, color: .yellow)
        reader.resetForIdle(at: 100_000)
        XCTAssertEqual(reader.highlights, [])
        XCTAssertEqual(try session().highlights, [], "and the file keeps none")
        reader.notesPolicy = .off
        XCTAssertNil(reader.addHighlight(100..<110, color: .yellow))
        XCTAssertEqual(reader.highlights, [])
    }

    func testExportListsHighlightsWithTheirChaptersInBookOrder() throws {
        let reader = try session()
        defer { reader.stop() }
        let chapters = reader.book.chapters
        XCTAssertGreaterThan(chapters.count, 1)
        let late = chapters[1].offset + 20, early = chapters[0].offset + 20
        reader.addHighlight(late..<(late + 8), color: .pink)
        reader.addHighlight(early..<(early + 8), color: .yellow)
        reader.updateHighlight(at: 0, color: nil, note: .some("why it matters"))
        guard case let .found(state) = StateStore(directory: folder).load(book: StateStore.key(of: reader.book)) else {
            return XCTFail("no state saved")
        }
        let export = HighlightExport(book: reader.book, path: Self.bookPath, state: state)
        let json = try JSONSerialization.jsonObject(with: Data(export.json.utf8)) as? [String: Any]
        let items = try XCTUnwrap(json?["highlights"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["start"] as? Int }, [early, late])
        XCTAssertEqual(items.map { $0["chapter"] as? String }, [chapters[0].title, chapters[1].title])
        XCTAssertEqual(items[0]["note"] as? String, "why it matters")
        XCTAssertEqual(json?["title"] as? String, export.title)
        XCTAssertFalse(export.title.isEmpty)
        let markdown = export.markdown
        XCTAssertTrue(markdown.hasPrefix("# \(export.title)\n"))
        XCTAssertTrue(markdown.contains("## \(chapters[1].title)\n\n> \(reader.book.excerpt(late..<(late + 8)))"))
        XCTAssertTrue(markdown.contains("why it matters"))
        XCTAssertLessThan(try XCTUnwrap(markdown.range(of: chapters[0].title)).lowerBound,
                          try XCTUnwrap(markdown.range(of: chapters[1].title)).lowerBound)
    }
}

/// A wall clock a test sets by hand.
final class SteppedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Double
    init(now: Double) { value = now }
    var now: Double {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
