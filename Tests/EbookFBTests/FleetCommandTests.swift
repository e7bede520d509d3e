import ArgumentParser
import Foundation
import Reader
import XCTest
@testable import ebook_fb

/// What a fleet's tools use of the commands: the kiosk's settings checked
/// with their drop-ins, the metrics of a headless run, and a folder's book
/// reopened over its library as the kiosk does after a reload.
final class FleetCommandTests: XCTestCase {
    private var folder: URL!
    private static let sampleBook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testCheckConfigPassesSoundSettingsAndFailsATypo() throws {
        let main = folder.appendingPathComponent("ebook-fb.conf")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ebook-fb.conf.d"), withIntermediateDirectories: true)
        try "BOOKS=/srv/books\nTHEME=light\n".write(to: main, atomically: true, encoding: .utf8)
        try "THEME=dark\n".write(to: folder.appendingPathComponent("ebook-fb.conf.d/10-theme.conf"), atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try KioskCommand.parse(["--config", main.path, "--check-config"]).run())
        try "FONT_SIZ=30\n".write(to: folder.appendingPathComponent("ebook-fb.conf.d/30-typo.conf"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try KioskCommand.parse(["--config", main.path, "--check-config"]).run()) { error in
            XCTAssertEqual((error as? ExitCode)?.rawValue, 1)
        }
        XCTAssertThrowsError(try KioskCommand.parse(["--config", main.path, "--json"]), "--json goes with --check-config")
    }

    /// A headless run with --metrics-dir leaves the exposition, written at exit.
    func testAHeadlessRunWritesItsMetrics() throws {
        let metrics = folder.appendingPathComponent("metrics")
        try FileManager.default.createDirectory(at: metrics, withIntermediateDirectories: true)
        let read = try ReadCommand.parse([Self.sampleBook.path, "--display", "headless", "--size", "600x400",
                                          "--state-dir", folder.appendingPathComponent("state").path, "--metrics-dir", metrics.path])
        XCTAssertEqual(try read.read(), ReaderStop(forReload: false))
        let text = try String(contentsOf: metrics.appendingPathComponent("ebook-fb.prom"), encoding: .utf8)
        XCTAssertTrue(text.contains("# TYPE ebook_fb_pages_turned_total counter\nebook_fb_pages_turned_total 0\n"), text)
        XCTAssertTrue(text.contains("\nebook_fb_page 1\n"), text)
        XCTAssertTrue(text.contains("\nebook_fb_peak_rss_bytes "), text)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: metrics.path), ["ebook-fb.prom"])
    }

    /// `--open` shows a book of the folder over its library, and the stop
    /// names it, for the kiosk to open it again after a reload.
    func testAFoldersBookIsOpenedOverItsLibraryAndNamedAtTheStop() throws {
        let books = folder.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: books, withIntermediateDirectories: true)
        let book = books.appendingPathComponent("the-lamplighter.txt")
        try FileManager.default.copyItem(at: Self.sampleBook, to: book)
        let state = folder.appendingPathComponent("state").path
        let library = try ReadCommand.parse([books.path, "--display", "headless", "--size", "600x400", "--state-dir", state])
        XCTAssertEqual(try library.read(), ReaderStop(forReload: false, bookOpenInLibrary: nil))
        let reopened = try ReadCommand.parse([books.path, "--open", book.path, "--display", "headless", "--size", "600x400",
                                              "--state-dir", state])
        XCTAssertEqual(try reopened.read(), ReaderStop(forReload: false, bookOpenInLibrary: book.path))
        XCTAssertThrowsError(try ReadCommand.parse([book.path, "--open", book.path, "--display", "headless"]).read()) { error in
            XCTAssertTrue("\(error)".contains("goes with a folder"), "\(error)")
        }
    }
}
