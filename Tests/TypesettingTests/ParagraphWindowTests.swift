import BookModel
import Foundation
import PlainText
import TestSupport
import XCTest
@testable import Typesetting

/// A paragraph longer than a window is cut, by its text alone, into
/// windows laid out one after another: each bounded, their lines the
/// paragraph's in order, a continuation neither indented nor spaced, and
/// pages found again from their first character.
final class ParagraphWindowTests: XCTestCase {
    private static let sentence = "The five boxing wizards jump quickly over a lazy dog.\n"
    private static let font = FontFile(path: SharedData.defaultFont)

    private func typesetter(_ text: String, width: Int = 800, height: Int = 600) throws -> Typesetter {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "long.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: width, height: height), font: Self.font)
    }

    /// The text of `bytes` of the book's text.
    private func text(_ setter: Typesetter, _ bytes: Range<Int>) -> String {
        String(decoding: setter.book.text.utf8[bytes], as: UTF8.self)
    }

    func testALongParagraphIsCutIntoBoundedWindowsAfterSentences() throws {
        let setter = try typesetter(String(repeating: Self.sentence, count: 1500))
        XCTAssertEqual(setter.book.paragraphs.count, 1)
        let paragraph = setter.book.paragraphs[0]
        let windows = setter.paragraphWindows.windows(of: 0, in: setter.book)
        XCTAssertEqual(windows.count, 3)
        XCTAssertEqual(windows.characters(of: 0).lowerBound, 0)
        XCTAssertEqual(windows.characters(of: windows.count - 1).upperBound, paragraph.scalars.count)
        for window in 0..<windows.count {
            let characters = windows.characters(of: window)
            XCTAssertLessThanOrEqual(characters.count, ParagraphWindows.length)
            if window < windows.count - 1 {
                XCTAssertGreaterThan(characters.count, ParagraphWindows.length * 3 / 4)
                XCTAssertTrue(text(setter, windows.bytes(of: window)).hasSuffix("dog.\n"), "window \(window) ends a sentence")
            }
            if window > 0 {
                XCTAssertTrue(text(setter, windows.bytes(of: window)).hasPrefix("The five"), "window \(window) starts one")
                XCTAssertEqual(windows.window(containing: characters.lowerBound), window)
                XCTAssertEqual(windows.window(containing: characters.lowerBound - 1), window - 1)
            }
        }
        let short = try typesetter(String(repeating: Self.sentence, count: 600))
        XCTAssertEqual(short.paragraphWindows.windows(of: 0, in: short.book).count, 1, "a paragraph within a window is whole")
    }

    func testAParagraphWithoutSpacesIsCutBetweenClusters() throws {
        // A letter with two marks, over and over: no space, no sentence.
        let setter = try typesetter(String(repeating: "e\u{301}\u{323}", count: 20000) + "\n")
        let windows = setter.paragraphWindows.windows(of: 0, in: setter.book)
        XCTAssertEqual(windows.count, 2)
        XCTAssertEqual(windows.characters(of: 0).count % 3, 0, "the cut falls before a letter, never before its marks")
        XCTAssertTrue(text(setter, windows.bytes(of: 1)).hasPrefix("e\u{301}\u{323}"))
    }

    func testWindowLinesCoverTheParagraphInOrderAndContinueIt() throws {
        let setter = try typesetter(String(repeating: Self.sentence, count: 1500))
        let paragraph = setter.book.paragraphs[0]
        let windows = setter.paragraphWindows.windows(of: 0, in: setter.book)
        var next = paragraph.scalars.lowerBound
        for window in 0..<windows.count {
            let layout = setter.layoutParagraph(0, window: window)
            XCTAssertEqual(layout.window, window)
            XCTAssertEqual(layout.endsParagraph, window == windows.count - 1)
            XCTAssertEqual(layout.start, paragraph.scalars.lowerBound + windows.characters(of: window).lowerBound)
            for line in layout.lines.indices {
                XCTAssertEqual(layout.offset(ofLine: line), next, "window \(window) line \(line)")
                next = layout.start + layout.lines[line].range.upperBound
            }
            let first = try XCTUnwrap(layout.lines.first), last = try XCTUnwrap(layout.lines.last)
            XCTAssertEqual(first.indent > 0, window == 0, "only the paragraph's first line is indented")
            XCTAssertEqual(last.alignment, window == windows.count - 1 ? .start : .justified,
                           "a window's last line is justified as any other; the paragraph's last is not")
            XCTAssertTrue(layout.text(ofLine: 0).hasPrefix("The five"))
        }
        XCTAssertEqual(next, paragraph.scalars.upperBound)
    }

    func testPagesOfALongParagraphAreFoundAgainFromTheirFirstCharacter() throws {
        let setter = try typesetter(String(repeating: Self.sentence, count: 1500))
        let pagination = setter.paginate(collectText: true)
        XCTAssertGreaterThan(pagination.pages.count, 10)
        for (page, next) in zip(pagination.pages, pagination.pages.dropFirst()) {
            XCTAssertEqual(page.end, next.start, "pages tile the text")
        }
        XCTAssertEqual(pagination.pages.last?.end, setter.book.text.scalarCount)
        for index in pagination.pages.indices {
            XCTAssertEqual(setter.layoutPage(index, of: pagination).lines, pagination.pageLines[index], "page \(index + 1)")
        }
        // Pagination in steps (the reader's first pages) makes the same pages.
        let partial = setter.paginate(through: 3)
        XCTAssertEqual(Array(pagination.pages.prefix(partial.pages.count - 1)), Array(partial.pages.dropLast()))
        // A place deep in the paragraph is on the page that starts before it, at any size.
        let place = setter.book.paragraphs[0].scalars.lowerBound + 70_000
        let smaller = try Typesetter(matching: setter, geometry: PageGeometry(width: 600, height: 500))
        let other = smaller.paginate()
        let page = other.pages[other.pageIndex(containing: place)]
        XCTAssertTrue((page.start..<page.end).contains(place))
    }

    func testIsolatesWithAndWithoutSpacesPaginateWhole() throws {
        for (unit, count) in [("\u{2067}a\u{2069} ", 12000), ("\u{2067}a\u{2069}", 15000)] {
            let setter = try typesetter(String(repeating: unit, count: count) + "\n")
            XCTAssertGreaterThan(setter.paragraphWindows.windows(of: 0, in: setter.book).count, 1)
            let pagination = setter.paginate(collectText: true)
            for (page, next) in zip(pagination.pages, pagination.pages.dropFirst()) { XCTAssertEqual(page.end, next.start) }
            let lines = pagination.pageLines.joined()
            XCTAssertFalse(lines.contains(""), "no empty line")
            XCTAssertEqual(lines.map { $0.filter { $0 == "a" }.count }.reduce(0, +), count, "every letter is set once")
        }
    }

    func testALongBlockKeepsItsStylesAcrossWindows() throws {
        let text = String(repeating: "The five boxing wizards jump quickly over a lazy dog. ", count: 1500)
        var builder = DocumentBuilder()
        builder.append(.paragraph, style: BlockStyle(), text: "Before.")
        builder.append(.paragraph, style: BlockStyle(), text: text,
                       runs: [StyledRun(range: 30_000..<40_000, style: .italic)])
        let book = builder.build(metadata: BookMetadata(language: "en"), contents: [], format: .epub)
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600), font: Self.font)
        let windows = setter.paragraphWindows.windows(of: 1, in: book)
        XCTAssertGreaterThan(windows.count, 1)
        let second = setter.layoutParagraph(1, window: 1)
        let firstCharacter = windows.characters(of: 1).lowerBound
        XCTAssertLessThan(firstCharacter, 40_000)
        XCTAssertEqual(second.shaped.markup.runs.first?.range, 0..<(40_000 - firstCharacter), "the italic run goes on")
        XCTAssertEqual(second.lines.first?.indent, 0)
        XCTAssertGreaterThan(setter.layoutParagraph(1, window: 0).lines.first?.indent ?? 0, 0)
        let pagination = setter.paginate(collectText: true)
        for index in pagination.pages.indices {
            XCTAssertEqual(setter.layoutPage(index, of: pagination).lines, pagination.pageLines[index], "page \(index + 1)")
        }
    }
}
