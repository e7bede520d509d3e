import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Every shared book decodes, paginates, tiles its text and loses nothing.
final class CorpusTests: XCTestCase {
    private func books() throws -> [URL] {
        let root = try SharedData.books()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "txt" } ?? []
        return files.sorted { $0.path < $1.path }
    }

    private static func visible(_ string: Substring.UnicodeScalarView) -> [Unicode.Scalar] {
        string.filter { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                && scalar.properties.generalCategory != .format && scalar != "\u{AD}"
        }
    }

    /// The book's text without ruby readings, ｜ and ［＃...］ annotations
    /// (the notes on the notation quote them and are shown as they stand).
    private static func withoutAozoraMarkup(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "《" || $0 == "［" || $0 == "｜" }) {
            result += rest[..<open]
            let closer: Character = rest[open] == "《" ? "》" : rest[open] == "［" ? "］" : "｜"
            if closer == "｜" { rest = rest[rest.index(after: open)...]; continue }
            guard let close = rest[open...].firstIndex(of: closer) else { break }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private func skippedUnderscores(_ source: [Unicode.Scalar], _ placed: [Unicode.Scalar]) -> Int {
        source.filter { $0 == "_" }.count - placed.filter { $0 == "_" }.count
    }

    func testEveryBookPaginatesTilesAndLosesNothing() throws {
        let geometry = PageGeometry(width: 1280, height: 800)
        for url in try books() where url.lastPathComponent != "en_war_and_peace_2600-0.txt" {
            let book = try Book.open(path: url.path)
            let setter = try Typesetter(book: book, geometry: geometry, font: FontFile(path: SharedData.defaultFont))
            let pagination = setter.paginate(collectText: true)
            let name = url.lastPathComponent
            XCTAssertEqual(pagination.pages.first?.start, 0, name)
            XCTAssertEqual(pagination.pages.last?.end, book.text.scalarCount, name)
            for index in pagination.pages.indices.dropFirst() {
                XCTAssertEqual(pagination.pages[index].start, pagination.pages[index - 1].end, name)
            }
            // Markup is not shown: Gutenberg's underscores may go, Aozora's ruby and annotations do.
            var text = String(decoding: book.text.utf8, as: UTF8.self)
            if name.contains("aozora") { text = Self.withoutAozoraMarkup(text) }
            let source = Self.visible(text.unicodeScalars[...])
            var shown = pagination.pageLines.flatMap { $0 }.joined(separator: "\n")
            if name.contains("aozora") { shown = Self.withoutAozoraMarkup(shown) }
            let placed = Self.visible(shown.unicodeScalars[...])
            // Every character of the book is placed, in order; the only extra
            // ones are the hyphens drawn where words were broken at line ends.
            var sourceIndex = 0, layoutHyphens = 0, extra = 0
            for scalar in placed {
                while sourceIndex < source.count, source[sourceIndex] == "_", scalar != "_" { sourceIndex += 1 }
                if sourceIndex < source.count, source[sourceIndex] == scalar {
                    sourceIndex += 1
                } else if scalar == "\u{2010}" || scalar == "-" {
                    layoutHyphens += 1
                } else {
                    extra += 1
                }
            }
            XCTAssertEqual(sourceIndex, source.count, "\(name): characters lost")
            XCTAssertEqual(extra, 0, "\(name): characters added")
            XCTAssertEqual(placed.count, source.count - skippedUnderscores(source, placed) + layoutHyphens,
                           "\(name): visible characters")
        }
    }

    func testNoLineExceedsTheMeasureAndPagesRepeat() throws {
        let geometry = PageGeometry(width: 1024, height: 768, fontSize: 22)
        for url in try books() where ["en_alice_11-0.txt", "ru_chekhov_duel.txt", "udhr_vie.txt"].contains(url.lastPathComponent) {
            let book = try Book.open(path: url.path)
            let setter = try Typesetter(book: book, geometry: geometry, font: FontFile(path: SharedData.defaultFont))
            let pagination = setter.paginate()
            XCTAssertEqual(pagination.pages, setter.paginate().pages, url.lastPathComponent)
            let right = Int32(geometry.marginLeft * 64) + geometry.measure
            for index in stride(from: 0, to: pagination.pages.count, by: 7) {
                for extent in setter.layoutPage(index, of: pagination).lineExtents {
                    XCTAssertLessThanOrEqual(extent.upperBound, right, "\(url.lastPathComponent) page \(index + 1)")
                }
            }
        }
    }

    func testChaptersOfTheSharedBooks() throws {
        let root = try SharedData.books()
        let alice = try Book.open(path: root.appendingPathComponent("en_alice_11-0.txt").path)
        XCTAssertEqual(alice.chapters.count, 12)
        XCTAssertEqual(alice.chapters.first?.title, "CHAPTER I. Down the Rabbit-Hole")
        let tom = try Book.open(path: root.appendingPathComponent("en_tom_sawyer_74-0.cp1252.txt").path)
        XCTAssertEqual(tom.text.encoding, .windows1252)
        let monteCristo = try Book.open(path: root.appendingPathComponent("fr_monte_cristo_t1_17989.latin1.txt").path)
        XCTAssertEqual(monteCristo.text.encoding, .iso8859_1)
    }
}
