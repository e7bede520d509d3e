import BookModel
import Devices
import Foundation
import Geometry
import Gestures
import Languages
import Raster
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The interface's language at run time: the menu's language button, the
/// list of languages by their own names, the switch redrawing at once,
/// right-to-left mirroring, the idle reset, and the Arabic and Hebrew menus' looks.
final class LanguageSwitchTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let bookPath = packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path
    private static let catalogs = CatalogFolder(path: packageRoot.appendingPathComponent("po").path)
    private var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-languages-\(UUID())").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func session(_ codes: [String], page: Int = 1) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(page), stateStore: StateStore(directory: directory))
        reader.resources.languages = try LanguageRequest(languages: codes).load(from: Self.catalogs).languages
        return reader
    }

    private func tap(_ reader: ReaderSession, _ x: Double, _ y: Double, at time: Double) throws {
        try HeadlessRun(session: reader).run([TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]),
                                              TouchFrame(time: time + 60, touches: [])])
    }

    private func tap(_ reader: ReaderSession, _ id: String, at time: Double) throws {
        let control = try XCTUnwrap(reader.describedControls.first { $0.id == id }, "no \(id) on \(reader.screenName)")
        try tap(reader, Double(control.rect.x + control.rect.width / 2), Double(control.rect.y + control.rect.height / 2), at: time)
    }

    private func centres(_ reader: ReaderSession) -> [String: Double] {
        Dictionary(uniqueKeysWithValues: reader.describedControls.map { ($0.id, Double($0.rect.x) + Double($0.rect.width) / 2) })
    }

    func testTheListNamesEachLanguageInItselfAndASwitchRedrawsAtOnce() throws {
        let reader = try session(["de", "en", "ar"])
        defer { reader.stop() }
        try tap(reader, 400, 240, at: 1000)
        XCTAssertEqual(reader.screenName, "menu")
        let german = Dictionary(uniqueKeysWithValues: reader.describedControls.map { ($0.id, $0.label) })
        XCTAssertEqual(german["menu.contents"], "Inhalt")
        XCTAssertEqual(german["menu.language"], "Deutsch")
        try tap(reader, "menu.language", at: 2500)
        XCTAssertEqual(reader.screenName, "language")
        let rows = reader.describedControls.filter { $0.id.hasPrefix("language.") }
        XCTAssertEqual(rows.map(\.id), ["language.de", "language.en", "language.ar"])
        XCTAssertEqual(rows.map(\.label), ["Deutsch", "English", "العربية"])
        let before = reader.frame
        try tap(reader, "language.en", at: 4000)
        XCTAssertEqual(reader.screenName, "menu", "back to the menu, already in place")
        XCTAssertNotEqual(reader.frame, before)
        let english = Dictionary(uniqueKeysWithValues: reader.describedControls.map { ($0.id, $0.label) })
        XCTAssertEqual(english["menu.contents"], "Contents")
        XCTAssertEqual(english["menu.language"], "English")
        XCTAssertEqual(Set(english.keys), Set(german.keys), "ids never change")
    }

    func testArabicMirrorsTheMenu() throws {
        let reader = try session(["en", "ar"])
        defer { reader.stop() }
        try tap(reader, 400, 240, at: 1000)
        let english = centres(reader)
        try tap(reader, "menu.language", at: 2500)
        try tap(reader, "language.ar", at: 4000)
        XCTAssertEqual(reader.resources.catalog.code, "ar")
        let arabic = centres(reader)
        XCTAssertEqual(Set(arabic.keys), Set(english.keys))
        for (id, x) in english where id != "menu.slider" {
            // Labels differ in width: each control's centre within a tenth of the width of its mirror image.
            XCTAssertEqual(arabic[id] ?? -1, 800 - x, accuracy: 80, id)
        }
        XCTAssertLessThan(arabic["menu.bookmark"] ?? 800, arabic["menu.contents"] ?? 0, "the bookmark leads at the left")
        // The slider runs from the right: a tap near its right end goes near the start.
        let slider = try XCTUnwrap(reader.describedControls.first { $0.id == "menu.slider" })
        try tap(reader, Double(slider.rect.maxX - 30), Double(slider.rect.y + slider.rect.height / 2), at: 5500)
        XCTAssertLessThan(reader.currentOffset, reader.book.text.scalarCount / 20)
    }

    func testAnIdleResetGoesBackToTheFirstLanguage() throws {
        let reader = try session(["fr", "en", "he"])
        defer { reader.stop() }
        try tap(reader, 400, 240, at: 1000)
        try tap(reader, "menu.language", at: 2500)
        try tap(reader, "language.he", at: 4000)
        XCTAssertEqual(reader.resources.catalog.code, "he")
        reader.resetForIdle(at: 10_000)
        XCTAssertEqual(reader.resources.catalog.code, "fr")
        try tap(reader, 400, 240, at: 12_000)
        XCTAssertEqual(reader.describedControls.first { $0.id == "menu.contents" }?.label, "Sommaire")
    }

    func testOneLanguageOffersNoButton() throws {
        let reader = try session(["ja"])
        defer { reader.stop() }
        try tap(reader, 400, 240, at: 1000)
        XCTAssertNil(reader.describedControls.first { $0.id == "menu.language" })
        XCTAssertEqual(reader.describedControls.first { $0.id == "menu.contents" }?.label, "目次")
    }

    func testListsPutTheirTextAtTheRightInHebrew() throws {
        var metrics = InterfaceMetrics(width: 800, height: 480)
        let english = ListLayout(metrics: metrics, tab: .contents) { $0.count * 10 }
        metrics.isRightToLeft = true
        let hebrew = ListLayout(metrics: metrics, tab: .contents) { $0.count * 10 }
        for (left, right) in zip(english.headerPlaced, hebrew.headerPlaced) {
            XCTAssertEqual(right.rect.x, 800 - left.rect.maxX, left.control.id)
        }
        XCTAssertEqual(metrics.placed(PixelRect(x: 10, y: 5, width: 100, height: 20)), PixelRect(x: 690, y: 5, width: 100, height: 20))
    }

    func testTheLibraryOffersTheLanguagesToo() throws {
        let fixture = try LibraryFixture(count: 2)
        defer { fixture.remove() }
        let library = try fixture.library()
        defer { library.stop() }
        library.languages = try LanguageRequest(languages: ["en", "de"]).load(from: Self.catalogs).languages
        let button = try XCTUnwrap(library.controls.first { $0.id == "library.language" })
        XCTAssertEqual(button.label, "English")
        _ = library.handle(GestureEvent(time: 100, kind: .tap(at: Point(x: Double(button.rect.x + 5), y: Double(button.rect.y + 5)),
                                                               zone: .middle)))
        XCTAssertTrue(library.showsLanguages)
        let german = try XCTUnwrap(library.controls.first { $0.id == "language.de" })
        _ = library.handle(GestureEvent(time: 200, kind: .tap(at: Point(x: Double(german.rect.x + 5), y: Double(german.rect.y + 5)),
                                                               zone: .middle)))
        XCTAssertFalse(library.showsLanguages)
        XCTAssertEqual(library.controls.first { $0.id == "library.language" }?.label, "Deutsch")
        library.resetLanguageChoice()
        XCTAssertEqual(library.controls.first { $0.id == "library.language" }?.label, "English")
    }

    /// The Arabic and Hebrew menus over page 2, at rest.
    func testTheRightToLeftMenusLookAsRecorded() throws {
        for code in ["ar", "he"] {
            let reader = try session([code])
            defer { reader.stop() }
            try tap(reader, 400, 240, at: 1000)
            _ = try HeadlessRun(session: reader).run([])
            let golden = GoldenImage(
                goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/menu-800x480-\(code).png").path,
                outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
                tolerance: 2, allowedDifferingPixels: 40)
            let outcome = try golden.check(reader.frame, record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
            if let message = outcome.failureMessage { XCTFail(message) }
        }
    }
}
