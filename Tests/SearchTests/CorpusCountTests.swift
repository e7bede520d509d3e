import BookFormats
import BookModel
import Foundation
import XCTest
@testable import Search

/// Counts of hits in whole shared books against a reference made here
/// another way: the file's bytes decoded by Foundation, decomposed by
/// Foundation (NFKD), marks dropped and letters lowercased by the
/// standard library's Unicode tables, white space collapsed, and
/// non-overlapping occurrences counted.
final class CorpusCountTests: XCTestCase {
    private static let books: String = {
        var path = #filePath
        for _ in 0..<4 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/shared/books"
    }()

    private func check(_ name: String, query: String, atLeast minimum: Int) throws {
        let path = Self.books + "/" + name
        try XCTSkipUnless(FileManager.default.isReadableFile(atPath: path), "the shared books are absent")
        let book = try BookFormats().open(path: path).book
        let hits = Array(BookSearch(text: book.text).hits(of: query))
        let expected = try Self.referenceCount(of: query, inFile: path)
        XCTAssertEqual(hits.count, expected, "\(query) in \(name)")
        XCTAssertGreaterThanOrEqual(hits.count, minimum)
        XCTAssertEqual(hits.map(\.scalars.lowerBound), hits.map(\.scalars.lowerBound).sorted())
    }

    func testWarAndPeaceNatasha() throws {
        try check("en_war_and_peace_2600-0.txt", query: "natasha", atLeast: 1000)
    }

    func testKafkaStrasse() throws {
        try check("de_kafka_verwandlung_22367-0.txt", query: "STRASSE", atLeast: 3)
    }

    func testXiyoujiWukongAcrossLineEnds() throws {
        try check("zh_xiyouji_23962-0.txt", query: "悟空", atLeast: 500)
    }

    /// The reference: case folded as lowercasing does it, with the one
    /// difference these books meet (ß, which folds to ss), and white space
    /// collapsed, or removed for a query in Chinese characters.
    private static func referenceCount(of query: String, inFile path: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: data, as: UTF8.self)
        let han = query.unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) }
        func fold(_ string: String) -> [Unicode.Scalar] {
            var out: [Unicode.Scalar] = []
            var space = false
            for scalar in string.decomposedStringWithCompatibilityMapping.unicodeScalars
            where scalar.properties.canonicalCombiningClass.rawValue == 0 {
                if scalar.properties.isWhitespace {
                    space = true
                    continue
                }
                if space, !han { out.append(" ") }
                space = false
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    if lower == "ß" { out += ["s", "s"] } else { out.append(lower) }
                }
            }
            return out
        }
        let haystack = fold(text), needle = fold(query.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !needle.isEmpty, haystack.count >= needle.count else { return 0 }
        var count = 0, index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], Array(haystack[index..<index + needle.count]) == needle {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }
}
