import BookModel
import Foundation
@testable import PlainText
import XCTest
@testable import Typesetting

/// Vertical pages: columns from the right, Latin turned, short numbers
/// upright side by side, ruby to the right, and places kept when the
/// writing mode changes.
final class VerticalLayoutTests: XCTestCase {
    static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    static let geometry = PageGeometry(width: 600, height: 800)

    static let file = """
    吾輩は猫である
    夏目漱石

    ［＃８字下げ］一［＃「一」は中見出し］

    　吾輩《わがはい》は猫である。名前はまだ無い。明治38年の12月、Londonから帰った漱石がこれを書いた。
    　\(String(repeating: "どこで生れたかとんと見当《けんとう》がつかぬ。何でも薄暗いじめじめした所で泣いていた事だけは記憶している。", count: 30))
    """

    private func typesetter(_ mode: WritingModeChoice = .auto) throws -> Typesetter {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto") else {
            throw XCTSkip("CJK fonts are not installed (fonts-noto-cjk)")
        }
        let book = Book(text: try BookDecoder.decode(Data(Self.file.utf8), path: "aozora.txt"))
        return try Typesetter(book: book, geometry: Self.geometry, font: Self.font, writingMode: mode)
    }

    /// The book offset of the first `text` in the book.
    private func offset(of text: String, in book: Book) throws -> Int {
        guard let first = offsets(of: text, in: book).first else { throw XCTSkip("\(text) is not in the book") }
        return first
    }

    /// The book offsets of every `text` in the book.
    private func offsets(of text: String, in book: Book) -> [Int] {
        book.paragraphs.flatMap { paragraph -> [Int] in
            let scalars = Array(book.string(of: paragraph).unicodeScalars), wanted = Array(text.unicodeScalars)
            guard scalars.count >= wanted.count else { return [] }
            return (0...(scalars.count - wanted.count)).filter { scalars[$0..<($0 + wanted.count)].elementsEqual(wanted) }
                .map { paragraph.scalars.lowerBound + $0 }
        }
    }

    func testAozoraIsVerticalUnlessTheReaderSaysOtherwise() throws {
        XCTAssertEqual(try typesetter().writingMode, .verticalRL)
        XCTAssertEqual(try typesetter(.horizontal).writingMode, .horizontalTB)
        XCTAssertEqual(try typesetter().book.pageProgression(.auto), .rightToLeft)
        XCTAssertEqual(try typesetter().book.pageProgression(.horizontal), .leftToRight)
    }

    func testColumnsRunDownFromTheRight() throws {
        let setter = try typesetter()
        let pages = setter.paginate()
        let body = try XCTUnwrap(setter.book.paragraphs.first { $0.scalars.contains(try offset(of: "どこで", in: setter.book)) })
        let page = setter.layoutPage(pages.pageIndex(containing: body.scalars.lowerBound), of: pages)
        let rects = page.text.rects(covering: body.scalars)
        XCTAssertGreaterThan(rects.count, 4)
        XCTAssertTrue(rects.allSatisfy { $0.height > $0.width }, "every line is a column: \(rects)")
        XCTAssertTrue(zip(rects, rects.dropFirst()).allSatisfy { $0.x > $1.x }, "each column left of the one before")
        XCTAssertTrue(rects.allSatisfy { $0.x >= 0 && $0.maxX <= Self.geometry.width && $0.maxY < setter.footerRows.lowerBound },
                      "columns stay on the page, above the footer")
        XCTAssertEqual(page.writingMode, .verticalRL)
        XCTAssertFalse(page.footer.isEmpty)
    }

    func testLatinTurnsAndShortNumbersStandTogether() throws {
        let setter = try typesetter()
        let pages = setter.paginate()
        let london = try offset(of: "London", in: setter.book), kana = try offset(of: "名前", in: setter.book)
        let text = setter.layoutPage(pages.pageIndex(containing: london), of: pages).text
        XCTAssertEqual(text.isSideways(london), true)
        XCTAssertEqual(text.isSideways(kana), false)
        let year = try offset(of: "38年", in: setter.book)
        let three = text.rects(covering: year..<(year + 1)), eight = text.rects(covering: (year + 1)..<(year + 2))
        XCTAssertEqual(three, eight, "both digits in one character's space")
        XCTAssertEqual(text.isSideways(year), false)
        let nextCharacter = try XCTUnwrap(text.rects(covering: (year + 2)..<(year + 3)).first)
        let pair = try XCTUnwrap(three.first)
        XCTAssertEqual(Double(pair.height), Double(Self.geometry.fontSize), accuracy: 1, "the pair takes one em down the column")
        // The column is justified: the spacing after the pair may give or take a pixel.
        XCTAssertEqual(Double(nextCharacter.y), Double(pair.maxY), accuracy: 1, "the next character follows the pair")
    }

    func testRubyStandsToTheRightOfItsBase() throws {
        let setter = try typesetter()
        let pages = setter.paginate()
        let base = try offset(of: "吾輩《", in: setter.book)
        let page = setter.layoutPage(pages.pageIndex(containing: base), of: pages)
        let column = try XCTUnwrap(page.text.rects(covering: base..<(base + 2)).first)
        let small = setter.rubySize(for: setter.fonts.body)
        let ruby = page.glyphs.filter { setter.fonts.faces[$0.face].pixelSize == small }
        XCTAssertFalse(ruby.isEmpty)
        let centre = (column.x + column.maxX) * 32
        // This column's reading, not the next one's: within an em of the column's middle.
        let beside = ruby.filter { Int($0.y) / 64 >= column.y && Int($0.y) / 64 <= column.maxY + small
            && abs(Int($0.x) - centre) < setter.fonts.body.pixelSize * 64 }
        XCTAssertFalse(beside.isEmpty, "the reading is beside its base")
        XCTAssertTrue(beside.allSatisfy { Int($0.x) > centre }, "to the right of the column's middle")
    }

    func testAPlaceOnScreenStaysOnScreenAcrossModes() throws {
        let across = try typesetter(.horizontal), down = try typesetter(.vertical)
        let acrossPages = across.paginate(), downPages = down.paginate()
        XCTAssertGreaterThan(downPages.pages.count, 1)
        let places = offsets(of: "記憶", in: across.book)
        XCTAssertGreaterThan(places.count, 20)
        for offset in stride(from: 0, to: places.count, by: 7).map({ places[$0] }) {
            let onePage = across.layoutPage(acrossPages.pageIndex(containing: offset), of: acrossPages)
            let other = down.layoutPage(downPages.pageIndex(containing: offset), of: downPages)
            for (layout, mode) in [(onePage, "horizontal"), (other, "vertical")] {
                let rects = layout.text.rects(covering: offset..<(offset + 1))
                guard let rect = rects.first else { return XCTFail("offset \(offset) is not on its \(mode) page") }
                XCTAssertTrue(rect.x >= 0 && rect.maxX <= Self.geometry.width && rect.y >= 0 && rect.maxY <= Self.geometry.height,
                              "\(mode): \(rect)")
                // A touch on the character finds it again.
                XCTAssertEqual(layout.text.offset(atX: Double(rect.x + rect.width / 2), y: Double(rect.y + rect.height / 2)),
                               offset, mode)
            }
        }
    }

    func testVerticalPaginationTilesTheBook() throws {
        let setter = try typesetter()
        let pages = setter.paginate(collectText: true).pages
        XCTAssertEqual(pages.first?.start, 0)
        XCTAssertTrue(zip(pages, pages.dropFirst()).allSatisfy { $0.end == $1.start })
        XCTAssertEqual(pages.last?.end, setter.book.text.scalarCount)
    }
}
