import BookModel
import Foundation
@testable import PlainText
import XCTest

/// Titles and authors from a plain-text book's own pages: a Project
/// Gutenberg header, else its title page, else the file's name.
final class TitlePageTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-titles-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    private func names(_ text: String) -> TitlePage.Names {
        TitlePage.names(in: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    private func info(of text: String, named name: String = "book.txt") throws -> BookDescription {
        try info(of: Data(text.utf8), named: name)
    }

    private func info(of bytes: Data, named name: String) throws -> BookDescription {
        let path = folder + "/" + name
        try bytes.write(to: URL(fileURLWithPath: path))
        return PlainTextFormat().describe(path: path)
    }

    func testByNamesTheAuthorAndTheTitleComesBefore() {
        XCTAssertEqual(names("[Illustration]\n\n\nAlice’s Adventures in Wonderland\n\nby Lewis Carroll\n\nTHE MILLENNIUM FULCRUM EDITION 3.0\n\nContents\n\n CHAPTER I. Down the Rabbit-Hole"),
                       TitlePage.Names(title: "Alice’s Adventures in Wonderland", author: "Lewis Carroll"))
    }

    func testAnAuthorWordAloneTakesTheNextLineAndCapitalsBecomeTitleCase() {
        XCTAssertEqual(names("\n      DIE VERWANDLUNG\n\n            VON\n\n        FRANZ KAFKA\n\n   KURT WOLFF VERLAG"),
                       TitlePage.Names(title: "Die Verwandlung", author: "Franz Kafka"))
        XCTAssertEqual(names("THE HISTORY OF HENRY VIII\nBY\nWILLIAM SHAKESPEARE"),
                       TitlePage.Names(title: "The History of Henry VIII", author: "William Shakespeare"))
    }

    func testWithoutAnAuthorWordTheLineInCapitalsIsTheTitleAndANameTheAuthor() {
        XCTAssertEqual(names("Антон Чехов\nДУЭЛЬ"), TitlePage.Names(title: "Дуэль", author: "Антон Чехов"))
        XCTAssertEqual(names("Pride and Prejudice\nJane Austen\n"), TitlePage.Names(title: "Pride and Prejudice", author: "Jane Austen"))
        XCTAssertEqual(names("THE LAMPLIGHTER OF VELL\n\nA short tale written for the sample shelf.\n"),
                       TitlePage.Names(title: "The Lamplighter of Vell", author: nil), "a sentence is no name")
    }

    func testProseAndTheContentsEndTheTitlePage() {
        let prose = String(repeating: "A long line of prose that runs on ", count: 4)
        XCTAssertEqual(names(prose + "\nJane Austen"), TitlePage.Names(title: nil, author: nil))
        XCTAssertEqual(names("Contents\nChapter One"), TitlePage.Names(title: nil, author: nil))
        XCTAssertEqual(names("***\n[Frontispiece]\nOde\n"), TitlePage.Names(title: "Ode", author: nil))
    }

    func testAGutenbergHeaderWinsOverTheTitlePage() throws {
        let text = """
        The Project Gutenberg eBook of Emma

        Title: Emma

        Author: Jane Austen

        Language: English

        *** START OF THE PROJECT GUTENBERG EBOOK EMMA ***

        EMMA

        BY
        SOMEONE ELSE

        CHAPTER I

        Emma Woodhouse, handsome, clever, and rich, with a comfortable home and happy disposition.
        """
        XCTAssertEqual(try info(of: text), BookDescription(title: "Emma", authors: ["Jane Austen"], language: "en"))
    }

    func testTheFileNameWhenTheBookSaysNothingAndTheReasonWhenItCannotBeRead() throws {
        let prose = String(repeating: "Nothing but prose here, line after line of it, with no title at all. ", count: 3)
        XCTAssertEqual(try info(of: prose, named: "untitled-notes.txt"), BookDescription(title: "untitled-notes"))
        let png = try info(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), named: "picture.txt")
        XCTAssertEqual(png.title, "picture")
        XCTAssertEqual(png.problem, "a PNG image, not text")
        XCTAssertEqual(PlainTextFormat().describe(path: folder + "/missing.txt").problem, "no such file")
        XCTAssertEqual(try info(of: "  \n\n", named: "blank.txt").problem, "the file is empty")
    }

    func testOnlyTheHeadOfALargeFileIsRead() throws {
        let head = "HUGE BOOK\nby Ann Author\n\nCHAPTER I\n\n"
        let body = String(repeating: "Words of the long body run on and on across the page.\n\n", count: 40_000)
        let info = try info(of: head + body, named: "huge.txt")
        XCTAssertEqual(info, BookDescription(title: "Huge Book", authors: ["Ann Author"]))
    }

    /// The shared books' own title pages (skipped without ../shared/books).
    func testSharedBooks() throws {
        let expected = [("en_alice_11-0.txt", "Alice’s Adventures in Wonderland", "Lewis Carroll"),
                        ("de_kafka_verwandlung_22367-0.txt", "Die Verwandlung", "Franz Kafka"),
                        ("ru_chekhov_duel.txt", "Дуэль", "Антон Чехов")]
        for (file, title, author) in expected {
            let path = try SharedData.books().appendingPathComponent(file).path
            XCTAssertEqual(PlainTextFormat().describe(path: path), BookDescription(title: title, authors: [author]), file)
        }
    }
}
