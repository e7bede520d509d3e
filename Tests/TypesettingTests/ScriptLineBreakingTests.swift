import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Line breaking of scripts without spaces between words.
final class ScriptLineBreakingTests: XCTestCase {
    private func lines(_ text: String, width: Int = 300, language: String? = nil) throws -> [String] {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: width, height: 2000, fontSize: 18, sideMargin: 20),
                                    font: FontFile(path: SharedData.defaultFont), language: language)
        return setter.paginate(collectText: true).pageLines.flatMap { $0 }
    }

    func testJapaneseLinesNeverStartWithClosingPunctuation() throws {
        let sentence = "すべての人間は、生まれながらにして自由であり、かつ、尊厳と権利とについて平等である。人間は、理性と良心とを授けられており、互いに同胞の精神をもって行動しなければならない。「第一条」（概要）を見よ。"
        let closing: Set<Unicode.Scalar> = ["、", "。", "」", "）", "！", "？", "・"]
        for width in stride(from: 200, through: 420, by: 11) {
            let set = try lines(Array(repeating: sentence, count: 3).joined(), width: width, language: "ja")
            XCTAssertGreaterThan(set.count, 2)
            for line in set.dropFirst() {
                let first = try XCTUnwrap(line.unicodeScalars.first)
                XCTAssertFalse(closing.contains(first), "width \(width): a line starts with \(first): \(line)")
            }
            XCTAssertEqual(set.joined(), Array(repeating: sentence, count: 3).joined())
        }
    }

    func testThaiBreaksAtDictionaryWordBoundaries() throws {
        // สวัสดี|ครับ: ICU's Thai dictionary finds the boundary between the two words.
        let scalars = "สวัสดีครับ".unicodeScalars.map(\.value)
        let breaks = LineBreakFinder(language: "th").opportunities(scalars)
        XCTAssertEqual(breaks[5], .allowed)
        XCTAssertEqual(breaks[0..<5].filter { $0 != .none }.count, 0, "no break inside สวัสดี")
        XCTAssertEqual(breaks[9], .mandatory)
    }

    func testThaiProseIsCutBetweenWordsNotInsideThem() throws {
        let text = "ประชาชาติทั้งหลายแห่งสหประชาชาติได้ยืนยันไว้ในกฎบัตรถึงความเชื่อมั่นในสิทธิมนุษยชนขั้นพื้นฐาน"
        let set = try lines(text, width: 260, language: "th")
        XCTAssertGreaterThan(set.count, 1)
        XCTAssertEqual(set.joined(), text)
        let scalars = text.unicodeScalars.map(\.value)
        let breaks = LineBreakFinder(language: "th").opportunities(scalars)
        var offset = 0
        for line in set.dropLast() {
            offset += line.unicodeScalars.count
            XCTAssertNotEqual(breaks[offset - 1], .none, "line ends inside a word: \(line)")
        }
    }

    func testChineseBreaksBetweenIdeographs() throws {
        let text = String(repeating: "人人生而自由，在尊严和权利上一律平等。", count: 4)
        let set = try lines(text, width: 240, language: "zh")
        XCTAssertGreaterThan(set.count, 3)
        XCTAssertEqual(set.joined(), text)
        XCTAssertFalse(set.dropFirst().contains { $0.hasPrefix("，") || $0.hasPrefix("。") })
    }

    func testALineEndOfTheFileBetweenChineseCharactersIsNoSpace() throws {
        // A file wrapped inside sentences, one paragraph.
        let text = "人人生而自由，在尊严和权利上一律\n平等。他们赋有理性和良心，并应以兄弟\n关系的精神相对待。"
        let set = try lines(text, width: 2000, language: "zh")
        XCTAssertEqual(set, ["人人生而自由，在尊严和权利上一律平等。他们赋有理性和良心，并应以兄弟关系的精神相对待。"])
    }

    func testALineEndBeforeAClosingMarkIsNoPlaceToBreak() throws {
        // The file broke the line before "。": set narrow, no line starts with it.
        let sentence = "在尊严和权利上一律平等\n。他们赋有理性和良心\n，并应以兄弟关系的精神相对待\n。"
        for width in stride(from: 120, through: 300, by: 9) {
            let set = try lines(sentence, width: width, language: "zh")
            XCTAssertEqual(set.joined(), sentence.replacingOccurrences(of: "\n", with: ""))
            XCTAssertFalse(set.dropFirst().contains { $0.hasPrefix("，") || $0.hasPrefix("。") }, "width \(width): \(set)")
        }
    }

    func testALineEndBetweenLatinWordsOrHangulIsASpace() throws {
        XCTAssertEqual(try lines("free\nand equal", width: 2000), ["free and equal"])
        XCTAssertEqual(try lines("모든 인간은\n태어날 때부터", width: 2000, language: "ko"), ["모든 인간은 태어날 때부터"])
        XCTAssertEqual(try lines("自由\nand 平等", width: 2000), ["自由 and 平等"])
    }

    func testOnlyLineEndsBetweenTwoWideCharactersVanish() {
        let scalars = "a\n中\n文\n한\n。".unicodeScalars.map(\.value)
        XCTAssertEqual(SegmentBreaks.vanishing(in: scalars), [3])
        let breaks = SegmentBreaks.opportunities(scalars, vanishing: [3]) { LineBreakFinder(language: "zh").opportunities($0) }
        XCTAssertEqual(breaks.count, scalars.count)
        XCTAssertEqual(breaks[2], .none, "not before the line end")
        XCTAssertEqual(breaks[3], .allowed, "after it, as between 中 and 文")
        XCTAssertEqual(breaks.last, .mandatory)
    }

    func testWhereLineEndsAreKeptOneBeforeAClosingMarkStillVanishes() {
        let scalars = "及黃昏時\n，卻與眾\n就寢".unicodeScalars.map(\.value)
        XCTAssertEqual(SegmentBreaks.vanishing(in: scalars, keptLineEnds: true), [4],
                       "the line end before ， goes; the one before 就 is kept")
        XCTAssertEqual(SegmentBreaks.vanishing(in: scalars), [4, 9], "in prose both go")
    }

    func testAnIndentedLineStartingWithAClosingMarkJoinsTheLineBefore() {
        let scalars = "沒人怪\n   ，或少\n\u{3000}\u{3000}就寢".unicodeScalars.map(\.value)
        XCTAssertEqual(SegmentBreaks.vanishing(in: scalars, keptLineEnds: true), [3, 4, 5, 6],
                       "the line end and the spaces before ， go; the indent before 就 stays with its line end")
    }

    func testAQuotationClosedOnTheNextLineOrOpenedAtALinesEndJoins() {
        let closed = "有勞\n”遂此".unicodeScalars.map(\.value)
        XCTAssertEqual(SegmentBreaks.vanishing(in: closed), [2])
        XCTAssertEqual(SegmentBreaks.vanishing(in: closed, keptLineEnds: true), [2])
        let opened = "嘆曰：「\n汝等".unicodeScalars.map(\.value)
        XCTAssertEqual(SegmentBreaks.vanishing(in: opened, keptLineEnds: true), [4], "no line ends with 「")
    }

    func testJapaneseLinesNeverStartWithSmallKanaOrAProlongedSoundMark() throws {
        let sentence = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。ちょっと待ってください。"
        let small: Set<Unicode.Scalar> = ["っ", "ゃ", "ゅ", "ょ", "ッ", "ャ", "ュ", "ョ", "ー", "ぁ", "ァ"]
        for width in stride(from: 200, through: 420, by: 7) {
            let set = try lines(Array(repeating: sentence, count: 3).joined(), width: width, language: "ja")
            for line in set.dropFirst() {
                let first = try XCTUnwrap(line.unicodeScalars.first)
                XCTAssertFalse(small.contains(first), "width \(width): a line starts with \(first): \(line)")
            }
        }
    }
}
