import BookFormats
import BookModel
@testable import EPUB
import Foundation
import TestSupport
import XCTest

/// Budgets over a whole book: small hostile files that name one entity,
/// document or style sheet many times are read as far as the budget goes,
/// with a notice saying what was left out, and an empty spine is refused.
final class ReadingBudgetTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "epub-budget-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func path(_ name: String) -> String { folder + "/" + name + ".epub" }

    private func text(of book: Book) -> String { String(decoding: book.text.utf8, as: UTF8.self) }

    /// Writes an EPUB of `package` (the whole package document) and `files` under OEBPS/.
    private func write(_ name: String, package: String, files: [(String, String)]) throws -> String {
        var entries: [EPUBArchiveWriter.Entry] = [.init("mimetype", "application/epub+zip", method: .stored),
                                                   .init("META-INF/container.xml", EPUBArchiveWriter.container),
                                                   .init("OEBPS/content.opf", package)]
        entries += files.map { EPUBArchiveWriter.Entry("OEBPS/\($0.0)", $0.1) }
        try EPUBArchiveWriter.write(entries, to: path(name))
        return path(name)
    }

    private func entity(_ root: String, length: Int) -> String {
        "<!DOCTYPE \(root) [<!ENTITY e \"\(String(repeating: "Z", count: length))\">]>"
    }

    func testAnEntityUsedThousandsOfTimesIsExpandedOnlyWithinItsBudget() throws {
        let body = "<p>Before the entities.</p><p>" + String(repeating: "&e; ", count: 3_000) + "</p><p>After them.</p>"
        try EPUBArchiveWriter.book([("c.xhtml", EPUBArchiveWriter.xhtml(body, prolog: entity("html", length: 20_000)))],
                                   to: path("entities"))
        let opened = try EPUBBook.open(path: path("entities"))
        let shown = text(of: opened.book)
        XCTAssertTrue(shown.hasPrefix("Before the entities."))
        XCTAssertTrue(shown.contains("After them."))
        let expanded = shown.filter { $0 == "Z" }.count
        XCTAssertEqual(expanded, 3 * 20_000, "as many whole expansions as fit 64 KB, then none")
        XCTAssertTrue(shown.contains("2997 entity references would expand it past 64 KB"), "the notice is on the page")
        XCTAssertEqual(opened.book.document?.notices.filter { $0.contains("entity references") }.count, 1)
    }

    func testAnEntityInThePackageTitleKeepsTheBookReadable() throws {
        let package = """
            <?xml version="1.0"?>\(entity("package", length: 20_000))<package xmlns="http://www.idpf.org/2007/opf" \
            version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\
            <dc:identifier id="id">urn:test:entities</dc:identifier><dc:title>\(String(repeating: "&e;", count: 3_000))</dc:title>\
            <dc:language>en</dc:language></metadata><manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/>\
            </manifest><spine><itemref idref="c"/></spine></package>
            """
        let book = try write("title", package: package, files: [("c.xhtml", EPUBArchiveWriter.xhtml("<p>The text.</p>"))])
        let summary = try EPUBSummary.read(path: book)
        XCTAssertEqual(summary.title?.count, 3 * 20_000)
        let opened = try EPUBBook.open(path: book)
        XCTAssertEqual(opened.publication.package.entityReferencesLeftOut, 2_997)
        XCTAssertTrue(opened.book.document?.notices.contains { $0.contains("OEBPS/content.opf is left out: 2997") } ?? false)
        XCTAssertEqual(text(of: opened.book), "The text.")
    }

    func testADocumentRepeatedInTheSpineIsReadUntilTheBookInflatesTooFar() throws {
        // Some 300 KB that deflate to about 1 KB: the archive allows 1 MB, three readings.
        let chapter = EPUBArchiveWriter.xhtml("<p>Chapter start.</p><p>" + String(repeating: "many words ", count: 27_000) + "</p>")
        let package = EPUBArchiveWriter.package(items: [("c", "c.xhtml", "application/xhtml+xml")],
                                                spine: Array(repeating: "c", count: 40))
        let book = try write("repeat", package: package, files: [("c.xhtml", chapter)])
        let opened = try EPUBBook.open(path: book)
        let sections = try XCTUnwrap(opened.book.document?.sections)
        XCTAssertEqual(sections.count, 40, "every spine entry keeps its place")
        let shown = text(of: opened.book)
        XCTAssertEqual(shown.components(separatedBy: "Chapter start.").count - 1, 3)
        XCTAssertTrue(shown.hasSuffix("The rest of the book, from OEBPS/c.xhtml on, is not shown: "
                                      + "the book inflates to more than 100 times its compressed size."))
        XCTAssertEqual(opened.book.document?.notices.count, 1)
    }

    func testADocumentRepeatedAFewTimesIsShownEachTime() throws {
        let package = EPUBArchiveWriter.package(items: [("c", "c.xhtml", "application/xhtml+xml")], spine: ["c", "c", "c"])
        let book = try write("three", package: package, files: [("c.xhtml", EPUBArchiveWriter.xhtml("<p>Again.</p>"))])
        let opened = try EPUBBook.open(path: book)
        XCTAssertEqual(text(of: opened.book), "Again.\nAgain.\nAgain.")
        XCTAssertEqual(opened.book.document?.notices, [])
    }

    func testTextPastTheBudgetIsCutAtABlockWithANotice() throws {
        let first = EPUBArchiveWriter.xhtml("<p>One.</p><p>Two.</p><p>" + String(repeating: "x", count: 100) + "</p><p>Four.</p>")
        try EPUBArchiveWriter.book([("a.xhtml", first), ("b.xhtml", EPUBArchiveWriter.xhtml("<p>Next.</p>"))], to: path("text"))
        var limits = ReadingBudget.Limits.book
        limits.textBytes = 50
        let opened = try EPUBSource(path: path("text"), publisherStyles: true, limits: limits).wholeBook()
        XCTAssertEqual(text(of: opened.book), "One.\nTwo.\nThe rest of the book, from OEBPS/a.xhtml on, is not shown: "
                       + "the book holds more than 50 bytes of text.")
        XCTAssertEqual(opened.book.document?.sections.count, 2)
    }

    func testReadingStopsWhenItsTimeIsUp() throws {
        let documents = (1...4).map { ("c\($0).xhtml", EPUBArchiveWriter.xhtml("<p>Chapter \($0).</p>")) }
        try EPUBArchiveWriter.book(documents, to: path("slow"))
        // Every look at the clock finds 8 s more gone: the read starts at 8, the third chapter is past 20 s.
        let clock = SteppingClock(step: 8_000)
        let opened = try EPUBBook.open(path: path("slow"), clock: { clock.tick() })
        XCTAssertEqual(text(of: opened.book), "Chapter 1.\nChapter 2.\nThe rest of the book, from OEBPS/c3.xhtml on, "
                       + "is not shown: reading it took longer than 20 s.")
    }

    func testASheetLinkedOrImportedManyTimesIsParsedOnceAndAppliedOnce() throws {
        let sheet = "p { text-transform: uppercase }"
        let imports = String(repeating: "@import \"s.css\";\n", count: 300)
        var reads: [String: Int] = [:]
        var sheets = BookStyleSheets(read: { name in
            reads[name, default: 0] += 1
            return Array((name == "i.css" ? imports : sheet).utf8)
        })
        var budget = ReadingBudget(clock: nil, compressedBytes: 0)
        var linked: [BookStyleSheets.Named] = []
        for _ in 0..<300 { linked += sheets.sheets(at: "s.css", budget: &budget) }
        linked += sheets.sheets(at: "i.css", budget: &budget)
        XCTAssertEqual(BookStyleSheets.applied(linked).count, 2, "s.css then i.css")
        XCTAssertEqual(reads, ["s.css": 1, "i.css": 1])
        XCTAssertEqual(budget.styleRules, 1, "s.css's rule counted once")

        let links = String(repeating: "<link rel=\"stylesheet\" href=\"s.css\"/>", count: 300) + "<link rel=\"stylesheet\" href=\"i.css\"/>"
        try EPUBArchiveWriter.book([("c.xhtml", EPUBArchiveWriter.xhtml("<p>Loud.</p>", head: links))],
                                   files: [.init("OEBPS/s.css", sheet), .init("OEBPS/i.css", imports)],
                                   extraItems: [("s", "s.css", "text/css"), ("i", "i.css", "text/css")], to: path("sheets"))
        let opened = try EPUBBook.open(path: path("sheets"))
        XCTAssertEqual(text(of: opened.book), "LOUD.")
        XCTAssertEqual(opened.book.document?.notices, [])
    }

    func testStyleSheetsPastTheBudgetAreLeftOutWithANotice() throws {
        var limits = ReadingBudget.Limits.book
        limits.styleSheetBytes = 110
        limits.styleRules = 3
        var sheets = BookStyleSheets(read: { name in
            switch name {
            case "a.css": return Array("p { color: red } q { color: blue }".utf8)
            case "b.css": return Array("h1 { color: red } h2 { color: red } h3 { color: red }".utf8)
            case "c.css": return Array("h4 { color: red }".utf8)
            default: return Array(String(repeating: " ", count: 200).utf8)
            }
        })
        var budget = ReadingBudget(clock: nil, compressedBytes: 0, limits: limits)
        XCTAssertEqual(sheets.sheets(at: "a.css", budget: &budget).first?.sheet.rules.count, 2)
        XCTAssertEqual(sheets.sheets(at: "b.css", budget: &budget).first?.sheet.rules.count, 1, "three rules in all")
        XCTAssertEqual(sheets.sheets(at: "c.css", budget: &budget).first?.sheet.rules.count, 0)
        XCTAssertTrue(sheets.sheets(at: "d.css", budget: &budget).isEmpty)
        XCTAssertEqual(sheets.leftOut, ["the style sheet b.css is applied only in part: the book's style sheets pass 3 rules",
                                        "the style sheet c.css is not applied: the book's style sheets pass 3 rules",
                                        "the style sheet d.css is not applied: the book's style sheets pass 110 bytes"])
    }

    func testAnEmptySpineIsRefusedInOneLine() throws {
        let package = EPUBArchiveWriter.package(items: [("c", "c.xhtml", "application/xhtml+xml")], spine: [])
        let book = try write("empty", package: package, files: [("c.xhtml", EPUBArchiveWriter.xhtml("<p>Unlisted.</p>"))])
        XCTAssertThrowsError(try BookFormats().open(path: book)) { error in
            XCTAssertEqual("\(error)", "\(book): not a readable EPUB: its package document OEBPS/content.opf lists no document in its spine")
        }
        XCTAssertThrowsError(try LazyEPUB(path: book))
        let described = BookFormats().describe(path: book)
        XCTAssertEqual(described.problem, "its package document OEBPS/content.opf lists no document in its spine")
    }
}

/// A clock that moves on by `step` ms each time it is read.
private final class SteppingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now = 0.0
    private let step: Double

    init(step: Double) { self.step = step }

    func tick() -> Double {
        lock.withLock {
            now += step
            return now
        }
    }
}
