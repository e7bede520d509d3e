import Geometry
import Network
import XCTest
@testable import Reader

/// Where the catalogs screen's parts go, without a screen: every control
/// a finger high and on screen, nothing overlapping, the rows between the
/// header and the footer, and the progress bar's fill.
final class CatalogLayoutTests: XCTestCase {
    private let measure: (String) -> Int = { $0.count * 12 }
    private let allLabels = CatalogLayout.Labels(back: "Back", search: "Search", previous: "Previous", next: "Next")

    private func layout(_ metrics: InterfaceMetrics, labels: CatalogLayout.Labels? = nil, bottom: Int? = nil) -> CatalogLayout {
        CatalogLayout(metrics: metrics, labels: labels ?? allLabels, bottom: bottom ?? metrics.height, measure: measure)
    }

    func testControlsAreOnScreenAFingerHighAndApart() {
        for (width, height, scale) in [(800, 480, InterfaceScale.normal), (480, 800, .largest), (1280, 800, .normal)] {
            let metrics = InterfaceMetrics(width: width, height: height, scale: scale)
            let layout = layout(metrics)
            let placed = layout.headerPlaced + layout.footerPlaced
            XCTAssertEqual(placed.map(\.control.id), ["catalog.back", "catalog.search", "catalog.previous", "catalog.next"])
            let screen = PixelRect(x: 0, y: 0, width: width, height: height)
            for control in placed {
                XCTAssertGreaterThanOrEqual(control.rect.height, metrics.target, control.control.id)
                XCTAssertEqual(control.rect.intersection(screen), control.rect, "\(control.control.id) at \(width)x\(height)")
                for other in placed where other.control != control.control {
                    XCTAssertNil(control.rect.intersection(other.rect), "\(control.control.id) overlaps \(other.control.id)")
                }
            }
            XCTAssertEqual(layout.viewport.y, layout.header.maxY)
            XCTAssertEqual(layout.viewport.maxY, layout.footer.y, "the rows end where the footer starts")
            XCTAssertNil(layout.statusArea.intersection(layout.footerPlaced[0].rect))
        }
    }

    func testControlsWithoutALabelAreNotThere() {
        let layout = layout(InterfaceMetrics(width: 800, height: 480),
                            labels: CatalogLayout.Labels(back: "Back", search: nil, previous: nil, next: nil))
        XCTAssertEqual((layout.headerPlaced + layout.footerPlaced).map(\.control.id), ["catalog.back"])
        XCTAssertEqual(layout.statusArea.width, 800 - 4 * InterfaceMetrics(width: 800, height: 480).padding,
                       "the status line takes the footer's width")
    }

    func testTheKeyboardRaisesTheFooter() {
        let metrics = InterfaceMetrics(width: 800, height: 480)
        let low = layout(metrics)
        let raised = layout(metrics, bottom: 300)
        XCTAssertEqual(raised.footer.maxY, 300)
        XCTAssertLessThan(raised.viewport.height, low.viewport.height)
    }

    func testRowsAreControlsNumberedFromOneOnlyWhileMostlyInView() {
        let metrics = InterfaceMetrics(width: 800, height: 480)
        let layout = layout(metrics)
        let rows = layout.rows(count: 40, offsetY: 0, control: { .entry($0) }, label: { "Book \($0)" })
        XCTAssertEqual(rows.first?.control.id, "catalog.entry.1")
        XCTAssertTrue(rows.allSatisfy { $0.rect.y >= layout.viewport.y && $0.rect.maxY <= layout.viewport.maxY })
        XCTAssertTrue(rows.allSatisfy { $0.rect.height >= metrics.target })
        let scrolled = layout.rows(count: 40, offsetY: Double(layout.strip.rowHeight * 3), control: { .entry($0) }, label: { "\($0)" })
        XCTAssertEqual(scrolled.first?.control.id, "catalog.entry.4")
        let lines = layout.rowLines(3, offsetY: 0)
        XCTAssertLessThanOrEqual(lines.title.maxY, lines.authors.y)
        XCTAssertLessThanOrEqual(lines.authors.maxY, lines.frame.maxY)
    }

    func testTheBookChosenFitsBetweenTheBars() {
        for (width, height, scale) in [(800, 480, InterfaceScale.normal), (480, 800, .largest)] {
            let metrics = InterfaceMetrics(width: width, height: height, scale: scale)
            let layout = layout(metrics)
            let detail = layout.detail(label: "Download", measure: measure)
            XCTAssertEqual(detail.button.control.id, "catalog.download")
            XCTAssertGreaterThanOrEqual(detail.button.rect.height, metrics.target)
            XCTAssertLessThanOrEqual(detail.progress.maxY, layout.footer.y, "\(width)x\(height)")
            XCTAssertGreaterThan(detail.button.rect.y, detail.offer.y)
            XCTAssertGreaterThan(detail.progress.y, detail.button.rect.maxY)
        }
    }

    func testRightToLeftMirrorsTheBars() {
        var metrics = InterfaceMetrics(width: 800, height: 480)
        let plain = layout(metrics)
        metrics.isRightToLeft = true
        let mirrored = layout(metrics)
        XCTAssertEqual(mirrored.headerPlaced[0].rect.maxX, 800 - plain.headerPlaced[0].rect.x, "Back at the right")
        XCTAssertEqual(mirrored.footerPlaced[0].rect.maxX, 800 - plain.footerPlaced[0].rect.x, "Previous at the right")
    }

    func testProgressFillsItsShareOfTheBar() {
        XCTAssertEqual(CatalogLayout.filledWidth(200, fraction: 0), 0)
        XCTAssertEqual(CatalogLayout.filledWidth(200, fraction: 0.25), 50)
        XCTAssertEqual(CatalogLayout.filledWidth(200, fraction: 1), 200)
        XCTAssertEqual(CatalogLayout.filledWidth(200, fraction: 1.7), 200, "never past the end")
        XCTAssertEqual(CatalogLayout.filledWidth(200, fraction: -1), 0)
        XCTAssertEqual(CatalogLayout.filledWidth(200, fraction: .nan), 0)
        XCTAssertEqual(TransferProgress(bytes: 300, expectedBytes: 1200).fraction, 0.25)
        XCTAssertNil(TransferProgress(bytes: 300, expectedBytes: nil).fraction, "unknown without the whole size")
        XCTAssertNil(TransferProgress(bytes: 0, expectedBytes: 0).fraction)
        XCTAssertEqual(TransferProgress(bytes: 1300, expectedBytes: 1200).fraction, 1)
    }
}
