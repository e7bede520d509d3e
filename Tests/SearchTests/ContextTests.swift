import BookModel
import XCTest
@testable import Search

/// What a results list shows of a hit: the words around it on one line,
/// within its paragraph, and its chapter.
final class ContextTests: XCTestCase {
    private func contexts(_ query: String, in text: String, around: Int = 40) -> [HitContext] {
        let book = TextBooks.book(text)
        return BookSearch(text: book.text).hits(of: query).map { HitContext(of: $0, in: book, around: around) }
    }

    private func shown(_ context: HitContext) -> String {
        let scalars = Array(context.text.unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[context.hit])
        return String(view)
    }

    func testTheHitWithWholeWordsAroundItOnOneLine() throws {
        let text = "First paragraph ends here.\n\nThe old prince\nsaid to   Natásha that the\ttea was cold, and then he left the room.\n\nNext."
        let context = try XCTUnwrap(contexts("natasha", in: text, around: 12).first)
        XCTAssertEqual(context.text, "said to Natásha that the")
        XCTAssertEqual(shown(context), "Natásha")
        XCTAssertTrue(context.cutBefore)
        XCTAssertTrue(context.cutAfter)
        XCTAssertFalse(context.text.contains("\n"))
    }

    func testTheContextStaysInTheHitsParagraph() throws {
        let text = "Before the hit, a whole paragraph.\n\nNatásha wept.\n\nAfter it, another one."
        let context = try XCTUnwrap(contexts("natasha", in: text).first)
        XCTAssertEqual(context.text, "Natásha wept.")
        XCTAssertEqual(context.hit, 0..<7)
        XCTAssertFalse(context.cutBefore)
        XCTAssertFalse(context.cutAfter)
    }

    func testAHitAcrossParagraphsHasBothOnOneLine() throws {
        let text = "He said goodbye.\n\nPrince Andrew left.\n\nThe end."
        let context = try XCTUnwrap(contexts("goodbye. prince", in: text).first)
        XCTAssertEqual(context.text, "He said goodbye. Prince Andrew left.")
        XCTAssertEqual(shown(context), "goodbye. Prince")
    }

    func testChineseKeepsNoGapWhereTheFileWrapped() throws {
        let context = try XCTUnwrap(contexts("悟空", in: "那猴王悟\n空道：「我去也。」", around: 3).first)
        XCTAssertEqual(context.text, "那猴王悟空道：「")
        XCTAssertEqual(shown(context), "悟空")
        XCTAssertFalse(context.cutBefore)
        XCTAssertTrue(context.cutAfter)
    }

    func testEveryContextHoldsItsHit() {
        let text = String(repeating: "The Straße\nof  Natásha, the e\u{301}te\u{301} and the ﬁnal word. ", count: 40)
        for query in ["strasse", "natasha the", "ete", "final", "the"] {
            for context in contexts(query, in: text, around: 10) {
                XCTAssertFalse(context.hit.isEmpty)
                XCTAssertFalse(TextBooks.found(query, in: shown(context)).isEmpty, "\(context.text) holds \(query)")
            }
        }
    }

    func testChapterTitlesByPlace() {
        let book = TextBooks.book(String(repeating: "x", count: 100), chapters: [
            Chapter(title: "Two", offset: 50), Chapter(title: "Book One", offset: 10, level: 1),
            Chapter(title: "One", offset: 10, level: 2)])
        let titles = ChapterTitles(book: book)
        XCTAssertFalse(titles.isEmpty)
        XCTAssertNil(titles.title(at: 9))
        XCTAssertEqual(titles.title(at: 10), "One", "the deepest entry starting there")
        XCTAssertEqual(titles.title(at: 49), "One")
        XCTAssertEqual(titles.title(at: 99), "Two")
        XCTAssertTrue(ChapterTitles(book: TextBooks.book("x")).isEmpty)
    }
}
