import BookModel
import Foundation
import Geometry
import Gestures
import Raster
import Typesetting
import XCTest
@testable import Reader

/// A long press selects a word; its handles stretch it; its bar
/// highlights it (marked on the page), and a search hit is marked and
/// walked from the menu.
final class SelectionTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path

    private func session() throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(1), stateStore: nil)
        reader.finishBackgroundWork()
        return reader
    }

    /// A finger held still for `ms` at `point`, from `time`.
    private func hold(_ point: Point, at time: Double, ms: Double = 700, id: Int = 1) -> [TouchFrame] {
        stride(from: time, through: time + ms, by: 50).map { TouchFrame(time: $0, touches: [Touch(id: id, x: point.x, y: point.y)]) }
            + [TouchFrame(time: time + ms + 10, touches: [])]
    }

    private func tap(_ id: String, _ reader: ReaderSession, at time: Double) throws {
        let control = try XCTUnwrap(reader.describedControls.last { $0.id == id }, "no \(id) on \(reader.screenName)")
        let x = Double(control.rect.x + control.rect.width / 2), y = Double(control.rect.y + control.rect.height / 2)
        try HeadlessRun(session: reader).run([TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]),
                                              TouchFrame(time: time + 60, touches: [])])
    }

    /// The centre of a word of the page on screen, in page pixels.
    private func centre(of word: String, _ reader: ReaderSession) throws -> (Point, Range<Int>) {
        let text = String(decoding: reader.book.text.utf8, as: UTF8.self)
        let page = reader.offsetRange
        let start = try XCTUnwrap(text.unicodeScalars.indices.dropFirst(page.lowerBound).prefix(page.count)
            .first { text.unicodeScalars[$0...].starts(with: word.unicodeScalars) })
        let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: start)
        let range = offset..<(offset + word.unicodeScalars.count)
        let layout = reader.renderer.typesetter.layoutPage(reader.currentPage, of: reader.knownPages)
        let rect = try XCTUnwrap(layout.text.rects(covering: range).first)
        return (Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2)), range)
    }

    func testALongPressSelectsTheWordAndAHighlightIsMarkedOnThePage() throws {
        let reader = try session()
        defer { reader.stop() }
        let (point, range) = try centre(of: "ladder", reader)
        try HeadlessRun(session: reader).run(hold(point, at: 1000))
        XCTAssertEqual(reader.screenName, "selection")
        XCTAssertEqual(reader.annotations.selection, range)
        let ids = reader.describedControls.map(\.id)
        for id in ["selection.highlight", "selection.note", "selection.lookup", "selection.search"] { XCTAssertTrue(ids.contains(id), id) }
        let paper = Theme.light.background
        let x = Int(point.x), y = Int(point.y)
        // Between the letters the paper shows the selection's colour.
        XCTAssertNotEqual(reader.frame[x, y - 9], paper)

        try tap("selection.highlight", reader, at: 3000)
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertNil(reader.annotations.selection)
        let kept = try XCTUnwrap(reader.highlights.last)
        XCTAssertEqual(kept.start..<kept.end, range)
        XCTAssertEqual(kept.text, "ladder")
        let marked = reader.frame[x, y - 9]
        XCTAssertNotEqual(marked, paper, "the highlight is on the page")
        XCTAssertGreaterThan(marked >> 16 & 0xFF, marked & 0xFF, "in yellow: more red than blue")
        // A word far from it is not marked.
        let (other, _) = try centre(of: "bakery", reader)
        XCTAssertEqual(reader.frame[Int(other.x), Int(other.y) - 9], paper)

        // A tap on the highlight opens it: another colour, then deleted.
        try HeadlessRun(session: reader).run([TouchFrame(time: 5000, touches: [Touch(id: 11, x: point.x, y: point.y)]),
                                              TouchFrame(time: 5060, touches: [])])
        XCTAssertEqual(reader.screenName, "highlight")
        try tap("highlight.color.green", reader, at: 7000)
        XCTAssertEqual(reader.highlights.last?.color, .green)
        try HeadlessRun(session: reader).run([TouchFrame(time: 9000, touches: [Touch(id: 12, x: point.x, y: point.y)]),
                                              TouchFrame(time: 9060, touches: [])])
        try tap("highlight.delete", reader, at: 11000)
        XCTAssertEqual(reader.highlights, [])
        XCTAssertEqual(reader.frame[x, y - 9], paper, "gone from the page")
    }

    func testTheEndHandleStretchesTheSelectionAndATapElsewhereLetsItGo() throws {
        let reader = try session()
        defer { reader.stop() }
        let (point, range) = try centre(of: "ladder", reader)
        try HeadlessRun(session: reader).run(hold(point, at: 1000))
        let handle = try XCTUnwrap(reader.describedControls.first { $0.id == "selection.end" })
        let start = Point(x: Double(handle.rect.x + handle.rect.width / 2), y: Double(handle.rect.y + handle.rect.height / 2))
        let (later, laterRange) = try centre(of: "bakery", reader)
        let end = Point(x: later.x, y: later.y + Double(handle.rect.height) / 2)
        var drag: [TouchFrame] = []
        for step in 0...10 {
            let fraction = Double(step) / 10
            let x = start.x + (end.x - start.x) * fraction, y = start.y + (end.y - start.y) * fraction
            drag.append(TouchFrame(time: 3000 + Double(step) * 30, touches: [Touch(id: 7, x: x, y: y)]))
        }
        drag.append(TouchFrame(time: 3400, touches: []))
        try HeadlessRun(session: reader).run(drag)
        let selected = try XCTUnwrap(reader.annotations.selection)
        XCTAssertEqual(selected.lowerBound, range.lowerBound, "the start stays")
        XCTAssertTrue(selected.contains(laterRange.lowerBound), "the end reached the word dragged to: \(selected) \(laterRange)")
        XCTAssertEqual(reader.screenName, "selection")
        try HeadlessRun(session: reader).run([TouchFrame(time: 5000, touches: [Touch(id: 9, x: 400, y: 470)]),
                                              TouchFrame(time: 5060, touches: [])])
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertNil(reader.annotations.selection)
    }

    func testAHandleTakenPastThePageRunsTheSelectionOnToTheNextPage() throws {
        let reader = try session()
        defer { reader.stop() }
        let (point, range) = try centre(of: "ladder", reader)
        try HeadlessRun(session: reader).run(hold(point, at: 1000))
        let firstPage = reader.offsetRange
        let handle = try XCTUnwrap(reader.describedControls.first { $0.id == "selection.end" })
        let start = Point(x: Double(handle.rect.x + handle.rect.width / 2), y: Double(handle.rect.y + handle.rect.height / 2))
        // Down to the footer: the next page comes; then up into its text.
        var frames: [TouchFrame] = []
        let path = [(start.x, start.y), (start.x, 470.0), (200.0, 470.0), (200.0, 150.0), (200.0, 140.0)]
        for (step, (x, y)) in path.enumerated() {
            frames.append(TouchFrame(time: 3000 + Double(step) * 100, touches: [Touch(id: 5, x: x, y: y)]))
        }
        frames.append(TouchFrame(time: 3600, touches: []))
        try HeadlessRun(session: reader).run(frames)
        XCTAssertEqual(reader.offsetRange.lowerBound, firstPage.upperBound, "the next page is shown")
        let selected = try XCTUnwrap(reader.annotations.selection)
        XCTAssertEqual(selected.lowerBound, range.lowerBound, "from the word held on the page before")
        XCTAssertTrue(reader.offsetRange.contains(selected.upperBound - 1), "to a word of the page shown: \(selected)")
        XCTAssertEqual(reader.screenName, "selection")
    }

    func testLookUpShowsTheDictionarysEntryForTheWord() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/dictd/gcide.index"), "GCIDE is not installed")
        let reader = try session()
        defer { reader.stop() }
        let (point, _) = try centre(of: "ladder", reader)
        try HeadlessRun(session: reader).run(hold(point, at: 1000))
        try tap("selection.lookup", reader, at: 3000)
        XCTAssertEqual(reader.screenName, "lookup")
        let text = try XCTUnwrap(reader.describedControls.first { $0.id == "lookup.text" }).label
        XCTAssertTrue(text.contains("Collaborative International Dictionary"), text)
        XCTAssertTrue(text.lowercased().contains("ladder"), text)
        try HeadlessRun(session: reader).run([TouchFrame(time: 5000, touches: [Touch(id: 9, x: 400, y: 20)]),
                                              TouchFrame(time: 5060, touches: [])])
        XCTAssertEqual(reader.screenName, "reading", "a tap above the panel closes it")
    }

    func testASearchHitIsMarkedAndTheMenuWalksTheHits() throws {
        let reader = try session()
        defer { reader.stop() }
        let search = SearchScreen(language: "en", query: "lamp", host: reader)
        reader.open(search)
        let rows = try XCTUnwrap(search.results?.rows)
        XCTAssertGreaterThan(rows.count, 3)
        try tap("search.result.2", reader, at: 1000)
        XCTAssertEqual(reader.annotations.searchHit, rows[1].hit.scalars)
        XCTAssertTrue(reader.offsetRange.contains(rows[1].hit.scalars.lowerBound))
        try HeadlessRun(session: reader).run([TouchFrame(time: 3000, touches: [Touch(id: 3, x: 400, y: 240)]),
                                              TouchFrame(time: 3060, touches: [])])
        XCTAssertEqual(reader.screenName, "menu")
        XCTAssertEqual(reader.describedControls.first { $0.id == "menu.hit.next" }?.label, "Hit 2 of \(rows.count) ›")
        try tap("menu.hit.next", reader, at: 5000)
        XCTAssertEqual(reader.annotations.searchHit, rows[2].hit.scalars)
        XCTAssertTrue(reader.offsetRange.contains(rows[2].hit.scalars.lowerBound))
        try tap("menu.hit.previous", reader, at: 7000)
        try tap("menu.hit.previous", reader, at: 9000)
        XCTAssertEqual(reader.annotations.searchHit, rows[0].hit.scalars)
    }
}
