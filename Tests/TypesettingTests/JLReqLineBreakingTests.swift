import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// JLReq's line-start and line-end rules (kinsoku), the marks kept
/// together and hanging punctuation, over the shared Chinese and Japanese
/// books (every line) and small paragraphs made here.
final class JLReqLineBreakingTests: XCTestCase {
    /// No line starts with these: closing brackets and quotation marks,
    /// 、。，．・：；？！ in wide, narrow and small forms, small kana, ー,
    /// iteration marks and sound marks (JLReq cl-02 to cl-07, cl-11).
    static let notStarting = Set("、。，．・：；？！,.:;?!﹐﹑﹒﹔﹕﹖﹗゛゜ヽヾゝゞ々〻ー）］｝」』〕〉》】〙〗〟’”｠»)]}"
        + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ")
    /// No line ends with these: opening brackets and quotation marks (cl-01).
    static let notEnding = Set("（［｛「『〔〈《【〘〖〝‘“｟«([{﹙﹛﹝")

    private func typesetter(_ text: String, width: Int, language: String, lineBreaking: LineBreaking = .optimal,
                            fontSize: Int = 18) throws -> Typesetter {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: width, height: 2000, fontSize: fontSize, sideMargin: 20),
                              font: FontFile(path: SharedData.defaultFont), language: language, lineBreaking: lineBreaking)
    }

    private func lines(_ text: String, width: Int, language: String, lineBreaking: LineBreaking = .optimal) throws -> [String] {
        try typesetter(text, width: width, language: language, lineBreaking: lineBreaking)
            .paginate(collectText: true).pageLines.flatMap { $0 }
    }

    /// The lines against the rules, each with its number.
    private func offences(in lines: [String]) -> [String] {
        lines.enumerated().compactMap { number, line in
            let shown = line.trimmingCharacters(in: .whitespaces)
            guard let first = shown.first, let last = shown.last else { return nil }
            return Self.notStarting.contains(first) || Self.notEnding.contains(last) ? "\(number): \(line)" : nil
        }
    }

    private func assertWholeBook(_ name: String, size: (Int, Int), file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try SharedData.books().appendingPathComponent(name).path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(name) is not in the shared books") }
        for method in LineBreaking.allCases {
            let typesetter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: size.0, height: size.1),
                                            font: FontFile(path: SharedData.defaultFont), lineBreaking: method)
            let all = typesetter.paginate(collectText: true).pageLines.flatMap { $0 }
            XCTAssertGreaterThan(all.count, 100, file: file, line: line)
            let bad = offences(in: all)
            XCTAssertEqual(bad.count, 0, "\(method): \(bad.prefix(5))", file: file, line: line)
        }
    }

    func testEveryLineOfTheJapaneseBookKeepsTheRules() throws {
        try assertWholeBook("ja_soseki_wagahai_aozora_ch1.txt", size: (1280, 800))
    }

    func testEveryLineOfTheChineseBookKeepsTheRules() throws {
        try assertWholeBook("zh_xiyouji_23962-0.txt", size: (1280, 800))
    }

    func testSmallParagraphsKeepTheRulesAtEveryWidth() throws {
        let japanese = "「ちょっと待って」と、彼は言った……。ニャーニャー泣いていた――その時々の事は（あとで聞くと）覚えている。"
            + "『吾輩』は猫である！　名前はまだ無い？　こゝろ、いすゞ、時々、ファッション、キャッチャー、ぁ、ヵ月。"
        let chinese = "邵康節曰：「冬至子之半，天心無改移。」《易》曰：「大哉乾元！」到此﹔天始有根﹔——故曰混沌……再五千四百歲。"
        for (text, language) in [(japanese, "ja"), (chinese, "zh")] {
            let paragraph = String(repeating: text, count: 3)
            for method in LineBreaking.allCases {
                for width in stride(from: 150, through: 470, by: 5) {
                    let set = try lines(paragraph, width: width, language: language, lineBreaking: method)
                    XCTAssertEqual(set.joined(), paragraph, "\(language) \(method) at \(width): nothing lost or added")
                    XCTAssertEqual(offences(in: set), [], "\(language) \(method) at \(width)")
                    for line in set.dropLast() {
                        XCTAssertFalse(line.hasSuffix("…") && !line.hasSuffix("……"), "…… split at \(width): \(line)")
                        XCTAssertFalse(line.hasSuffix("—") && !line.hasSuffix("——"), "—— split at \(width): \(line)")
                    }
                }
            }
        }
    }

    /// An ideographic space (the paragraph's own indent) and ten
    /// ideographs fill a line of eleven ems exactly; the full stop after
    /// them may not start the next line.
    func testAFullStopHangsWhereThatSavesALine() throws {
        let setter = try typesetter("　一二三四五六七八九十。", width: 18 * 11 + 40, language: "zh")
        let layout = setter.layoutParagraph(0)
        XCTAssertEqual(layout.lines.count, 1, "the 。 hangs instead of taking 十 to a second line")
        XCTAssertTrue(layout.lines[0].hangs)
        let page = setter.layoutPage(0, of: setter.paginate())
        let rightEdge = Int32((setter.geometry.marginLeft * 64)) + setter.geometry.measure
        let inkEnd = try XCTUnwrap(page.lineExtents.first).upperBound
        XCTAssertGreaterThan(inkEnd, rightEdge, "it is set past the line's end")
        XCTAssertLessThanOrEqual(inkEnd - rightEdge, 18 * 64, "by no more than one character")
    }

    func testAFullStopDoesNotHangWhereTheLinesAreAsMany() throws {
        for method in LineBreaking.allCases {
            let setter = try typesetter("　一二三四五六七八九十。一二三四五", width: 18 * 11 + 40, language: "zh",
                                        lineBreaking: method)
            let layout = setter.layoutParagraph(0)
            XCTAssertEqual(layout.lines.count, 2, "\(method)")
            XCTAssertFalse(layout.lines.contains(where: \.hangs), "\(method): hanging saves no line here")
            XCTAssertEqual((0..<2).map(layout.text(ofLine:)), ["　一二三四五六七八九", "十。一二三四五"], "\(method)")
        }
    }

    func testAClosingBracketAfterTheFullStopKeepsItFromHanging() throws {
        // 。」 cannot both hang, and 」 may not start a line: 十 goes down with them.
        let setter = try typesetter("　一二三四五六七八九十。」", width: 18 * 11 + 40, language: "zh")
        let layout = setter.layoutParagraph(0)
        XCTAssertFalse(layout.lines.contains(where: \.hangs))
        XCTAssertEqual((0..<layout.lines.count).map(layout.text(ofLine:)).last, "十。」")
    }
}
