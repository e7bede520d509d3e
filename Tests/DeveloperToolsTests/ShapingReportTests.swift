import BookModel
import DeveloperTools
import Foundation
@testable import Typesetting
import XCTest

/// The shape command's report of each UDHR text equals HarfBuzz's
/// command-line tool for the same text and font (glyph ids, clusters, advances and offsets).
final class ShapingReportTests: XCTestCase {
    private static func run(_ tool: String, _ arguments: [String]) -> String? {
        for directory in ["/usr/bin", "/usr/local/bin"] where FileManager.default.isExecutableFile(atPath: "\(directory)/\(tool)") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "\(directory)/\(tool)")
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = Pipe()
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return nil }
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        }
        return nil
    }

    func testEveryUDHRTextShapesAsHBShapeDoes() throws {
        let books = try SharedData.books().appendingPathComponent("udhr")
        guard Self.run("hb-shape", ["--version"]) != nil else { throw XCTSkip("hb-shape (libharfbuzz-bin) is not installed") }
        let languages = ["arb": "ar", "heb": "he", "hin": "hi", "tha": "th", "jpn": "ja", "cmn_hans": "zh-cn",
                         "kor": "ko", "rus": "ru", "ell_polytonic": "el", "vie": "vi"]
        for (name, language) in languages.sorted(by: { $0.key < $1.key }) {
            guard let font = Self.run("fc-match", ["-f", "%{file}", ":lang=\(language)"]), !font.isEmpty else {
                throw XCTSkip("fc-match is not installed")
            }
            let text = try String(contentsOf: books.appendingPathComponent("udhr_\(name).txt"), encoding: .utf8)
            let lines = text.components(separatedBy: "\n").dropFirst(5)
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.prefix(12)
            XCTAssertFalse(lines.isEmpty, name)
            for line in lines {
                let ours = try ShapingReport.describe(text: line, font: FontFile(path: font))
                let theirs = Self.run("hb-shape", ["--no-glyph-names", font, line])
                XCTAssertEqual(ours, theirs, "\(name) with \((font as NSString).lastPathComponent): \(line.prefix(40))")
            }
        }
    }

    func testShapingReportFormatsOffsetsAndAdvances() throws {
        // A combining mark (q has no precomposed form with it) sits on its
        // base with an offset and no advance, in the base's cluster.
        let report = try ShapingReport.describe(text: "q\u{0301}", font: FontFile(path: SharedData.defaultFont))
        XCTAssertTrue(report.hasPrefix("["), report)
        XCTAssertTrue(report.hasSuffix("]"), report)
        let glyphs = report.dropFirst().dropLast().split(separator: "|")
        XCTAssertEqual(glyphs.count, 2, report)
        guard glyphs.count == 2 else { return }
        let fonts = try FontSet(file: FontFile(path: SharedData.defaultFont), geometry: PageGeometry(width: 640, height: 480))
        let q = try XCTUnwrap(fonts.body.glyph(for: 0x71))
        XCTAssertTrue(glyphs[0].hasPrefix("\(q)=0+"), report)
        XCTAssertTrue(glyphs[1].contains("=0@"), report)
        XCTAssertTrue(glyphs[1].hasSuffix(",0+0"), report)
    }

    func testMissingFontIsNamed() {
        XCTAssertThrowsError(try ShapingReport.describe(text: "x", font: FontFile(path: "/no/such/font.ttf"))) {
            XCTAssertTrue("\($0)".contains("/no/such/font.ttf"))
        }
    }
}

