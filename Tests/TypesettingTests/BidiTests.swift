import BookModel
import CFriBidi
import Foundation
import PlainText
import XCTest
@testable import Typesetting

final class BidiTests: XCTestCase {
    func testReorderingReversesRunsFromTheHighestLevelDown() {
        XCTAssertEqual(BidiReordering.visualOrder(levels: [0, 0, 0]), [0, 1, 2])
        XCTAssertEqual(BidiReordering.visualOrder(levels: [1, 1, 1]), [2, 1, 0])
        // Numbers (level 2) inside right-to-left text keep their own order.
        XCTAssertEqual(BidiReordering.visualOrder(levels: [1, 2, 2, 1]), [3, 1, 2, 0])
        XCTAssertEqual(BidiReordering.visualOrder(levels: [0, 1, 1, 0]), [0, 2, 1, 3])
    }

    func testHebrewInsideEnglishIsRightToLeftAndTheParagraphStaysLeftToRight() {
        let text = "abc \u{05D0}\u{05D1}\u{05D2} def".unicodeScalars.map(\.value)
        let paragraph = BidiParagraph(text)
        XCTAssertFalse(paragraph.isRightToLeft)
        XCTAssertEqual(paragraph.levels, [0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0])
        let order = BidiReordering.visualOrder(levels: paragraph.lineLevels(0..<text.count))
        XCTAssertEqual(order, [0, 1, 2, 3, 6, 5, 4, 7, 8, 9, 10])
    }

    func testArabicParagraphIsRightToLeftWithNumbersLeftToRight() {
        let text = "\u{0627}\u{0644} 1948 \u{0628}".unicodeScalars.map(\.value)
        let paragraph = BidiParagraph(text)
        XCTAssertTrue(paragraph.isRightToLeft)
        XCTAssertEqual(Array(paragraph.levels[3...6]), [2, 2, 2, 2])
        let order = BidiReordering.visualOrder(levels: paragraph.lineLevels(0..<text.count))
        XCTAssertEqual(order, [8, 7, 3, 4, 5, 6, 2, 1, 0])
    }

    func testTrailingSpacesOfALineReturnToTheParagraphLevel() {
        let text = "\u{05D0} abc ".unicodeScalars.map(\.value)
        let paragraph = BidiParagraph(text)
        let levels = paragraph.lineLevels(0..<text.count)
        XCTAssertEqual(levels.last, 1)
        XCTAssertEqual(Array(levels[2...4]), [2, 2, 2])
    }

    func testRightToLeftPagesMeetTheRightMarginAndLeftToRightPagesTheLeft() throws {
        let arabic = Array(repeating: "لمّا كان الاعتراف بالكرامة المتأصلة في جميع أعضاء الأسرة البشرية وبحقوقهم المتساوية الثابتة هو أساس الحرية والعدل والسلام في العالم.", count: 3).joined(separator: " ")
        let book = Book(text: try BookDecoder.decode(Data((arabic + "\n\n" + arabic).utf8), path: "ar.txt"))
        let geometry = PageGeometry(width: 800, height: 600)
        let setter = try Typesetter(book: book, geometry: geometry, font: FontFile(path: SharedData.defaultFont))
        let page = setter.layoutPage(0, of: setter.paginate())
        let right = Int32(geometry.marginLeft * 64) + geometry.measure
        XCTAssertGreaterThan(page.lineExtents.count, 4)
        for extent in page.lineExtents {
            XCTAssertLessThanOrEqual(abs(extent.upperBound - right), 64, "every line of a right-to-left page ends at the right margin")
        }
        // The last line of a paragraph is short, so it starts well right of the left margin.
        XCTAssertGreaterThan(page.lineExtents.map(\.lowerBound).max() ?? 0, Int32(geometry.marginLeft * 64) + 64 * 40)
        XCTAssertEqual(page.pageIndex, 0)
    }

    func testFewIsolatesAreResolvedAtOnce() {
        let text = String(repeating: "\u{2067}\u{05D0}b\u{2069} ", count: 200).unicodeScalars.map(\.value)
        let paragraph = BidiParagraph(text)
        XCTAssertEqual(BidiParagraph.pieces(types: paragraph.types, brackets: brackets(of: text)), [0..<text.count])
    }

    func testManyIsolatesAreResolvedInPiecesCutAfterSpacesOutsideThem() {
        let unit = "\u{2067}\u{05D0}b\u{2069} ".unicodeScalars.map(\.value)
        let text = Array(Array(repeating: unit, count: 3000).joined())
        let paragraph = BidiParagraph(text)
        let pieces = BidiParagraph.pieces(types: paragraph.types, brackets: brackets(of: text))
        XCTAssertGreaterThan(pieces.count, 1)
        XCTAssertEqual(pieces.first?.lowerBound, 0)
        XCTAssertEqual(pieces.last?.upperBound, text.count)
        for (piece, next) in zip(pieces, pieces.dropFirst()) {
            XCTAssertEqual(piece.upperBound, next.lowerBound)
            XCTAssertEqual(piece.upperBound % unit.count, 0, "cut after a space, between isolates")
            XCTAssertLessThanOrEqual(piece.count / unit.count * 2, BidiParagraph.pieceNestingsMost)
        }
        // Every isolate resolves alike, whatever piece it falls in: RLI and
        // PDI at the paragraph's level, its Hebrew letter at 1, b at 2.
        for start in stride(from: 0, to: text.count, by: unit.count) {
            XCTAssertEqual(Array(paragraph.levels[start..<(start + 5)]), [0, 1, 2, 0, 0], "isolate at \(start)")
        }
    }

    func testManyUnbalancedBracketsStillCutIntoBoundedPieces() {
        let text = ("\u{05D0}" + String(repeating: "(", count: 5000)).unicodeScalars.map(\.value)
        let paragraph = BidiParagraph(text)
        let pieces = BidiParagraph.pieces(types: paragraph.types, brackets: brackets(of: text))
        XCTAssertEqual(pieces.map(\.count).reduce(0, +), text.count)
        XCTAssertTrue(pieces.allSatisfy { $0.count <= BidiParagraph.pieceNestingsMost + 1 })
        XCTAssertTrue(paragraph.isRightToLeft)
    }

    private func brackets(of text: [UInt32]) -> [FriBidiBracketType] {
        let paragraph = BidiParagraph(text)
        var brackets = [FriBidiBracketType](repeating: 0, count: text.count)
        text.withUnsafeBufferPointer { fribidi_get_bracket_types($0.baseAddress, FriBidiStrIndex(text.count), paragraph.types, &brackets) }
        return brackets
    }
}
