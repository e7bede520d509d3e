import BookFormats
import BookModel
import Foundation
import Reader
import Typesetting
import XCTest
@testable import ebook_fb

/// `ebook-fb export`: a book's highlights and notes from its state file,
/// as JSON and Markdown, and the problems it names in one line.
final class ExportCommandTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func export(_ format: String, book: String = bookPath) throws -> String {
        try ExportCommand.parse([book, "--format", format, "--state-dir", folder]).output()
    }

    /// A state file keeping a highlight in each of the first two chapters,
    /// written in the opposite order: the later one with a note in two scripts.
    private func saveHighlights(in book: Book) throws -> (early: Range<Int>, late: Range<Int>) {
        let chapters = book.chapters
        XCTAssertGreaterThan(chapters.count, 1)
        let early = (chapters[0].offset + 30)..<(chapters[0].offset + 52)
        let late = (chapters[1].offset + 40)..<(chapters[1].offset + 70)
        let highlights = [Highlight(start: late.lowerBound, end: late.upperBound, color: .pink, note: "Ночь, улица — 夜の灯り",
                                    text: book.excerpt(late)),
                          Highlight(start: early.lowerBound, end: early.upperBound, color: .yellow, text: book.excerpt(early))]
        try StateStore(directory: folder).save(ReadingState(book: StateStore.key(of: book), offset: 0, path: Self.bookPath,
                                                            highlights: highlights))
        return (early, late)
    }

    func testJSONListsTheHighlightsInBookOrderWithChapterAndPage() throws {
        let book = try BookFormats().open(path: Self.bookPath).book
        let (early, late) = try saveHighlights(in: book)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try export("json").utf8)) as? [String: Any])
        XCTAssertEqual(object["path"] as? String, Self.bookPath)
        XCTAssertFalse((object["title"] as? String ?? "").isEmpty)
        let items = try XCTUnwrap(object["highlights"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["start"] as? Int }, [early.lowerBound, late.lowerBound], "book order")
        XCTAssertEqual(items.map { $0["end"] as? Int }, [early.upperBound, late.upperBound])
        XCTAssertEqual(items.map { $0["chapter"] as? String }, book.chapters.prefix(2).map(\.title))
        XCTAssertEqual(items.map { $0["color"] as? String }, ["yellow", "pink"])
        XCTAssertEqual(items.map { $0["text"] as? String }, [book.excerpt(early), book.excerpt(late)])
        XCTAssertTrue(items[0]["note"] is NSNull, "no note is null")
        XCTAssertEqual(items[1]["note"] as? String, "Ночь, улица — 夜の灯り")
        // The page is the one `paginate` gives at the default size.
        let paginate = try PaginateCommand.parse([Self.bookPath])
        let pages = try PaginationStore.paginateWholeBook(try paginate.options.typesetter(columns: paginate.columns.columns))
        for (item, range) in zip(items, [early, late]) {
            let page = try XCTUnwrap(item["page"] as? Int)
            XCTAssertTrue(pages.pages[page - 1].start <= range.lowerBound && range.lowerBound < pages.pages[page - 1].end,
                          "page \(page) does not hold offset \(range.lowerBound)")
        }
    }

    func testMarkdownHasTheTitleAChapterHeadingEachAndTheQuotesWithTheirNotes() throws {
        let book = try BookFormats().open(path: Self.bookPath).book
        let (early, late) = try saveHighlights(in: book)
        let markdown = try export("md")
        let title = try XCTUnwrap(markdown.split(separator: "\n").first)
        XCTAssertTrue(title.hasPrefix("# ") && title.count > 2, String(title))
        let expected = ["## " + book.chapters[0].title, "> " + book.excerpt(early),
                        "## " + book.chapters[1].title, "> " + book.excerpt(late), "Ночь, улица — 夜の灯り"]
        var rest = Substring(markdown)
        for part in expected {
            let found = try XCTUnwrap(rest.range(of: part), "\(part) missing or out of order in:\n\(markdown)")
            rest = rest[found.upperBound...]
        }
    }

    func testABookWithNoStateExportsAnEmptyList() throws {
        let object = try JSONSerialization.jsonObject(with: Data(try export("json").utf8)) as? [String: Any]
        XCTAssertEqual((object?["highlights"] as? [Any])?.count, 0)
        XCTAssertFalse(try export("md").contains(">"))
    }

    func testATornStateFileOrAMissingBookIsNamedInOneLine() throws {
        let book = try BookFormats().open(path: Self.bookPath).book
        _ = try saveHighlights(in: book)
        let file = StateStore(directory: folder).path(forBook: StateStore.key(of: book))
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try export("json")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix(file + ": torn"), message)
            XCTAssertFalse(message.contains("\n"), message)
        }
        XCTAssertThrowsError(try export("md", book: folder + "/no-such-book.txt")) { error in
            XCTAssertTrue("\(error)".contains(folder + "/no-such-book.txt"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"), "\(error)")
        }
    }
}
