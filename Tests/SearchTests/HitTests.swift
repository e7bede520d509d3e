import BookModel
import XCTest
@testable import Search

/// The hits themselves: their offsets in the book, their order, queries
/// that find nothing, and stopping a search.
final class HitTests: XCTestCase {
    func testEveryHitCoversTheBooksOwnCharacters() {
        let text = "Ça commence: Natásha, 🐈 NATASHA, e\u{301}té… Straße 漢字 natasha\n\nnatas\nha"
        let book = TextBooks.book(text)
        let search = BookSearch(text: book.text)
        for query in ["natasha", "ça", "🐈 natasha", "ete", "strasse", "s", "漢字", "natas ha"] {
            let hits = Array(search.hits(of: query))
            XCTAssertFalse(hits.isEmpty, query)
            for hit in hits {
                let slice = TextBooks.slice(hit, of: book)
                XCTAssertEqual(slice, TextBooks.byteSlice(hit, of: book), "bytes and scalars agree for \(query)")
                XCTAssertFalse(TextBooks.found(query, in: slice).isEmpty, "\(slice) is a hit of \(query)")
            }
        }
    }

    func testAHitEndsAfterTheAccentsOfItsLastLetter() {
        XCTAssertEqual(TextBooks.found("ete", in: "un e\u{301}te\u{301}\u{300} chaud"), ["e\u{301}te\u{301}\u{300}"])
    }

    func testACharacterFoldedToSeveralHoldsEachHitInsideIt() {
        // "Straße" folds to "strasse": three hits of "s", two of them in ß.
        XCTAssertEqual(TextBooks.found("s", in: "Straße"), ["S", "ß", "ß"])
        XCTAssertEqual(TextBooks.found("sse", in: "Straße"), ["ße"])
    }

    func testHitsComeInBookOrderWithoutOverlapping() {
        let book = TextBooks.book("aaaaa banana bananas")
        let hits = Array(BookSearch(text: book.text).hits(of: "aa"))
        XCTAssertEqual(hits.map(\.scalars), [0..<2, 2..<4])
        let ana = Array(BookSearch(text: book.text).hits(of: "ana"))
        XCTAssertEqual(ana.map(\.scalars.lowerBound), [7, 14])
        for (before, after) in zip(ana, ana.dropFirst()) { XCTAssertLessThanOrEqual(before.scalars.upperBound, after.scalars.lowerBound) }
    }

    func testHitsAcrossTheChunksOfFoldingAreAllFound() {
        // 14 bytes a repetition: hits fall across the chunk boundaries at every place in turn.
        let unit = "Natásha ran. "
        let count = FoldedText.chunkBytes * 5 / unit.utf8.count
        let book = TextBooks.book(String(repeating: unit, count: count))
        // Each hit takes the "sha" of the next repetition's name: every other one is found.
        XCTAssertEqual(Array(BookSearch(text: book.text).hits(of: "sha ran. natasha")).count, count / 2)
        let phrase = Array(BookSearch(text: book.text).hits(of: "ran. natásha"))
        XCTAssertEqual(phrase.count, count - 1)
        XCTAssertEqual(phrase.first?.scalars, 8..<20)
        XCTAssertEqual(phrase.last.map { TextBooks.slice($0, of: book) }, "ran. Natásha")
    }

    func testASecondSearchReusesTheFoldedText() {
        let book = TextBooks.book("one two three two one")
        let search = BookSearch(text: book.text)
        XCTAssertEqual(Array(search.hits(of: "two")).count, 2)
        XCTAssertEqual(Array(search.hits(of: "ONE")).map(\.scalars), [0..<3, 18..<21])
        XCTAssertEqual(Array(search.hits(of: "one", matching: .exact)).count, 2)
    }

    func testOddQueriesFindNothing() {
        let book = TextBooks.book("aaaa a\u{1} b x y\n\nxy " + String(repeating: "a", count: 300))
        let search = BookSearch(text: book.text)
        for query in ["", " ", "\n\t  \u{3000}", "x\u{1}\u{2}y", "\u{301}\u{301}", String(repeating: "a", count: 10_000)] {
            XCTAssertEqual(Array(search.hits(of: query)), [], "query of \(query.unicodeScalars.count) characters")
        }
        XCTAssertEqual(Array(BookSearch(text: TextBooks.book("").text).hits(of: "a")), [], "an empty book")
    }

    func testCancellingEndsTheHits() {
        let book = TextBooks.book(String(repeating: "the cat and the hat ", count: 50_000))
        let cancellation = SearchCancellation()
        var hits = BookSearch(text: book.text).hits(of: "the", cancellation: cancellation)
        XCTAssertEqual(hits.next()?.scalars, 0..<3)
        XCTAssertEqual(hits.next()?.scalars, 12..<15)
        cancellation.cancel()
        XCTAssertTrue(cancellation.isCancelled)
        XCTAssertNil(hits.next())
        let cancelledFirst = SearchCancellation()
        cancelledFirst.cancel()
        var cancelledHits = BookSearch(text: book.text).hits(of: "cat", cancellation: cancelledFirst)
        XCTAssertNil(cancelledHits.next())
    }
}
