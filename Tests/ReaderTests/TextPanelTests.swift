import BookModel
import Devices
import Foundation
import Gestures
import PlainText
import Raster
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The text panel: its layout and steps (pure), and changes through the
/// reader loop that keep the place and show at once.
final class TextPanelTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let bookPath = packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path

    private static let dejaVu = [
        FontFamily(name: "DejaVu Serif", file: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), isSerif: true),
        FontFamily(name: "DejaVu Sans", file: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), isSerif: false),
    ]

    func testTheInstalledSerifAndSansFamiliesAreOffered() {
        let families = FontLocator.bodyFamilies(language: "en")
        XCTAssertLessThanOrEqual(families.count, 6)
        XCTAssertTrue(families.contains { $0.name == "DejaVu Serif" && $0.isSerif }, "\(families.map(\.name))")
        XCTAssertTrue(families.contains { $0.name == "DejaVu Sans" && !$0.isSerif })
        XCTAssertFalse(families.contains { $0.name.contains("Mono") }, "no monospaced family")
        let serifFirst = families.map(\.isSerif)
        XCTAssertEqual(serifFirst, serifFirst.sorted { $0 && !$1 }, "serif families first")
    }

    func testAnotherTypefaceKeepsThePlace() throws {
        let reader = try session(page: 5)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        reader.resources.typefaces = Self.dejaVu
        let first = reader.currentOffset
        reader.open(TextPanelScreen())
        XCTAssertEqual(reader.describedControls.filter { $0.id.hasPrefix("text.font.") }.map(\.label), ["DejaVu Serif", "DejaVu Sans"])
        try tapControl("text.font.2", reader, at: 1000)
        XCTAssertEqual(reader.settings.font, Self.dejaVu[1].file)
        XCTAssertTrue(reader.offsetRange.contains(first), "the first character of the page before is still on screen")
        XCTAssertTrue(TextPanelScreen.selected(reader.settings, typefaces: Self.dejaVu).contains(.font(1)))
    }

    func testThePlaceSurvivesManyRelayoutsUntilAPageIsTurned() throws {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt", settings: settings,
                                       start: .page(40), stateStore: nil)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let place = reader.currentOffset
        let panel = TextPanelScreen()
        let steps = Array(repeating: TextPanelControl.larger, count: 4) + Array(repeating: .smaller, count: 4)
            + [.spacing(2), .margins(2), .theme("dark"), .spacing(0), .margins(0), .theme("light")]
        for step in steps {
            panel.apply(step, host: reader)
            XCTAssertTrue(reader.offsetRange.contains(place),
                          "after \(step.id) the page shows \(reader.offsetRange); the place was \(place)")
        }
        XCTAssertEqual(reader.settings.geometry.fontSize, 20)
        // A page turned by hand is the place from then on.
        try HeadlessRun(session: reader).run([TouchFrame(time: 1000, touches: [Touch(id: 1, x: 700, y: 240)]),
                                              TouchFrame(time: 1060, touches: [])])
        let turned = reader.currentOffset
        XCTAssertGreaterThan(turned, place)
        for step in [TextPanelControl.larger, .larger, .smaller, .smaller] {
            panel.apply(step, host: reader)
            XCTAssertTrue(reader.offsetRange.contains(turned), "after \(step.id) the page turned to is still shown")
        }
    }

    func testStepsOfSizeSpacingAndMargins() {
        XCTAssertGreaterThanOrEqual(TextChoices.fontSizes.count, 7)
        XCTAssertEqual(TextChoices.fontSize(after: 20, larger: true), 22)
        XCTAssertEqual(TextChoices.fontSize(after: 20, larger: false), 18)
        XCTAssertEqual(TextChoices.fontSize(after: 21, larger: true), 22, "a size between steps goes to the next step")
        XCTAssertEqual(TextChoices.fontSize(after: 36, larger: true), 36, "no step past the largest")
        XCTAssertEqual(TextChoices.fontSize(after: 14, larger: false), 14)
        XCTAssertEqual(TextChoices.lineSpacings.count, 3)
        XCTAssertEqual(TextChoices.spacingIndex(of: 1.4), 1)
        XCTAssertEqual(TextChoices.margins.count, 3)
        XCTAssertEqual(TextChoices.marginIndex(of: nil, width: 1000), 1, "the page's default margin is Normal")
        XCTAssertEqual(TextChoices.marginIndex(of: 110, width: 1000), 2)
        XCTAssertEqual(TextChoices.themes.map(\.name), ["light", "sepia", "dark", "high-contrast"])
    }

    func testThePanelSitsLowWithFingerSizedControlsInReadingOrder() {
        let metrics = InterfaceMetrics(width: 1280, height: 768)
        let layout = TextPanelLayout(metrics: metrics, fontSize: 20, measure: { $0.count * 13 })
        XCTAssertLessThan(layout.panel.height, 768 / 2, "the page stays visible above the panel")
        XCTAssertEqual(layout.panel.maxY, 768)
        XCTAssertEqual(layout.controls.map(\.id), ["text.theme.light", "text.theme.sepia", "text.theme.dark",
                                                   "text.theme.high-contrast", "text.scale.1x", "text.scale.1.5x",
                                                   "text.scale.2x", "text.smaller", "text.larger", "text.spacing.1",
                                                   "text.spacing.2", "text.spacing.3", "text.margins.1", "text.margins.2",
                                                   "text.margins.3", "text.writing.auto", "text.writing.horizontal",
                                                   "text.writing.vertical", "close"])
        XCTAssertEqual(layout.controls.first?.rect.y, layout.panel.y + metrics.padding, "the theme is the panel's first row")
        for (index, control) in layout.controls.enumerated() {
            XCTAssertGreaterThanOrEqual(control.rect.width, metrics.target, control.id)
            XCTAssertGreaterThanOrEqual(control.rect.height, metrics.target, control.id)
            XCTAssertGreaterThanOrEqual(control.rect.y, layout.panel.y, control.id)
            for other in layout.controls.dropFirst(index + 1) {
                XCTAssertNil(control.rect.intersection(other.rect), "\(control.id) overlaps \(other.id)")
            }
        }
    }

    private func session(theme: Theme = .light, page: Int) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: theme, language: "en")
        return try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                 start: .page(page), stateStore: nil)
    }

    private func tapControl(_ id: String, _ reader: ReaderSession, at time: Double) throws {
        let control = try XCTUnwrap(reader.describedControls.first { $0.id == id }, "no \(id) on \(reader.screenName)")
        let x = Double(control.rect.x + control.rect.width / 2), y = Double(control.rect.y + control.rect.height / 2)
        try HeadlessRun(session: reader).run([TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]),
                                              TouchFrame(time: time + 60, touches: [])])
    }

    func testLargerTextKeepsThePlaceAndEachChangeShowsAtOnce() throws {
        let reader = try session(page: 5)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        let first = reader.currentOffset
        try HeadlessRun(session: reader).run([TouchFrame(time: 1000, touches: [Touch(id: 1, x: 400, y: 240)]),
                                              TouchFrame(time: 1060, touches: [])])
        try tapControl("menu.text", reader, at: 2500)
        XCTAssertEqual(reader.screenName, "text")
        try tapControl("text.larger", reader, at: 4000)
        try tapControl("text.larger", reader, at: 5500)
        XCTAssertEqual(reader.settings.geometry.fontSize, 24)
        XCTAssertTrue(reader.offsetRange.contains(first), "the first character of the page before is still on screen")
        XCTAssertEqual(reader.screenName, "text", "the panel stays open for the next change")
        let page = reader.frame
        try tapControl("text.spacing.3", reader, at: 7000)
        XCTAssertEqual(reader.settings.geometry.lineSpacing, 1.7)
        XCTAssertTrue(reader.offsetRange.contains(first))
        XCTAssertNotEqual(reader.frame, page, "the page under the panel shows the change")
        try tapControl("text.margins.1", reader, at: 8500)
        XCTAssertEqual(reader.settings.geometry.sideMargin, 32)
        try tapControl("text.theme.sepia", reader, at: 10000)
        XCTAssertEqual(reader.settings.theme, .sepia)
        XCTAssertEqual(reader.frame.pixel(x: 2, y: 2), Theme.sepia.background, "the page is repainted in the new theme")
        try tapControl("close", reader, at: 11500)
        XCTAssertEqual(reader.screenName, "reading")
    }

    func testTheKeysChooseAControlAndEnterAppliesIt() throws {
        let reader = try session(page: 5)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        reader.resources.typefaces = Self.dejaVu
        let page = reader.currentPage
        try reader.handle(.toggleText, at: 1000)
        let ids = reader.describedControls.map(\.id)
        let dark = try XCTUnwrap(ids.firstIndex(of: "text.theme.dark"))
        for step in 0...dark { try reader.handle(.nextPage, at: 1100 + Double(step)) }
        XCTAssertEqual((reader.openScreen.screen as? TextPanelScreen)?.focus?.id, "text.theme.dark", "the arrows walk the controls in reading order")
        XCTAssertEqual(reader.currentPage, page, "the page under the panel stays")
        try HeadlessRun(session: reader).run([])
        let control = try XCTUnwrap(reader.describedControls.first { $0.id == "text.theme.dark" })
        let ring = max(5, reader.resources.metrics(for: reader.settings).padding / 2)
        XCTAssertEqual(reader.frame.pixel(x: control.rect.x + ring, y: control.rect.y + control.rect.height / 2),
                       Theme.light.ink, "the chosen control is ringed")
        try reader.handle(.activate, at: 2000)
        XCTAssertEqual(reader.settings.theme, .dark)
        XCTAssertEqual(reader.screenName, "text", "the panel stays open for the next change")
        try reader.handle(.previousPage, at: 2100)
        XCTAssertEqual((reader.openScreen.screen as? TextPanelScreen)?.focus?.id, "text.theme.sepia")
        try reader.handle(.firstPage, at: 2200)
        try reader.handle(.previousPage, at: 2300)
        XCTAssertEqual((reader.openScreen.screen as? TextPanelScreen)?.focus?.id, "text.theme.light", "Home chooses the first, and the choice stops there")
        try reader.handle(.activate, at: 2400)
        XCTAssertEqual(reader.settings.theme, .light)
        try reader.handle(.lastPage, at: 2500)
        XCTAssertEqual((reader.openScreen.screen as? TextPanelScreen)?.focus?.id, "close")
        try reader.handle(.activate, at: 2600)
        XCTAssertEqual(reader.screenName, "reading")
        try reader.handle(.toggleText, at: 2700)
        XCTAssertNil((reader.openScreen.screen as? TextPanelScreen)?.focus?.id, "the panel opens again with nothing chosen")
    }

    func testSettingsAreKeptForTheDeviceAndTheSizeForTheBook() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-text-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = StateStore(directory: directory)
        XCTAssertNil(store.loadTextSettings())
        let book = try Book.open(path: Self.bookPath)
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: book, path: Self.bookPath, settings: settings, start: .page(2), stateStore: store)
        defer { reader.stop() }
        reader.toggleBookmark()
        let panel = TextPanelScreen()
        panel.apply(.larger, host: reader)
        panel.apply(.theme("dark"), host: reader)
        panel.apply(.margins(2), host: reader)
        let saved = try XCTUnwrap(store.loadTextSettings())
        XCTAssertEqual(saved.fontSize, 22)
        XCTAssertEqual(saved.theme, "dark")
        XCTAssertEqual(saved.sideMarginShare ?? 0, 0.11, accuracy: 0.002)
        XCTAssertEqual(store.savedFontSize(for: book), 22, "the book keeps its own size")
        guard case let .found(state) = store.load(book: StateStore.contentHash(of: book.text.utf8)) else {
            return XCTFail("no reading position saved")
        }
        XCTAssertEqual(state.bookmarks?.count, 1, "the bookmark survived the settings being saved")
        // Applied to another start: the book's size first, then the device's.
        let next = saved.applied(to: PageGeometry(width: 1000, height: 600), bookFontSize: 28)
        XCTAssertEqual(next.fontSize, 28)
        XCTAssertEqual(next.sideMargin, 110)
        XCTAssertEqual(saved.applied(to: PageGeometry(width: 1000, height: 600), bookFontSize: nil).fontSize, 22)
        XCTAssertEqual(TextSettings(fontSize: 500).applied(to: PageGeometry(width: 1000, height: 600), bookFontSize: nil),
                       PageGeometry(width: 1000, height: 600), "a setting that makes no valid page is left out")
    }

    func testTheTextPanelLooksAsRecorded() throws {
        for theme in [Theme.light, .dark] {
            let reader = try session(theme: theme, page: 1)
            defer { reader.stop() }
            reader.finishBackgroundWork()
            // The typefaces offered depend on the machine's fonts: the picture takes two that are always there.
            reader.resources.typefaces = Self.dejaVu
            reader.open(TextPanelScreen())
            let display = try HeadlessRun(session: reader).run([])
            XCTAssertEqual(display.screen, reader.frame)
            let golden = GoldenImage(
                goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/text-800x480-\(theme.name).png").path,
                outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
                tolerance: 2, allowedDifferingPixels: 40)
            let outcome = try golden.check(reader.frame,
                                           record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
            if let message = outcome.failureMessage { XCTFail(message) }
        }
    }
}
