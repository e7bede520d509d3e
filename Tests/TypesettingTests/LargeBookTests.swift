import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Large files open on a window cut at a paragraph; files change under an
/// open book without harming it.
final class LargeBookTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("largebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ bytes: [UInt8], name: String = "book.txt") throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private static func paragraph(_ index: Int) -> String {
        "Paragraph \(index) says déjà vu about the quiet river\nand keeps on for a second line of prose.\n\n"
    }

    private static func prose(_ count: Int) -> String { (0..<count).map(paragraph).joined() }

    func testAWindowEndsAtAParagraphAndIsAPrefixOfTheWholeText() throws {
        let text = Self.prose(2000)
        let path = try write(Array(text.utf8))
        let whole = try BookDecoder.decode(contentsOf: path)
        XCTAssertTrue(whole.isComplete)
        let window = try BookDecoder.decode(contentsOf: path, window: 10_000)
        XCTAssertFalse(window.isComplete)
        XCTAssertEqual(window.sourceByteCount, text.utf8.count)
        XCTAssertLessThanOrEqual(window.sourceBytesDecoded, 10_000)
        XCTAssertGreaterThan(window.sourceBytesDecoded, 9_000)
        XCTAssertEqual(Array(window.utf8.suffix(2)), [0x0A, 0x0A], "cut after a blank line")
        XCTAssertEqual(Array(whole.utf8.prefix(window.utf8.count)), window.utf8)
    }

    /// The reader's window: a file up to `largeBookWindow` is read whole, a
    /// larger one only up to `largeFileWindow`.
    func testTheReaderReadsAFileWholeUpToItsLimitAndALargerOneOnASmallerWindow() throws {
        let paragraph = Array(Self.paragraph(7).utf8)
        func file(over bytes: Int, name: String) throws -> String {
            try write(Array([[UInt8]](repeating: paragraph, count: bytes / paragraph.count + 1).joined()), name: name)
        }
        let justUnder = try file(over: Book.largeBookWindow - paragraph.count - 1, name: "under.txt")
        let whole = try BookDecoder.decode(contentsOf: justUnder, window: nil)
        XCTAssertTrue(whole.isComplete)
        XCTAssertGreaterThan(whole.sourceBytesDecoded, Book.largeFileWindow)

        let over = try BookDecoder.decode(contentsOf: try file(over: Book.largeBookWindow, name: "over.txt"), window: nil)
        XCTAssertFalse(over.isComplete)
        XCTAssertLessThanOrEqual(over.sourceBytesDecoded, Book.largeFileWindow)
        XCTAssertGreaterThan(over.sourceBytesDecoded, Book.largeFileWindow - paragraph.count)
    }

    func testAWindowOfUTF16AndOfOneHugeLineNeverSplitsACharacter() throws {
        let text = Self.prose(300)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let window = try BookDecoder.decode(contentsOf: try write(utf16, name: "utf16.txt"), window: 5_001)
        XCTAssertEqual(window.encoding, .utf16LittleEndian)
        XCTAssertTrue(String(decoding: window.utf8, as: UTF8.self).hasSuffix("prose.\n\n"))
        XCTAssertEqual(window.sourceBytesDecoded % 2, 0)

        let line = String(repeating: "é𝄞", count: 5000) // no line ends at all
        let cut = try BookDecoder.decode(contentsOf: try write(Array(line.utf8), name: "line.txt"), window: 4_001)
        XCTAssertFalse(String(decoding: cut.utf8, as: UTF8.self).contains("\u{FFFD}"))
        XCTAssertLessThanOrEqual(cut.sourceBytesDecoded, 4_001)
    }

    func testALargeBookPaginatesOnlyToThePageAndEstimatesTheCount() throws {
        let path = try write(Array(Self.prose(6000).utf8))
        let book = try Book.open(path: path, window: 300_000)
        XCTAssertFalse(book.isComplete)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 640, height: 480),
                                        font: FontFile(path: SharedData.defaultFont))
        let partial = typesetter.paginate(through: 2)
        XCTAssertGreaterThanOrEqual(partial.pages.count, 4, "page 3 is final")
        let lastStart = try XCTUnwrap(partial.pages.last).start
        XCTAssertGreaterThanOrEqual(lastStart, Typesetter.estimateSample, "a sample for the estimate")
        XCTAssertLessThan(partial.pages.dropLast().last?.start ?? 0, Typesetter.estimateSample, "and no further")
        let whole = try Book.open(path: path)
        let complete = try Typesetter(book: whole, geometry: typesetter.geometry,
                                      font: FontFile(path: SharedData.defaultFont)).paginate()
        XCTAssertNil(complete.estimatedPageCount)
        let exact = complete.pages.count
        let estimate = try XCTUnwrap(partial.estimatedPageCount)
        XCTAssertEqual(Double(estimate), Double(exact), accuracy: Double(exact) * 0.15)
        XCTAssertTrue(partial.footer(forPage: 0, of: book).hasPrefix("1 / ~"))
        XCTAssertEqual(complete.footer(forPage: 0, of: whole), "1 / \(exact) · \(complete.pages[0].end * 100 / whole.text.scalarCount)%")
    }

    func testABookTruncatedOrReplacedWhileOpenKeepsWhatWasRead() throws {
        let path = try write(Array(Self.prose(400).utf8))
        let book = try Book.open(path: path)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 640, height: 480),
                                        font: FontFile(path: SharedData.defaultFont))
        let before = typesetter.paginate()
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 10)
        try handle.close()
        let after = typesetter.paginate()
        XCTAssertEqual(before.pages, after.pages)
        XCTAssertEqual(typesetter.layoutPage(before.pages.count - 1, of: after).lines,
                       typesetter.layoutPage(before.pages.count - 1, of: before).lines)
        // Reopened, the file is what it is now.
        XCTAssertEqual(try Book.open(path: path).text.utf8, Array("Paragraph ".utf8))
        try Data("Another book entirely.".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Book.open(path: path).text.utf8, Array("Another book entirely.".utf8))
    }
}
