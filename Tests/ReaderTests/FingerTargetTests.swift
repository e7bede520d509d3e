import BookModel
import Foundation
import Geometry
import PlainText
import Raster
import Typesetting
import XCTest
@testable import Reader

/// Every control of every screen is at least 9 mm on the glass each way,
/// and interface text at least 3 mm high, on panels of several sizes: from
/// the panel's size in millimetres when it is known, else counting 48 px
/// on a 1280 px wide screen as 9 mm.
final class FingerTargetTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path

    /// Screens in pixels, with the panel's size in millimetres when it reports one.
    private static let panels: [(width: Int, height: Int, millimetres: Size?)] = [
        (1280, 768, nil), (1920, 1080, nil), (768, 1280, nil), (1024, 600, nil),
        (800, 480, Size(width: 154, height: 86)),       // a 7 inch panel
        (1280, 800, Size(width: 217, height: 136)),     // 10.1 inch
        (1920, 1080, Size(width: 344, height: 194)),    // 15.6 inch
        (1024, 768, Size(width: 16, height: 9)),        // an EDID that gives only the aspect ratio
        (480, 800, Size(width: 86, height: 154)),       // the 7 inch panel upright
        (800, 1280, Size(width: 136, height: 217)),     // 10.1 inch upright, its pixels a little taller than wide
    ]

    /// Pixels in a millimetre on the panel across and down, worked out here on their own.
    private func density(_ panel: (width: Int, height: Int, millimetres: Size?)) -> (across: Double, down: Double) {
        if let millimetres = panel.millimetres, Double(panel.width) / millimetres.width < 40 {
            return (Double(panel.width) / millimetres.width, Double(panel.height) / millimetres.height)
        }
        let guessed = 48.0 / 9.0 * Double(max(panel.width, panel.height)) / 1280
        return (guessed, guessed)
    }

    /// The larger of the two: a length that is 9 mm both ways.
    private func pixelsPerMillimetre(_ panel: (width: Int, height: Int, millimetres: Size?)) -> Double {
        max(density(panel).across, density(panel).down)
    }

    private func session(_ panel: (width: Int, height: Int, millimetres: Size?), directory: String) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: panel.width, height: panel.height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en",
                                              panelSize: panel.millimetres)
        return try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                 start: .page(1), stateStore: StateStore(directory: directory))
    }

    /// The controls of each screen the reader shows, by screen.
    private func screens(of reader: ReaderSession) throws -> [(String, [ScreenControl])] {
        var result: [(String, [ScreenControl])] = []
        reader.toggleBookmark()
        reader.jump(to: reader.book.chapters.last?.offset ?? 0)
        try reader.handle(.toggleMenu, at: 1000)
        result.append(("menu", reader.describedControls))
        ListScreen.open(.contents, host: reader)
        result.append(("contents", reader.describedControls))
        ListScreen.open(.bookmarks, host: reader)
        result.append(("bookmarks", reader.describedControls))
        reader.closeScreen()
        reader.open(TextPanelScreen())
        result.append(("text", reader.describedControls))
        reader.closeScreen()
        reader.open(SearchScreen(language: "en"))
        result.append(("keyboard", reader.describedControls))
        reader.closeScreen()
        return result
    }

    func testEveryControlOfEveryScreenIsNineMillimetresEachWay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-targets-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for panel in Self.panels {
            let reader = try session(panel, directory: directory + "/\(panel.width)x\(panel.height)-\(panel.millimetres?.width ?? 0)")
            defer { reader.stop() }
            let (across, down) = density(panel)
            let screens = try screens(of: reader)
            XCTAssertEqual(screens.map { $0.1.isEmpty }, [false, false, false, false, false])
            XCTAssertTrue(screens[4].1.contains { $0.id == "key.q" }, "the keyboard is up")
            XCTAssertTrue(screens[0].1.contains { $0.id == "menu.back" }, "the way back is offered after the jump")
            XCTAssertTrue(screens[2].1.contains { $0.id == "bookmarks.item.1" }, "the bookmark is listed")
            for (screen, controls) in screens {
                for control in controls {
                    let place = "\(panel.width)x\(panel.height) \(screen) \(control.id) \(control.rect)"
                    XCTAssertGreaterThanOrEqual(Double(control.rect.width) / across, 9, place)
                    XCTAssertGreaterThanOrEqual(Double(control.rect.height) / down, 9, place)
                    XCTAssertTrue(control.rect.x >= 0 && control.rect.y >= 0 && control.rect.maxX <= panel.width
                                  && control.rect.maxY <= panel.height, "on the screen: \(place)")
                }
                for (index, control) in controls.enumerated() {
                    for other in controls[(index + 1)...] {
                        XCTAssertNil(control.rect.intersection(other.rect),
                                     "\(panel.width)x\(panel.height) \(screen): \(control.id) over \(other.id)")
                    }
                }
            }
        }
    }

    func testTheMenuWithTheLibraryKeepsItsTargets() {
        for panel in Self.panels {
            let metrics = InterfaceMetrics(width: panel.width, height: panel.height,
                                           physicalWidthMillimetres: panel.millimetres?.width,
                                           physicalHeightMillimetres: panel.millimetres?.height)
            let layout = MenuLayout(metrics: metrics, content: MenuContent(title: "A long title of a book", backPage: 12,
                                                                           hasLibrary: true),
                                    measure: { $0.count * metrics.labelSize * 6 / 10 })
            XCTAssertEqual(layout.controls.count, 7)
            for control in layout.controls {
                XCTAssertGreaterThanOrEqual(Double(min(control.rect.width, control.rect.height)),
                                            9 * pixelsPerMillimetre(panel), "\(panel.width)x\(panel.height) \(control.id)")
            }
        }
    }

    /// A capital painted as the interface paints its labels is 3 mm high or more.
    func testInterfaceCapitalsAreThreeMillimetresHigh() throws {
        for panel in Self.panels {
            let metrics = InterfaceMetrics(width: panel.width, height: panel.height,
                                           physicalWidthMillimetres: panel.millimetres?.width,
                                           physicalHeightMillimetres: panel.millimetres?.height)
            let painter = try InterfacePainter(font: ReaderSessionTests.font, metrics: metrics, language: "en")
            var frame = PixelBuffer(width: 400, height: 200)
            frame.fill(Theme.light.background)
            painter.paint(painter.place("HIE", in: PixelRect(x: 10, y: 10, width: 380, height: 180)), theme: .light,
                          into: &frame)
            let inked = (0..<frame.height).filter { y in
                (0..<frame.width).contains { frame.pixel(x: $0, y: y) != Theme.light.background }
            }
            let height = Double((inked.last ?? 0) - (inked.first ?? 0) + 1)
            XCTAssertGreaterThanOrEqual(height, 3 * pixelsPerMillimetre(panel),
                                        "\(panel.width)x\(panel.height): capitals \(height) px high")
        }
    }
}
