import BookModel
import Devices
import Geometry
import Gestures
import Raster
import XCTest
@testable import Reader

/// The library's layout and hit-testing, pure, and its screen driven by
/// gestures and keys with explicit times.
final class LibraryLayoutTests: XCTestCase {
    private let metrics = InterfaceMetrics(width: 1280, height: 768)

    func testEveryControlIsAFingerWideAndRowsHoldACover() {
        let plain = LibraryLayout(metrics: metrics, hasOpenBook: false) { $0.count * 13 }
        XCTAssertEqual(plain.headerControls, [], "no Close without a book to go back to")
        let layout = LibraryLayout(metrics: metrics, hasOpenBook: true) { $0.count * 13 }
        XCTAssertEqual(layout.headerControls.map(\.id), ["close"])
        for control in layout.headerControls + layout.controls(count: 30, offsetY: 0, label: { "Book \($0)" }) {
            XCTAssertGreaterThanOrEqual(control.rect.height, metrics.target / 2, control.id)
            XCTAssertGreaterThanOrEqual(control.rect.width, metrics.target, control.id)
        }
        XCTAssertGreaterThanOrEqual(layout.rowHeight, 2 * metrics.target)
        let row = layout.row(0, offsetY: 0, padding: metrics.padding)
        XCTAssertEqual(row.cover.height, layout.coverHeight)
        XCTAssertLessThanOrEqual(row.cover.maxY, row.frame.maxY)
        XCTAssertGreaterThan(row.title.x, row.cover.maxX)
        XCTAssertLessThanOrEqual(row.title.maxX, metrics.width)
        XCTAssertLessThanOrEqual(row.progress.maxY, row.frame.maxY)
        XCTAssertGreaterThanOrEqual(layout.titleArea.height, metrics.target)
    }

    func testOnlyBooksInViewAreControlsCountingFromOneInListedOrder() {
        let layout = LibraryLayout(metrics: metrics, hasOpenBook: false) { $0.count * 13 }
        let top = layout.controls(count: 1000, offsetY: 0) { "Book \($0 + 1)" }
        XCTAssertEqual(top.first?.id, "library.book.1")
        XCTAssertEqual(top.first?.label, "Book 1")
        XCTAssertLessThanOrEqual(top.count, layout.viewport.height / layout.rowHeight + 1)
        for control in top {
            XCTAssertGreaterThanOrEqual(control.rect.y, layout.viewport.y)
            XCTAssertLessThanOrEqual(control.rect.maxY, layout.viewport.maxY)
        }
        let scrolled = layout.controls(count: 1000, offsetY: Double(layout.rowHeight * 500)) { "Book \($0 + 1)" }
        XCTAssertEqual(scrolled.first?.id, "library.book.501")
        XCTAssertEqual(layout.strip.row(atY: Double(layout.viewport.y + 1), offsetY: Double(layout.rowHeight * 500),
                                        count: 1000), 500)
        XCTAssertNil(layout.strip.row(atY: 10, offsetY: 0, count: 1000), "the header is no book")
        XCTAssertNil(layout.strip.row(atY: Double(layout.viewport.y + 1), offsetY: 0, count: 0))
    }

    func testRowsScrollIntoViewAndNeverPastTheEnd() {
        let strip = RowStrip(viewport: PixelRect(x: 0, y: 50, width: 400, height: 300), rowHeight: 100)
        XCTAssertEqual(strip.offsetRevealing(0, from: 0), nil)
        XCTAssertEqual(strip.offsetRevealing(5, from: 0), 300, "the sixth row's foot at the view's foot")
        XCTAssertEqual(strip.offsetRevealing(1, from: 250), 100)
        XCTAssertEqual(strip.maximumOffset(count: 10), 700)
        XCTAssertEqual(strip.maximumOffset(count: 2), 0)
        XCTAssertEqual(strip.visibleRows(count: 10, offsetY: 150), 1..<5)
    }

    // MARK: The screen

    private func tap(_ x: Double, _ y: Double, at time: Double) -> GestureEvent {
        GestureEvent(time: time, kind: .tap(at: Point(x: x, y: y), zone: .middle))
    }

    func testATapOnABookAsksForItAndTheHeaderIsNoBook() throws {
        let fixture = try LibraryFixture(books: [("emma.txt", "EMMA", "Jane Austen"), ("ode.txt", "Ode", "John Keats")])
        defer { fixture.remove() }
        let library = try fixture.library()
        XCTAssertEqual(library.entries.map(\.name), ["emma.txt", "ode.txt"])
        XCTAssertEqual(library.controls.map(\.label), ["Emma, Jane Austen", "Ode, John Keats"])
        let second = try XCTUnwrap(library.controls.first { $0.id == "library.book.2" }).rect
        XCTAssertEqual(library.handle(tap(Double(second.x + 400), Double(second.y + 10), at: 100)),
                       .open(library.entries[1]))
        XCTAssertNil(library.handle(tap(400, 10, at: 200)))
        XCTAssertNil(library.handle(tap(400, 470, at: 300)), "below the last book")
        XCTAssertNil(library.handle(.closeScreenOrQuit, at: 400), "nothing behind to go back to")
        library.hasOpenBook = true
        let close = try XCTUnwrap(library.controls.first { $0.id == "close" }).rect
        XCTAssertEqual(library.handle(tap(Double(close.x + 5), Double(close.y + 5), at: 500)), .close)
        XCTAssertEqual(library.handle(.openLibrary, at: 600), .close)
    }

    func testADragScrollsWithMomentumAndTheTopBouncesBack() throws {
        let fixture = try LibraryFixture(count: 40)
        defer { fixture.remove() }
        let library = try fixture.library()
        var time = 1000.0
        func drag(from: Double, to: Double, steps: Int = 6) {
            _ = library.handle(GestureEvent(time: time, kind: .fingerDown(id: 1, at: Point(x: 400, y: from))))
            for step in 1...steps {
                time += 16
                let y = from + (to - from) * Double(step) / Double(steps)
                _ = library.handle(GestureEvent(time: time, kind: .fingerMoved(id: 1, to: Point(x: 400, y: y))))
            }
            _ = library.handle(GestureEvent(time: time, kind: .fingerUp(id: 1, at: Point(x: 400, y: to))))
        }
        drag(from: 400, to: 150)
        let released = library.offsetY
        XCTAssertGreaterThan(released, 200, "the list follows the finger")
        XCTAssertTrue(library.isMoving, "a flick goes on")
        XCTAssertTrue(library.advance(to: time + 200))
        XCTAssertGreaterThan(library.offsetY, released, "momentum carries it on")
        _ = library.advance(to: time + 10_000)
        XCTAssertFalse(library.isMoving)
        library.finishBackgroundWork()
        XCTAssertFalse(library.hasBackgroundWork)
        XCTAssertFalse(library.advance(to: time + 10_100), "at rest nothing is drawn again")
        XCTAssertEqual(library.controls.first?.id.hasPrefix("library.book."), true)
        XCTAssertNotEqual(library.controls.first?.id, "library.book.1")

        library.scrollToTop()
        time += 20_000
        drag(from: 120, to: 400, steps: 10)
        XCTAssertLessThan(library.offsetY, 0, "pulled past the top, the list stretches")
        _ = library.advance(to: time + 3000)
        XCTAssertEqual(library.offsetY, 0, accuracy: 0.5, "and bounces back")
    }

    /// The rows on screen are found before a frame at rest; those a screen
    /// below and above are found behind it, for a scroll to come.
    func testCoversAreFoundForTheRowsOnAndNearTheScreen() throws {
        let fixture = try LibraryFixture(count: 30)
        defer { fixture.remove() }
        let library = try fixture.library()
        XCTAssertTrue(library.advance(to: 0))
        let visible = library.layout.strip.visibleRows(count: 30, offsetY: 0)
        for row in visible { XCTAssertNotNil(library.catalogue.known(library.entries[row]), "row \(row) on screen") }
        library.finishBackgroundWork()
        let below = library.entries[visible.upperBound + visible.count - 1]
        XCTAssertEqual(library.catalogue.known(below)?.info.title, "Book " + below.name.dropFirst(5).prefix(4))
        XCTAssertNil(library.catalogue.known(library.entries[29]), "far rows wait until they come near")
        let key = CoverCache.key(path: below.path, status: below.status, coverWidth: library.layout.coverWidth,
                                 coverHeight: library.layout.coverHeight, font: ReaderSessionTests.font.path, formatVersion: 1)
        XCTAssertNotNil(fixture.covers.load(key: key), "and written to the cache")
        library.stop()
    }

    func testArrowsChooseABookAndEnterOpensIt() throws {
        let fixture = try LibraryFixture(count: 12)
        defer { fixture.remove() }
        let library = try fixture.library()
        XCTAssertNil(library.handle(.nextPage, at: 0))
        XCTAssertEqual(library.selected, 0)
        for index in 1...9 { _ = library.handle(.nextPage, at: Double(index) * 100) }
        XCTAssertEqual(library.selected, 9)
        _ = library.advance(to: 5000)
        _ = library.advance(to: 6000)
        XCTAssertTrue(library.controls.contains { $0.id == "library.book.10" }, "the chosen book is scrolled into view")
        XCTAssertEqual(library.handle(.activate, at: 5100), .open(library.entries[9]))
        _ = library.handle(.firstPage, at: 5200)
        XCTAssertEqual(library.selected, 0)
        _ = library.handle(.lastPage, at: 5300)
        XCTAssertEqual(library.selected, 11)
    }

    func testABookThatCannotBeOpenedIsListedWithTheReasonAndNotAskedFor() throws {
        let fixture = try LibraryFixture(books: [("emma.txt", "EMMA", "Jane Austen")])
        defer { fixture.remove() }
        try Data([0x89, 0x50, 0x4E, 0x47, 0, 0]).write(to: URL(fileURLWithPath: fixture.books + "/image.txt"))
        try Data("PK\u{3}\u{4} cut short".utf8).write(to: URL(fileURLWithPath: fixture.books + "/novel.epub"))
        let library = try fixture.library()
        let labels = library.controls.map(\.label)
        XCTAssertEqual(Array(labels.prefix(2)), ["Emma, Jane Austen", "image (cannot be opened: a PNG image, not text)"])
        XCTAssertTrue(labels.count == 3 && labels[2].hasPrefix("novel (cannot be opened: a damaged zip archive ("), "\(labels)")
        let image = try XCTUnwrap(library.controls.first { $0.id == "library.book.2" }).rect
        XCTAssertNil(library.handle(tap(400, Double(image.y + 10), at: 100)))
        library.openingFailed(path: library.entries[0].path, problem: "permission denied")
        XCTAssertEqual(library.controls.first?.label, "Emma, Jane Austen (cannot be opened: permission denied)")
        library.opened(path: library.entries[0].path)
        XCTAssertEqual(library.controls.first?.label, "Emma, Jane Austen")
    }
}
