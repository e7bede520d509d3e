import BookModel
import Foundation
@testable import PlainText
import XCTest
@testable import Typesetting

/// Aozora Bunko's files: the frame, headings, indents, page breaks and ruby.
final class AozoraTests: XCTestCase {
    private func book(_ text: String) throws -> Book {
        Book(text: try BookDecoder.decode(Data(text.utf8), path: "aozora.txt"))
    }

    private static let rule = String(repeating: "-", count: 55)
    private static let body = String(repeating: "吾輩《わがはい》は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", count: 8)

    private static let file = """
    吾輩は猫である
    夏目漱石

    \(rule)
    【テキスト中に現れる記号について】

    《》：ルビ
    （例）吾輩《わがはい》
    \(rule)

    ［＃８字下げ］一［＃「一」は中見出し］

    　\(body)
    ［＃ここから２字下げ］
    ○○と云う人に今日の会で始めて出逢《であ》った。
    ［＃ここで字下げ終わり］
    　\(body)
    ［＃改ページ］
    ［＃８字下げ］二［＃「二」は中見出し］
    　\(body)

    底本：「吾輩は猫である」岩波文庫
    """

    func testFrameTitleAuthorAndBody() throws {
        let book = try book(Self.file)
        XCTAssertEqual(book.metadata.title, "吾輩は猫である")
        XCTAssertEqual(book.metadata.authors, ["夏目漱石"])
        XCTAssertEqual(book.metadata.language, "ja")
        XCTAssertTrue(book.metadata.usesAozoraNotation)
        let notes = book.paragraphs.filter { $0.traits.contains(.frontMatter) }.map { book.string(of: $0) }
        XCTAssertEqual(notes.first, Self.rule)
        XCTAssertTrue(notes.contains("《》：ルビ"))
        let body = try XCTUnwrap(book.paragraphs.first { $0.scalars.lowerBound == book.metadata.bodyStart })
        XCTAssertTrue(book.string(of: body).contains("一［＃「一」は中見出し］"))
        XCTAssertTrue(book.paragraphs[0].traits.contains(.centred), "the title is centred")
        let colophon = try XCTUnwrap(book.paragraphs.last)
        XCTAssertTrue(colophon.traits.contains(.backMatter) && colophon.traits.contains(.startsPage))
    }

    func testHeadingAnnotationsMakeChapters() throws {
        let book = try book(Self.file)
        XCTAssertEqual(book.chapters.map(\.title), ["一", "二"])
        XCTAssertEqual(AozoraBlocks.heading(in: "［＃大見出し］第一章［＃大見出し終わり］")?.title, "第一章")
        XCTAssertEqual(AozoraBlocks.heading(in: "［＃大見出し］第一章［＃大見出し終わり］")?.rank, 1)
    }

    func testIndentsAndPageBreaks() throws {
        let book = try book(Self.file)
        let indented = try XCTUnwrap(book.paragraphs.first { book.string(of: $0).hasPrefix("○○") })
        XCTAssertEqual(indented.blockIndent, 2)
        XCTAssertFalse(book.paragraphs.contains { book.string(of: $0).hasPrefix("［＃ここ") }, "commands make no paragraph")
        let second = try XCTUnwrap(book.paragraphs.first { book.string(of: $0).contains("二［＃") })
        XCTAssertTrue(second.traits.contains(.startsPage))
        XCTAssertEqual(AozoraBlocks.command(ofLine: "［＃ここから１０字下げ］"), .indentFrom(10))
        XCTAssertEqual(AozoraBlocks.command(ofLine: "［＃ここから三字下げ］"), .indentFrom(3))
        XCTAssertEqual(AozoraBlocks.command(ofLine: "［＃改ページ］"), .pageBreak)
        XCTAssertNil(AozoraBlocks.command(ofLine: "［＃２字下げ］本文"))
        XCTAssertEqual(AozoraBlocks.command(ofLine: "［＃地付き］"), .ignored)
        XCTAssertEqual(AozoraBlocks.leadingIndent("［＃２字下げ］本文"), 2)
    }

    func testRubyIsDrawnAboveItsBaseAndNotInTheText() throws {
        let book = try book(Self.file)
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 600, height: 800),
                                    font: FontFile(path: SharedData.defaultFont))
        let pagination = setter.paginate(collectText: true)
        let bodyPage = pagination.pageIndex(containing: book.metadata.bodyStart)
        XCTAssertEqual(pagination.pages[bodyPage].start, book.metadata.bodyStart)
        let lines = pagination.pageLines[bodyPage]
        XCTAssertEqual(lines.first, "一")
        XCTAssertTrue(lines.dropFirst().first?.hasPrefix("　吾輩は猫である") ?? false, "\(lines)")
        XCTAssertFalse(lines.joined().contains("《") || lines.joined().contains("わがはい"))
        let page = setter.layoutPage(bodyPage, of: pagination)
        let shown = page.lines.joined().unicodeScalars.filter { !$0.properties.isWhitespace }.count
        XCTAssertGreaterThan(page.glyphs.count, shown, "ruby glyphs are placed besides the text")
        // The page with the second chapter starts at its heading (a page break and a chapter).
        let second = try XCTUnwrap(book.chapters.last)
        XCTAssertEqual(pagination.pages[pagination.pageIndex(containing: second.offset)].start, second.offset)
    }
}
