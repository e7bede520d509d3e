import CZlib
import Foundation
import XCTest
@testable import Dictionaries

/// GCIDE as Debian's dict-gcide installs it, read back here with zlib's
/// own gzip reader and a plain scan of the index.
final class GCIDETests: XCTestCase {
    private static let index = "/usr/share/dictd/gcide.index"
    private static let hunspell = "/usr/share/hunspell"

    private func shelf() throws -> DictionaryShelf {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.index), "dict-gcide is not installed")
        return DictionaryShelf(files: [Self.index], folders: [], stemmerFolders: [Self.hunspell])
    }

    /// The texts the index files under `headword` (compared without case), by a scan of every line.
    private func reference(_ headword: String) throws -> [String] {
        guard let file = gzopen("/usr/share/dictd/gcide.dict.dz", "rb") else { throw CocoaError(.fileReadUnknown) }
        defer { gzclose(file) }
        var text: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
            guard count > 0 else { break }
            text += chunk[..<Int(count)]
        }
        let lines = try String(contentsOfFile: Self.index, encoding: .utf8).split(separator: "\n")
        return lines.compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, fields[0].lowercased() == headword.lowercased(),
                  let offset = Base64Number.value(of: Array(fields[1].utf8)),
                  let length = Base64Number.value(of: Array(fields[2].utf8)) else { return nil }
            return String(decoding: text[offset..<offset + length], as: UTF8.self)
        }
    }

    func testWhaleIsTheFilesOwnEntry() throws {
        let (entries, skipped) = try shelf().lookUp("whale", language: "en")
        XCTAssertEqual(skipped, [])
        let expected = try reference("whale")
        XCTAssertFalse(expected.isEmpty)
        for text in expected { XCTAssertTrue(entries.contains { $0.definition == text }, String(text.prefix(80))) }
        XCTAssertTrue(entries.allSatisfy { $0.dictionary.contains("Collaborative International Dictionary") })
    }

    func testRunningReachesRunAndMiceMouse() throws {
        let shelf = try shelf()
        let running = shelf.lookUp("running", language: "en").entries.map(\.headword)
        // GCIDE files "Running" under the entry of the verb "Run" too.
        XCTAssertTrue(running.contains("Running"), "\(running)")
        XCTAssertTrue(running.contains("Run"), "\(running)")
        let mice = shelf.lookUp("mice", language: "en").entries.map(\.headword)
        XCTAssertTrue(mice.contains("Mouse"), "\(mice)")
    }

    func testInflectionsReachTheirHeadwordThroughHunspell() throws {
        let shelf = try shelf()
        try XCTSkipUnless(FileManager.default.fileExists(atPath: Self.hunspell + "/en_US.dic"), "hunspell-en-us is not installed")
        let entries = shelf.lookUp("whales", language: "en").entries
        XCTAssertTrue(entries.contains { $0.headword == "Whale" }, "\(entries.map(\.headword))")
    }
}
