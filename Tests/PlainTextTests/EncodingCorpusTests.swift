import Foundation
@testable import PlainText
import XCTest

/// The legacy-encoded books in ../shared/books/encodings, each named
/// `NAME.ENCODING.txt` and made from a UTF-8 file beside them.
final class EncodingCorpusTests: XCTestCase {
    /// The encoding each file's name gives, as `info` names it.
    private static let expectedNames = ["utf-16le-nobom": "UTF-16LE", "windows-1256": "windows-1256",
                                        "gb18030": "GB18030", "windows-1255": "windows-1255", "shift_jis": "Shift_JIS",
                                        "euc-kr": "EUC-KR", "windows-1251": "windows-1251", "tis-620": "TIS-620"]

    private func encodedBooks() throws -> [(url: URL, encoding: String, source: URL)] {
        let root = try SharedData.books()
        let folder = root.appendingPathComponent("encodings")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            throw XCTSkip("../shared/books/encodings is not present")
        }
        return names.filter { $0.hasSuffix(".txt") }.sorted().compactMap { name in
            let parts = name.dropLast(4).split(separator: ".", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let base = String(parts[0])
            let source = base == "en_alice" ? root.appendingPathComponent("en_alice_11-0.txt")
                : root.appendingPathComponent("udhr/\(base).txt")
            return (folder.appendingPathComponent(name), String(parts[1]), source)
        }
    }

    func testEachFileIsDetectedAsItsNameSays() throws {
        let books = try encodedBooks()
        XCTAssertFalse(books.isEmpty)
        for book in books {
            let decoded = try BookDecoder.decode(contentsOf: book.url.path)
            let expected = try XCTUnwrap(Self.expectedNames[book.encoding], "no expected name for \(book.encoding)")
            XCTAssertEqual(decoded.encoding.name, expected, book.url.lastPathComponent)
            XCTAssertGreaterThanOrEqual(decoded.encodingConfidence, EncodingDetector.minimumConfidence,
                                        book.url.lastPathComponent)
        }
    }

    /// The decoded text is its UTF-8 source but for the few characters the
    /// encoding lacks (dropped when the file was made): every decoded
    /// character is the source's next one, and at most 1% are missing.
    func testEachFileDecodesToItsUTF8Source() throws {
        for book in try encodedBooks() {
            guard FileManager.default.fileExists(atPath: book.source.path) else { continue }
            let decoded = Array(String(decoding: try BookDecoder.decode(contentsOf: book.url.path).utf8, as: UTF8.self)
                .unicodeScalars)
            let source = Array(String(decoding: try BookDecoder.decode(contentsOf: book.source.path).utf8, as: UTF8.self)
                .unicodeScalars)
            var sourceIndex = 0, missing = 0
            for scalar in decoded {
                while sourceIndex < source.count, source[sourceIndex] != scalar {
                    missing += 1
                    sourceIndex += 1
                }
                guard sourceIndex < source.count else {
                    XCTFail("\(book.url.lastPathComponent): U+\(String(scalar.value, radix: 16)) is not in the source")
                    break
                }
                sourceIndex += 1
            }
            missing += source.count - sourceIndex
            XCTAssertLessThanOrEqual(missing * 100, source.count, "\(book.url.lastPathComponent): \(missing) missing")
        }
    }

    func testTheOldEightBitBooksDecodeAsBefore() throws {
        let root = try SharedData.books()
        let tom = try BookDecoder.decode(contentsOf: root.appendingPathComponent("en_tom_sawyer_74-0.cp1252.txt").path)
        XCTAssertEqual(tom.encoding, .windows1252)
        let tomText = String(decoding: tom.utf8, as: UTF8.self)
        XCTAssertTrue(tomText.contains("\u{201C}TOM!\u{201D}"))
        XCTAssertFalse(tomText.contains("\u{FFFD}"))
        let monteCristo = try BookDecoder.decode(
            contentsOf: root.appendingPathComponent("fr_monte_cristo_t1_17989.latin1.txt").path)
        XCTAssertEqual(monteCristo.encoding, .iso8859_1)
        let french = String(decoding: monteCristo.utf8, as: UTF8.self)
        XCTAssertTrue(french.contains("Marseille"))
        XCTAssertTrue(french.contains("é"))
    }
}
