import BookModel
import Foundation
import Geometry
import Gestures
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The reader with two pages a spread: the buffers hold spreads, a tap
/// turns a spread, a long press on the right-hand page selects its word,
/// and switching between one and two pages keeps the place.
final class SpreadReaderTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
    private static let geometry = PageGeometry(width: 1280, height: 800, fontSize: 20)

    private func session(columns: ColumnChoice, page: Int = 2) throws -> ReaderSession {
        var settings = ReaderSession.Settings(geometry: Self.geometry, font: ReaderSessionTests.font, theme: .light,
                                              language: "en")
        settings.columns = columns
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(page), stateStore: nil)
        reader.finishBackgroundWork()
        return reader
    }

    private func tap(x: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: 400)]), TouchFrame(time: time + 60, touches: [])]
    }

    func testTheBuffersHoldSpreadsAndATapTurnsASpread() throws {
        let reader = try session(columns: .two)
        defer { reader.stop() }
        XCTAssertEqual(reader.currentPage, 2)
        XCTAssertEqual(reader.spreadCount, (reader.knownPageCount + 1) / 2)
        XCTAssertEqual(reader.offsetRange, reader.knownPages.pages[2].start..<reader.knownPages.pages[3].end)
        reader.compose()
        // Ink on both halves of the frame, and a gutter of bare page between them.
        let frame = reader.frame, background = Theme.light.background
        func inked(_ columns: Range<Int>) -> Bool {
            (60..<720).contains { y in columns.contains { frame.pixels[y * frame.stride + $0] != background } }
        }
        XCTAssertTrue(inked(0..<600))
        XCTAssertTrue(inked(680..<1280))
        XCTAssertFalse(inked(628..<652), "the gutter")
        try HeadlessRun(session: reader).run(tap(x: 1200, at: 1000))
        XCTAssertEqual(reader.currentPage, 4, "a tap turns a spread of two pages")
        XCTAssertEqual(reader.cache.allocatedBuffers, PageCache.bufferCount)
    }

    func testALongPressOnTheRightHandPageSelectsAWordOfThatPage() throws {
        let reader = try session(columns: .two)
        defer { reader.stop() }
        let pages = reader.knownPages
        let right = pages.pages[3]
        let layout = reader.renderer.typesetter.layoutSpread(reader.currentSpread, of: pages)
        let line = try XCTUnwrap(layout.text.lines.first { $0.first >= right.start && $0.last < right.end })
        let rect = try XCTUnwrap(layout.text.rects(covering: line.first..<(line.first + 1)).first)
        XCTAssertGreaterThan(rect.x, 640, "the second page is on the right")
        let point = Point(x: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2))
        let frames = stride(from: 1000.0, through: 1700, by: 50).map { TouchFrame(time: $0, touches: [Touch(id: 1, x: point.x, y: point.y)]) }
            + [TouchFrame(time: 1710, touches: [])]
        try HeadlessRun(session: reader).run(frames)
        XCTAssertEqual(reader.screenName, "selection")
        let selected = try XCTUnwrap(reader.annotations.selection)
        XCTAssertTrue(selected.contains(line.first), "\(selected) holds \(line.first)")
    }

    func testSwitchingBetweenOneAndTwoPagesKeepsThePlace() throws {
        let reader = try session(columns: .one, page: 5)
        defer { reader.stop() }
        let place = reader.currentOffset
        let settings = reader.settings
        try reader.relayout(geometry: settings.geometry, theme: settings.theme, columns: .two)
        reader.finishBackgroundWork()
        XCTAssertEqual(reader.settings.columns, .two)
        XCTAssertEqual(reader.renderer.typesetter.spread.columns, 2)
        XCTAssertTrue(reader.offsetRange.contains(place), "\(reader.offsetRange) holds \(place)")
        try reader.relayout(geometry: settings.geometry, theme: settings.theme, columns: .one)
        reader.finishBackgroundWork()
        XCTAssertEqual(reader.currentOffset, place, "the same page again")
    }

    func testThePanelsPagesRowSetsTheBookTwoPagesASpread() throws {
        let reader = try session(columns: .one, page: 3)
        defer { reader.stop() }
        let place = reader.currentOffset
        reader.open(TextPanelScreen())
        let control = try XCTUnwrap(reader.describedControls.last { $0.id == "text.pages.2" })
        let x = Double(control.rect.x + control.rect.width / 2), y = Double(control.rect.y + control.rect.height / 2)
        try HeadlessRun(session: reader).run([TouchFrame(time: 1000, touches: [Touch(id: 1, x: x, y: y)]),
                                              TouchFrame(time: 1060, touches: [])])
        XCTAssertEqual(reader.settings.columns, .two)
        XCTAssertEqual(reader.renderer.typesetter.spread.columns, 2)
        XCTAssertTrue(reader.offsetRange.contains(place), "\(reader.offsetRange) holds \(place)")
    }

    func testASpreadWhoseSecondPageBecomesKnownLaterIsDrawnWithIt() throws {
        var settings = ReaderSession.Settings(geometry: Self.geometry, font: ReaderSessionTests.font, theme: .light,
                                              language: "en")
        settings.columns = .two
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .offset(0), stateStore: nil)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        reader.compose()
        let pages = reader.knownPages
        XCTAssertGreaterThan(pages.pages.count, 1)
        var expected = PixelBuffer(width: 1280, height: 800)
        PagePainter(theme: .light).paint(reader.renderer.typesetter.layoutSpread(0, of: pages),
                                         fonts: reader.renderer.typesetter.fonts, cache: GlyphCache(), into: &expected)
        let differing = zip(reader.frame.pixels, expected.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the frame shows both pages of the first spread")
    }

    func testAJumpToTheRightHandPageMakesItThePlace() throws {
        let reader = try session(columns: .two, page: 0)
        defer { reader.stop() }
        let target = reader.knownPages.pages[3]
        reader.show(offset: target.start + 5)
        XCTAssertEqual(reader.currentSpread, 1)
        XCTAssertEqual(reader.currentPage, 3, "the page jumped to, on the right of its spread")
        XCTAssertEqual(reader.currentOffset, target.start)
        XCTAssertEqual(reader.pageIndexInBook, 3)
        let settings = reader.settings
        try reader.relayout(geometry: settings.geometry, theme: settings.theme, columns: .one)
        reader.finishBackgroundWork()
        XCTAssertTrue(reader.offsetRange.contains(target.start + 5), "one page a screen shows the page jumped to")
    }
}
