import Foundation
import XCTest
@testable import Reader

/// `CATALOG=Name|URL` in the kiosk's settings: unlike other keys each
/// line adds a catalog, across the main file and its drop-ins, and the
/// kiosk hands them to the reader as `--catalog`.
final class CatalogSettingsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ebook-fb.conf.d"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private var mainPath: String { folder.appendingPathComponent("ebook-fb.conf").path }

    private func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func testCatalogLinesAccumulateAcrossTheFileAndItsDropIns() throws {
        try write("BOOKS=/srv/books\nCATALOG=Gutenberg|https://m.gutenberg.org/ebooks.opds/\nCATALOG = Town | http://10.0.0.5/opds\n",
                  to: "ebook-fb.conf")
        try write("catalog=Staff|https://kiosk:pw@books.example.org/opds\nTHEME=dark\n", to: "ebook-fb.conf.d/10-staff.conf")
        let reading = KioskSettingsFiles(mainPath: mainPath).read()
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.configuration.catalogs, [
            CatalogSource(name: "Gutenberg", address: "https://m.gutenberg.org/ebooks.opds/"),
            CatalogSource(name: "Town", address: "http://10.0.0.5/opds"),
            CatalogSource(name: "Staff", address: "https://kiosk:pw@books.example.org/opds"),
        ])
        XCTAssertEqual(reading.merged.filter { $0.key == "CATALOG" }.count, 3, "each line is kept")
        XCTAssertEqual(reading.merged.map(\.key), ["BOOKS", "CATALOG", "CATALOG", "CATALOG", "THEME"])
        let arguments = reading.configuration.readerArguments(book: "/srv/books").joined(separator: " ")
        XCTAssertTrue(arguments.contains("--catalog Gutenberg|https://m.gutenberg.org/ebooks.opds/ --catalog Town|http://10.0.0.5/opds "
                                         + "--catalog Staff|https://kiosk:pw@books.example.org/opds"), arguments)
    }

    func testAnEmptyCatalogLineDropsThoseBefore() throws {
        try write("CATALOG=Old|http://old.example.org/opds\n", to: "ebook-fb.conf")
        try write("CATALOG=\nCATALOG=New|http://new.example.org/opds\n", to: "ebook-fb.conf.d/20-new.conf")
        let reading = KioskSettingsFiles(mainPath: mainPath).read()
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.configuration.catalogs.map(\.name), ["New"])
        XCTAssertEqual(reading.merged.map(\.value), ["New|http://new.example.org/opds"])
        XCTAssertFalse(KioskConfiguration().readerArguments(book: "/b").contains("--catalog"))
    }

    func testABadCatalogIsNamedByFileLineAndKeyWithoutItsAddress() throws {
        try write("CATALOG=Gutenberg\nCATALOG=|http://x.example.org/\nCATALOG=Secret|ftp://user:hunter2@x.example.org/\n",
                  to: "ebook-fb.conf")
        let problems = KioskSettingsFiles(mainPath: mainPath).read().problems.map(\.description)
        XCTAssertEqual(problems.count, 3, "\(problems)")
        XCTAssertTrue(problems[0].hasSuffix("ebook-fb.conf:1: CATALOG: expected Name|URL (a name, a bar, then the catalog's http or https address)"),
                      problems[0])
        XCTAssertTrue(problems[1].contains(":2: CATALOG: the catalog has no name"), problems[1])
        XCTAssertTrue(problems[2].contains(":3: CATALOG: \"Secret\": not an http or https address"), problems[2])
        XCTAssertFalse(problems[2].contains("hunter2"), "a password is never repeated")
    }
}
