import ArgumentParser
import Foundation
import LinuxSystem
import Reader
import Typesetting
import XCTest
@testable import ebook_fb

/// The command-line layer: options that parse themselves, values refused
/// with their name, and the reader's settings taken from them.
final class CommandLineTests: XCTestCase {
    func testLineBreakingParsesItselfAndRefusesOtherValuesByName() throws {
        XCTAssertEqual(try ReadCommand.parse(["book.txt"]).options.lineBreaking, .optimal)
        XCTAssertEqual(try ReadCommand.parse(["book.txt", "--line-breaking", "greedy"]).options.lineBreaking, .greedy)
        XCTAssertEqual(try RenderCommand.parse(["book.txt", "--line-breaking", "greedy", "--out", "x.png"]).options.lineBreaking,
                       .greedy)
        XCTAssertThrowsError(try ReadCommand.parse(["book.txt", "--line-breaking", "wrong"])) { error in
            let message = ReadCommand.message(for: error)
            XCTAssertTrue(message.split(separator: "\n").first?.contains("wrong") ?? false, message)
        }
    }

    func testPaginationModeParsesItself() throws {
        XCTAssertEqual(try ReadCommand.parse(["book.txt"]).pagination, .background)
        XCTAssertEqual(try ReadCommand.parse(["book.txt", "--pagination", "on-demand"]).pagination, .onDemand)
        XCTAssertThrowsError(try ReadCommand.parse(["book.txt", "--pagination", "sometimes"]))
    }

    func testCatalogsAreRepeatableNameAndAddressPairs() throws {
        let read = try ReadCommand.parse(["books", "--catalog", "Town|http://10.0.0.5/opds", "--catalog", "Gutenberg | https://m.gutenberg.org/"])
        XCTAssertEqual(try read.catalogOptions.sources(), [CatalogSource(name: "Town", address: "http://10.0.0.5/opds"),
                                                          CatalogSource(name: "Gutenberg", address: "https://m.gutenberg.org/")])
        XCTAssertEqual(try ReadCommand.parse(["books"]).catalogOptions.sources(), [])
        XCTAssertThrowsError(try ReadCommand.parse(["books", "--catalog", "Town|ftp://10.0.0.5/"])) { error in
            let message = ReadCommand.message(for: error)
            XCTAssertTrue(message.contains("--catalog: \"Town\": not an http or https address"), message)
        }
    }

    func testDefineTakesOnlyDictionaryFilesAndAWord() throws {
        let define = try DefineCommand.parse(["whale", "--dict", "a/gcide.index", "--dict", "b/test.ifo", "--json"])
        XCTAssertEqual(define.dictionaries, ["a/gcide.index", "b/test.ifo"])
        XCTAssertThrowsError(try DefineCommand.parse(["whale", "--dict", "notes.txt"])) { error in
            let message = DefineCommand.message(for: error)
            XCTAssertTrue(message.split(separator: "\n").first?.contains("notes.txt") ?? false, message)
        }
        XCTAssertThrowsError(try DefineCommand.parse(["  "]))
    }

    /// A negative number is a value, refused by what is wrong with it and
    /// quoted as given, not "a missing value" for an option that looks
    /// like it.
    func testNegativeNumbersAreValuesQuotedWhenRefused() throws {
        let render = try RenderCommand.parse(["book.txt", "--size", "-5x10", "--page", "-3", "--font-size", "-2", "--out", "x.png"])
        XCTAssertEqual(render.page, -3)
        XCTAssertEqual(render.options.fontSize, -2)
        XCTAssertThrowsError(try render.options.geometry()) { XCTAssertTrue("\($0)".contains("-5x10"), "\($0)") }
        let read = try ReadCommand.parse(["book.txt", "--rotate", "-90", "--page", "-1", "--line-spacing", "-1.5"])
        XCTAssertEqual(read.rotate, -90)
        XCTAssertEqual(read.options.lineSpacing, -1.5)
    }

    /// A path or a title holding ESC, a newline or a C1 control prints as
    /// one line that cannot steer the terminal.
    func testControlCharactersAreWrittenOut() {
        XCTAssertEqual("/tmp/a\u{1B}[31m\nX\u{85}\tY\u{7F}".escapingControlCharacters, "/tmp/a\\u{1B}[31m\\nX\\u{85}\\tY\\u{7F}")
        XCTAssertEqual("Καλημέρα — 日本".escapingControlCharacters, "Καλημέρα — 日本")
        XCTAssertEqual(JSONLine.quote("a\u{9B}b"), "\"a\\u009bb\"")
    }

    /// Every documented option of the reader still parses.
    func testTheReadersDocumentedOptionsParse() throws {
        let read = try ReadCommand.parse([
            "book.txt", "--display", "headless", "--replay", "a.events", "--desc", "a.desc", "--screenshot", "s.png",
            "--screenshot-every", "frames", "--state-dir", "state", "--page", "3", "--theme", "dark", "--rotate", "90",
            "--touch-matrix", "1,0,0,0,1,0", "--replay-speed", "2", "--size", "800x600", "--font-size", "24",
            "--line-spacing", "1.5", "--lang", "en", "--kiosk", "--lock-vt",
        ])
        XCTAssertEqual(read.options.book, "book.txt")
        XCTAssertEqual(read.page, 3)
        XCTAssertEqual(read.rotate, 90)
        XCTAssertTrue(read.kiosk && read.lockVT)
    }

    /// The kiosk's settings file becomes a command line the reader accepts.
    func testKioskSettingsBecomeAReaderCommandLine() throws {
        var configuration = KioskConfiguration()
        configuration.fontSize = 26
        configuration.theme = "dark"
        let arguments = configuration.readerArguments(book: "/srv/books/alice.txt")
        let read = try ReadCommand.parse(arguments)
        XCTAssertEqual(read.options.book, "/srv/books/alice.txt")
        XCTAssertEqual(read.options.fontSize, 26)
        XCTAssertEqual(read.theme, "dark")
        XCTAssertTrue(read.kiosk)
    }

    /// The kiosk's policies reach the reader, and a bad value is refused by name.
    func testKioskPoliciesAndThePanelSizeParse() throws {
        var configuration = KioskConfiguration()
        configuration.menu = .reading
        configuration.idleResetMinutes = 5
        configuration.blankAfterMinutes = 15
        let read = try ReadCommand.parse(configuration.readerArguments(book: "/b.txt") + ["--panel-mm", "217x136"])
        XCTAssertEqual(read.policies.menu, .reading)
        let timers = read.policies.idleTimers(start: 1000)
        XCTAssertEqual(timers.resetAfter, 300_000)
        XCTAssertEqual(timers.blankAfter, 900_000)
        XCTAssertEqual(try read.screen.panelSize()?.width, 217)
        XCTAssertEqual(try read.screen.panelSize()?.height, 136)
        for bad in [["--blank-after", "0"], ["--idle-reset", "2000"], ["--menu", "kiosk"]] {
            XCTAssertThrowsError(try ReadCommand.parse(["b.txt"] + bad), "\(bad)") { error in
                let message = ReadCommand.message(for: error)
                XCTAssertTrue(message.split(separator: "\n").first?.contains(bad[1]) ?? false, message)
            }
        }
        XCTAssertThrowsError(try ReadCommand.parse(["b.txt", "--panel-mm", "wide"]).screen.panelSize())
    }
}

/// `--columns` on the commands that set pages, and the spread each page of
/// `paginate` is on.
final class ColumnOptionTests: XCTestCase {
    private static let bookPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Books/the-lamplighter.txt").path

    private func pages(_ arguments: [String]) throws -> [[String: Any]] {
        var out = ""
        try PaginateCommand.parse([Self.bookPath, "--json", "--size", "1280x800"] + arguments).write { out += $0 }
        return try out.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testColumnsParseAndRefuseOtherValuesByName() throws {
        XCTAssertEqual(try ReadCommand.parse(["book.txt"]).columns.columns, .one)
        XCTAssertEqual(try RenderCommand.parse(["book.txt", "--columns", "2", "--out", "x.png"]).columns.columns, .two)
        XCTAssertEqual(try PaginateCommand.parse(["book.txt", "--columns", "1"]).columns.columns, .one)
        XCTAssertThrowsError(try ReadCommand.parse(["book.txt", "--columns", "3"])) { error in
            XCTAssertTrue(ReadCommand.message(for: error).contains("3"), ReadCommand.message(for: error))
        }
        var configuration = KioskConfiguration()
        configuration.columns = .auto
        XCTAssertEqual(try ReadCommand.parse(configuration.readerArguments(book: "/b.txt")).columns.columns, .auto)
    }

    func testEveryPageSaysItsSpread() throws {
        let two = try pages(["--columns", "auto"])
        XCTAssertGreaterThan(two.count, 3)
        for (index, page) in two.enumerated() {
            XCTAssertEqual(page["page"] as? Int, index + 1)
            XCTAssertEqual(page["spread"] as? Int, index / 2, "page \(index + 1)")
        }
        let one = try pages([])
        for (index, page) in one.enumerated() { XCTAssertEqual(page["spread"] as? Int, index) }
        XCTAssertLessThan(one.count, two.count, "two pages a spread are narrower: more of them")
    }
}
