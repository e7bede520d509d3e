import BookModel
import Raster
import XCTest
@testable import Reader

/// The contents and bookmarks lists' layout and hit-testing, pure.
final class ListLayoutTests: XCTestCase {
    private let metrics = InterfaceMetrics(width: 1280, height: 768)

    private func rows(_ count: Int) -> [ListRow] {
        (0..<count).map { ListRow(title: "Chapter \($0 + 1)", pageLabel: "\($0 * 10 + 1)") }
    }

    func testTheHeaderOffersTheOtherTabAndClose() {
        let contents = ListLayout(metrics: metrics, tab: .contents, measure: { $0.count * 13 })
        XCTAssertEqual(contents.headerControls.map(\.id), ["contents.bookmarks", "contents.highlights", "close"])
        let marks = ListLayout(metrics: metrics, tab: .bookmarks, measure: { $0.count * 13 })
        XCTAssertEqual(marks.headerControls.map(\.id), ["bookmarks.contents", "bookmarks.highlights", "close"])
        let highlights = ListLayout(metrics: metrics, tab: .highlights, measure: { $0.count * 13 })
        XCTAssertEqual(highlights.headerControls.map(\.id), ["highlights.contents", "highlights.bookmarks", "close"])
        for control in contents.headerControls {
            XCTAssertGreaterThanOrEqual(control.rect.height, metrics.target)
            XCTAssertGreaterThanOrEqual(control.rect.width, metrics.target)
        }
        XCTAssertGreaterThanOrEqual(contents.rowHeight, metrics.target, "a row is a finger high")
    }

    func testOnlyRowsInViewAreControlsCountingFromOne() {
        let layout = ListLayout(metrics: metrics, tab: .contents, measure: { $0.count * 13 })
        let all = rows(40)
        let top = layout.controls(rows: all, offsetY: 0).filter { $0.id.hasPrefix("contents.item.") }
        XCTAssertEqual(top.first?.id, "contents.item.1")
        XCTAssertEqual(top.first?.label, "Chapter 1")
        XCTAssertEqual(top.count, layout.viewport.height / layout.rowHeight + (layout.viewport.height % layout.rowHeight >= layout.targetHeight ? 1 : 0),
                       "a row with less than a finger's height in view is no control")
        for control in top {
            XCTAssertGreaterThanOrEqual(control.rect.y, layout.viewport.y, "no row is reported under the header")
            XCTAssertLessThanOrEqual(control.rect.maxY, layout.viewport.maxY)
        }
        let scrolled = layout.controls(rows: all, offsetY: Double(layout.rowHeight * 10))
            .filter { $0.id.hasPrefix("contents.item.") }
        XCTAssertEqual(scrolled.first?.id, "contents.item.11")
        XCTAssertEqual(scrolled.first?.rect.y, layout.viewport.y)
    }

    func testTheCurrentRowIsBroughtIntoView() {
        let layout = ListLayout(metrics: metrics, tab: .contents, measure: { $0.count * 13 })
        XCTAssertEqual(layout.offsetShowing(0, count: 40), 0)
        let offset = layout.offsetShowing(30, count: 40)
        XCTAssertTrue(layout.visibleRows(count: 40, offsetY: offset).contains(30))
        let last = layout.offsetShowing(39, count: 40)
        XCTAssertEqual(last, Double(layout.contentHeight(rows: 40) - layout.viewport.height), "never past the end")
    }

    func testATapFindsItsRowAtAnyScroll() {
        let layout = ListLayout(metrics: metrics, tab: .contents, measure: { $0.count * 13 })
        var current = rows(40)
        current[25].isCurrent = true
        let list = ListScreen(tab: .contents, layout: layout, rows: current, targets: Array(0..<40))
        XCTAssertTrue(layout.visibleRows(count: 40, offsetY: list.offsetY).contains(25), "opened with the current chapter in view")
        let control = layout.controls(rows: current, offsetY: list.offsetY).first { $0.id == "contents.item.26" }
        XCTAssertNotNil(control)
        if let rect = control?.rect {
            XCTAssertEqual(list.row(atX: 100, y: Double(rect.y + rect.height / 2)), 25)
        }
        XCTAssertNil(list.row(atX: 100, y: 10), "the header is no row")
    }
}
