import BookModel
import Foundation
import Raster
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// The menu and the text panel at twice the size and in high contrast,
/// compared with the pictures kept in Goldens (recorded again with
/// EBOOK_FB_RECORD_GOLDENS=1 after a change meant to show).
final class LargePrintGoldenTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let bookPath = packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path

    private static let dejaVu = [
        FontFamily(name: "DejaVu Serif", file: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"), isSerif: true),
        FontFamily(name: "DejaVu Sans", file: FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), isSerif: false),
    ]

    /// Page 2 of the book at 800x480 with `screen` open over it, matched with `Goldens/NAME.png`.
    private func check(_ name: String, theme: Theme, scale: InterfaceScale, screen: (ReaderSession) -> Void) throws {
        var settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: theme, language: "en")
        settings.interfaceScale = scale
        let reader = try ReaderSession(book: try Book.open(path: Self.bookPath), path: Self.bookPath, settings: settings,
                                       start: .page(1), stateStore: nil)
        defer { reader.stop() }
        reader.finishBackgroundWork()
        // The typefaces offered depend on the machine's fonts: the pictures take two that are always there.
        reader.resources.typefaces = Self.dejaVu
        screen(reader)
        // Long after the menu's slide: it is at rest.
        let display = try HeadlessRun(session: reader).run([])
        XCTAssertEqual(display.screen, reader.frame, "the glass shows the frame")
        let golden = GoldenImage(
            goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/\(name).png").path,
            outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
            tolerance: 2, allowedDifferingPixels: 40)
        let outcome = try golden.check(reader.frame, record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
        if let message = outcome.failureMessage { XCTFail(message) }
    }

    func testTheMenuAtTwiceTheSizeLooksAsRecorded() throws {
        try check("menu-800x480-light-2x", theme: .light, scale: .largest) { $0.open(MenuScreen(at: -10_000)) }
    }

    func testTheMenuInHighContrastLooksAsRecorded() throws {
        try check("menu-800x480-high-contrast", theme: .highContrast, scale: .normal) { $0.open(MenuScreen(at: -10_000)) }
    }

    func testTheTextPanelAtTwiceTheSizeLooksAsRecorded() throws {
        try check("text-800x480-light-2x", theme: .light, scale: .largest) { $0.open(TextPanelScreen()) }
    }

    func testTheTextPanelInHighContrastLooksAsRecorded() throws {
        try check("text-800x480-high-contrast", theme: .highContrast, scale: .normal) { $0.open(TextPanelScreen()) }
    }
}
