import Foundation
import XCTest
@testable import Reader

/// The kiosk's settings file with its drop-ins, as a fleet's tools leave
/// them: merged in order, every problem named by file, line and key.
final class KioskSettingsFilesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ebook-fb.conf.d"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var mainPath: String { folder.appendingPathComponent("ebook-fb.conf").path }

    private func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func testDropInsOverrideInByteOrder() throws {
        try write("BOOKS=/srv/books\nTHEME=light\nFONT_SIZE=20\n", to: "ebook-fb.conf")
        try write("THEME=dark\n", to: "ebook-fb.conf.d/10-theme.conf")
        try write("FONT_SIZE=28\nTHEME=sepia\n", to: "ebook-fb.conf.d/20-size.conf")
        // "9-" sorts after "20-" byte by byte, as systemd sorts its drop-ins.
        try write("font-size=32\n", to: "ebook-fb.conf.d/9-late.conf")
        let reading = KioskSettingsFiles(mainPath: mainPath).read()
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.files.map { ($0 as NSString).lastPathComponent },
                       ["ebook-fb.conf", "10-theme.conf", "20-size.conf", "9-late.conf"])
        XCTAssertEqual(reading.configuration.theme, "sepia")
        XCTAssertEqual(reading.configuration.fontSize, 32)
        XCTAssertEqual(reading.configuration.booksFolder, "/srv/books")
        XCTAssertEqual(reading.merged.map(\.key), ["BOOKS", "THEME", "FONT_SIZE"], "in the order keys first appear")
        XCTAssertEqual(reading.merged.map(\.value), ["/srv/books", "sepia", "32"])
        XCTAssertTrue(reading.merged[2].place.hasSuffix("9-late.conf:1"), reading.merged[2].place)
        XCTAssertEqual(try KioskConfiguration.load(path: mainPath), reading.configuration)
    }

    func testOnlyVisibleConfFilesAreDropIns() throws {
        try write("THEME=light\n", to: "ebook-fb.conf")
        try write("THEME=dark\n", to: "ebook-fb.conf.d/10-theme.conf.dpkg-old")
        try write("THEME=dark\n", to: "ebook-fb.conf.d/.20-hidden.conf")
        try write("THEME=dark\n", to: "ebook-fb.conf.d/README")
        XCTAssertEqual(try KioskConfiguration.load(path: mainPath).theme, "light")
    }

    func testNoDropInFolderIsNoDropIns() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("ebook-fb.conf.d"))
        try write("THEME=dark\n", to: "ebook-fb.conf")
        let reading = KioskSettingsFiles(mainPath: mainPath).read()
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.files, [mainPath])
        XCTAssertEqual(reading.configuration.theme, "dark")
    }

    func testEveryProblemIsNamedByFileLineAndKeyInOrder() throws {
        try write("THEME=blue\nFONT_SIZE=24\n", to: "ebook-fb.conf")
        try write("# a comment\nFONT_SIZ=30\nnonsense\nROTATE=45\n", to: "ebook-fb.conf.d/30-typo.conf")
        let dropIn = folder.appendingPathComponent("ebook-fb.conf.d/30-typo.conf").path
        let reading = KioskSettingsFiles(mainPath: mainPath).read()
        XCTAssertEqual(reading.problems.map(\.description), [
            "\(mainPath):1: THEME: \"blue\": use light, sepia, dark or high-contrast",
            "\(dropIn):2: FONT_SIZ: unknown setting; did you mean FONT_SIZE? known: " + KioskConfiguration.keys.joined(separator: ", "),
            "\(dropIn):3: expected KEY=value, found \"nonsense\"",
            "\(dropIn):4: ROTATE: \"45\": use 0, 90, 180 or 270",
        ])
        XCTAssertEqual(reading.configuration.fontSize, 24, "the sound lines still apply")
        XCTAssertThrowsError(try KioskConfiguration.load(path: mainPath)) { error in
            XCTAssertEqual((error as? KioskConfigurationError)?.description, reading.problems.first?.description)
        }
    }

    func testAFolderNamedLikeADropInIsRefusedByName() throws {
        try write("THEME=dark\n", to: "ebook-fb.conf")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ebook-fb.conf.d/50-odd.conf"),
                                                withIntermediateDirectories: true)
        let problems = KioskSettingsFiles(mainPath: mainPath).read().problems.map(\.description)
        XCTAssertEqual(problems.count, 1)
        XCTAssertTrue(problems[0].hasSuffix("50-odd.conf: not a regular file (a directory)"), "\(problems)")
    }

    func testATypoIsMatchedToTheKeyItMeant() {
        XCTAssertEqual(KioskConfiguration.nearestKey(to: "FONT_SIZ"), "FONT_SIZE")
        XCTAssertEqual(KioskConfiguration.nearestKey(to: "THEMES"), "THEME")
        XCTAssertEqual(KioskConfiguration.nearestKey(to: "METRICS_DIRS"), "METRICS_DIR")
        XCTAssertNil(KioskConfiguration.nearestKey(to: "WALLPAPER"))
    }

    /// Every key the documentation's table and the shipped file name is
    /// known, so a fleet's file written from either passes the check.
    func testEveryDocumentedAndShippedKeyIsKnown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let documented = try String(contentsOf: root.appendingPathComponent("docs/kiosk.md"), encoding: .utf8)
            .split(separator: "\n").filter { $0.hasPrefix("| `") }
            .compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
            .filter { $0 == $0.uppercased() && !$0.contains("=") && !$0.contains(" ") }
        let shipped = try String(contentsOf: root.appendingPathComponent("Systemd/ebook-fb.conf"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains("=") }
            .map { String($0.split(separator: "=")[0]) }
        XCTAssertGreaterThan(documented.count, 20)
        XCTAssertGreaterThan(shipped.count, 15)
        for key in documented + shipped {
            XCTAssertTrue(KioskConfiguration.keys.contains(key), "\(key) is documented or shipped but unknown")
            XCTAssertNoThrow(try KioskConfiguration(parsing: "\(key)=\n", source: "k.conf"), key)
        }
        XCTAssertEqual(Set(KioskConfiguration.keys), Set(documented), "the table documents every key")
    }

    func testDownloadBoundsAreCheckedAndHandedToTheCatalogs() throws {
        let settings = try KioskConfiguration(parsing: "MAX_BOOK_MB=50\nMIN_FREE_MB=0\nCATALOG=Town|http://127.0.0.1:8/opds\n", source: "k.conf")
        XCTAssertEqual(settings.maxBookMegabytes, 50)
        XCTAssertEqual(settings.minFreeMegabytes, 0)
        let arguments = settings.readerArguments(book: "/srv/books")
        XCTAssertTrue(arguments.joined(separator: " ").contains("--max-book-mb 50 --min-free-mb 0"))
        XCTAssertThrowsError(try KioskConfiguration(parsing: "MAX_BOOK_MB=0\n", source: "k.conf")) { error in
            XCTAssertTrue("\(error)".hasPrefix("k.conf:1: MAX_BOOK_MB: "), "\(error)")
        }
        XCTAssertThrowsError(try KioskConfiguration(parsing: "MIN_FREE_MB=lots\n", source: "k.conf"))
        XCTAssertFalse(try KioskConfiguration(parsing: "MAX_BOOK_MB=50\n", source: "k.conf").readerArguments(book: "b")
            .contains("--max-book-mb"), "without catalogs the reader downloads nothing")
    }

    func testMetricsDirIsHandedToTheReader() throws {
        let configuration = try KioskConfiguration(parsing: "METRICS_DIR=/var/lib/prometheus/node-exporter\n", source: "k.conf")
        XCTAssertEqual(configuration.metricsDirectory, "/var/lib/prometheus/node-exporter")
        let arguments = configuration.readerArguments(book: "/b.txt")
        XCTAssertEqual(arguments.suffix(2), ["--metrics-dir", "/var/lib/prometheus/node-exporter"])
        XCTAssertFalse(KioskConfiguration().readerArguments(book: "/b.txt").contains("--metrics-dir"))
    }

    /// A reload keeps the settings in use when the new ones have a problem.
    func testAReloadWithAProblemKeepsTheSettingsInUse() throws {
        var dark = KioskConfiguration()
        dark.theme = "dark"
        let sepia = try KioskConfiguration(parsing: "THEME=sepia\n", source: "k.conf")
        let typo = KioskConfigurationError("k.conf:1: FONT_SIZ: unknown setting")
        let other = KioskConfigurationError("k.conf:1: ROTATE: \"45\": use 0, 90, 180 or 270")

        let applied = KioskReload.settings(inUse: .success(dark), reread: .success(sepia))
        XCTAssertEqual(try applied.settings.get(), sepia)
        XCTAssertEqual(applied.journal, "reloaded the settings")

        let kept = KioskReload.settings(inUse: .success(dark), reread: .failure(typo))
        XCTAssertEqual(try kept.settings.get(), dark)
        XCTAssertEqual(kept.journal, "the reloaded settings have a problem, kept those in use: \(typo)")

        let fixed = KioskReload.settings(inUse: .failure(typo), reread: .success(sepia))
        XCTAssertEqual(try fixed.settings.get(), sepia)

        let still = KioskReload.settings(inUse: .failure(typo), reread: .failure(other))
        XCTAssertThrowsError(try still.settings.get()) { XCTAssertEqual($0 as? KioskConfigurationError, other) }
    }
}
