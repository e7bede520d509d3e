import BookModel
import Foundation
import Geometry
import Gestures
import Raster
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The interface at its largest scale on the smallest screens, landscape
/// and portrait: every screen's controls (as `--describe` lists them) on
/// screen, none over another, each label inside its control; and the
/// scale chosen on the text panel.
final class LargePrintTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let bookPath = packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path

    private func session(width: Int, height: Int, scale: InterfaceScale, theme: Theme = .light,
                         store: StateStore? = nil) throws -> ReaderSession {
        var settings = ReaderSession.Settings(geometry: PageGeometry(width: width, height: height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: theme, language: "en")
        settings.interfaceScale = scale
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(3), stateStore: store)
        reader.finishBackgroundWork()
        return reader
    }

    /// Controls whose label is not drawn in them as one line: rows and
    /// passages cut to fit, the slider, the ribbon, swatches and handles.
    private static func drawsItsLabel(_ id: String) -> Bool {
        ![".item.", "search.result.", "note.text", "lookup.", "menu.slider", "menu.bookmark", "selection.start",
          "selection.end", "selection.highlight.", "highlight.color.", "search.query", "text.font."].contains { id.contains($0) }
    }

    /// Every control on screen, none over another, each label whole inside it.
    private func assertFits(_ reader: ReaderSession, _ place: String, file: StaticString = #filePath, line: UInt = #line) {
        let geometry = reader.settings.geometry
        let screen = PixelRect(x: 0, y: 0, width: geometry.width, height: geometry.height)
        let controls = reader.describedControls
        let name = "\(reader.screenName) at \(geometry.width)x\(geometry.height) (\(place))"
        XCTAssertFalse(controls.isEmpty, "\(name): no controls", file: file, line: line)
        guard let painter = reader.resources.painter(for: reader.settings) else { return XCTFail("no painter", file: file, line: line) }
        let metrics = reader.resources.metrics(for: reader.settings)
        for (index, control) in controls.enumerated() {
            XCTAssertTrue(screen.contains(control.rect), "\(name): \(control.id) \(control.rect) is off screen", file: file, line: line)
            for other in controls.dropFirst(index + 1) where control.rect.intersection(other.rect) != nil {
                XCTFail("\(name): \(control.id) \(control.rect) overlaps \(other.id) \(other.rect)", file: file, line: line)
            }
            guard Self.drawsItsLabel(control.id) else { continue }
            var shown = control.label
            if control.id.hasPrefix("key."), let key = keyboard(reader)?.placement(metrics).placed.first(where: {
                $0.control.id == control.id && $0.rect == control.rect
            }) {
                shown = OnScreenKeyboard.shownLabel(key, measure: { painter.width(of: $0) })
            }
            XCTAssertLessThanOrEqual(painter.width(of: shown), control.rect.width,
                                     "\(name): \(control.id)'s \"\(shown)\" is cut", file: file, line: line)
            XCTAssertGreaterThanOrEqual(control.rect.height, metrics.labelSize, "\(name): \(control.id) is too low",
                                        file: file, line: line)
        }
    }

    private func keyboard(_ reader: ReaderSession) -> OnScreenKeyboard? {
        (reader.openScreen.screen as? SearchScreen)?.keyboard ?? (reader.openScreen.screen as? NoteEditorScreen)?.keyboard
    }

    func testEveryScreenFitsTheSmallestScreensAtTwiceTheSize() throws {
        for (width, height) in [(800, 480), (480, 800)] {
            let reader = try session(width: width, height: height, scale: .largest)
            defer { reader.stop() }
            let metrics = reader.resources.metrics(for: reader.settings)
            XCTAssertGreaterThanOrEqual(metrics.target, 2 * InterfaceMetrics(width: width, height: height).target - 4,
                                        "targets about twice as large")
            reader.open(MenuScreen(at: 0))
            assertFits(reader, "the menu")
            for tab in ListLayout.Tab.allCases {
                ListScreen.open(tab, host: reader)
                assertFits(reader, tab.rawValue)
            }
            reader.open(TextPanelScreen())
            assertFits(reader, "the text panel")
            reader.open(SearchScreen(language: "en"))
            assertFits(reader, "typing a search")
            reader.open(SearchScreen(language: "en", query: "the", host: reader))
            assertFits(reader, "a search's results")
            let result = try XCTUnwrap(reader.describedControls.first { $0.id == "search.result.2" })
            try HeadlessRun(session: reader).run([
                TouchFrame(time: 1000, touches: [Touch(id: 1, x: Double(result.rect.x + 20), y: Double(result.rect.y + 10))]),
                TouchFrame(time: 1060, touches: []),
            ])
            XCTAssertEqual(reader.screenName, "reading")
            reader.wayBack = WayBack(offset: 0, page: 123, landed: reader.currentOffset)
            reader.open(MenuScreen(at: 0))
            XCTAssertTrue(reader.describedControls.contains { $0.id == "menu.hit.next" }, "the menu walks the hits")
            XCTAssertTrue(reader.describedControls.contains { $0.id == "menu.back" })
            assertFits(reader, "the menu with the way back and the hits")
            reader.closeScreen()
            let text = reader.renderer.typesetter.layoutPage(reader.currentPage, of: reader.knownPages).text
            // A word on the page's third line.
            let line = try XCTUnwrap(text.rects(covering: reader.offsetRange).dropFirst(2).first)
            XCTAssertTrue(SelectionScreen.begin(at: Point(x: Double(line.x + 30), y: Double(line.y + line.height / 2)), host: reader))
            assertFits(reader, "a word selected")
            reader.closeScreen()
            let start = reader.offsetRange.lowerBound + 120
            let index = try XCTUnwrap(reader.addHighlight(start..<(start + 6), color: .green))
            let mark = try XCTUnwrap(text.rects(covering: start..<(start + 6)).first)
            XCTAssertTrue(HighlightScreen.open(at: Point(x: Double(mark.x + 2), y: Double(mark.y + 2)), host: reader))
            assertFits(reader, "a highlight tapped")
            reader.open(NoteEditorScreen(highlight: index, host: reader))
            assertFits(reader, "a note written")
            reader.open(DefinitionScreen(word: "lamp", host: reader))
            assertFits(reader, "a word looked up")
        }
    }

    func testTheScaleIsChosenOnTheTextPanelAndKept() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-scale-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = StateStore(directory: directory)
        let reader = try session(width: 800, height: 480, scale: .normal, store: store)
        defer { reader.stop() }
        reader.open(TextPanelScreen())
        let before = try XCTUnwrap(reader.describedControls.first { $0.id == "text.scale.2x" })
        let normal = reader.resources.metrics(for: reader.settings).target
        try HeadlessRun(session: reader).run([
            TouchFrame(time: 1000, touches: [Touch(id: 1, x: Double(before.rect.x + 10), y: Double(before.rect.y + 10))]),
            TouchFrame(time: 1060, touches: []),
        ])
        XCTAssertEqual(reader.settings.interfaceScale, .largest)
        XCTAssertEqual(reader.screenName, "text", "the panel stays open, larger")
        let theme = try XCTUnwrap(reader.describedControls.first { $0.id == "text.theme.high-contrast" })
        XCTAssertGreaterThan(theme.rect.height, normal * 3 / 2, "the panel's own controls grew with it")
        XCTAssertEqual(store.loadTextSettings()?.interfaceScale, 2, "kept for the device")
        let panelTop = try XCTUnwrap(reader.describedControls.map(\.rect.y).min())
        XCTAssertEqual(reader.describedControls.first { $0.rect.y == panelTop }?.id.hasPrefix("text.theme."), true,
                       "the theme is at the panel's top")
    }

    func testATextPanelTallerThanTheScreenScrollsUnderItsThemeRow() throws {
        let reader = try session(width: 800, height: 480, scale: .largest)
        defer { reader.stop() }
        reader.resources.typefaces = [FontFamily(name: "DejaVu Serif", file: ReaderSessionTests.font, isSerif: true)]
        reader.open(TextPanelScreen())
        let before = reader.describedControls
        XCTAssertFalse(before.contains { $0.id == "text.font.1" }, "the typeface row is below the screen at first")
        let close = try XCTUnwrap(before.first { $0.id == "close" })
        // A slow drag up the rows, held before it lifts.
        var frames = (0...30).map { step in
            TouchFrame(time: 1000 + Double(step) * 16, touches: [Touch(id: 1, x: 400, y: 440 - Double(step) * 12)])
        }
        frames.append(TouchFrame(time: 1000 + 31 * 16 + 200, touches: [Touch(id: 1, x: 400, y: 80)]))
        frames.append(TouchFrame(time: 1000 + 31 * 16 + 220, touches: []))
        try HeadlessRun(session: reader).run(frames)
        let after = reader.describedControls
        XCTAssertTrue(after.contains { $0.id == "text.font.1" }, "\(after.map(\.id))")
        XCTAssertEqual(after.first { $0.id == "close" }, close, "the theme's row and Close stay put")
        XCTAssertTrue(after.contains { $0.id == "text.theme.light" })
        assertFits(reader, "the text panel scrolled")
    }

    func testTheScaleIsHeldToWhatTheScreenHolds() {
        let small = InterfaceMetrics(width: 800, height: 480, scale: .largest)
        XCTAssertLessThanOrEqual(Double(small.target), 480 / InterfaceMetrics.shortSideShare + 1)
        XCTAssertGreaterThan(small.scale, 1.8)
        // A 4.3" panel is already large at 1x: its targets are 9 mm, and 2x adds only what fits.
        let dense = InterfaceMetrics(width: 800, height: 480, physicalWidthMillimetres: 95, scale: .largest)
        XCTAssertEqual(dense.scale, 1)
        XCTAssertEqual(dense.target, InterfaceMetrics(width: 800, height: 480, physicalWidthMillimetres: 95).target)
        let large = InterfaceMetrics(width: 1920, height: 1200, scale: .large)
        XCTAssertEqual(large.scale, 1.5)
        XCTAssertLessThanOrEqual(abs(large.labelSize - InterfaceMetrics(width: 1920, height: 1200).labelSize * 3 / 2), 1)
        XCTAssertEqual(InterfaceScale(parsing: "1.5x"), .large)
        XCTAssertEqual(InterfaceScale(parsing: "2"), .largest)
        XCTAssertNil(InterfaceScale(parsing: "3"))
        XCTAssertEqual(InterfaceScale.largest.label, "2x")
    }
}
