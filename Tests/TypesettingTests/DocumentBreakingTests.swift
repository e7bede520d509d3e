import BookModel
import XCTest
import TestSupport
@testable import Typesetting

/// Where a structured book's blocks break their lines as their styles
/// say: soft hyphens or not, words kept whole or broken anywhere, CJK
/// rules loose or strict, and how the last line is set.
final class DocumentBreakingTests: XCTestCase {
    private static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
    private static let prose = "The art\u{AD}ist can ex\u{AD}press every\u{AD}thing. Thought and lang\u{AD}uage are to the "
        + "art\u{AD}ist instru\u{AD}ments of an art. Vice and vir\u{AD}tue are to the art\u{AD}ist mater\u{AD}ials for an art."
    private static let japanese = "そこは湖のほとりで木々が輝いていた。その景色に、美しいなぁと思わずつぶやいた。"

    /// The lines of a one-block book in `style`, at `width` pixels.
    private func lines(_ text: String, width: Int = 300, language: String = "en",
                       style change: (inout BlockStyle) -> Void) throws -> (ParagraphLayout, [String]) {
        var builder = DocumentBuilder()
        builder.append(.paragraph, style: DocumentFixtures.style(change), text: text)
        let book = builder.build(metadata: BookMetadata(language: language), contents: [], format: .epub)
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: width, height: 4000), font: Self.font)
        let layout = setter.layoutParagraph(0)
        return (layout, layout.lines.indices.map { layout.text(ofLine: $0) })
    }

    /// Whether a line ends between two letters (inside a word), hyphen or not.
    private func endsInsideWord(_ layout: ParagraphLayout) -> [Bool] {
        layout.lines.dropLast().map { line in
            let end = line.range.upperBound
            return end > 0 && end < layout.shaped.scalars.count && !layout.shaped.isGlue[end - 1]
                && BlockBreakRules.isLetterUnit(layout.shaped.scalars[end])
        }
    }

    func testSoftHyphensBreakOnlyWhereTheStyleAllows() throws {
        let (manual, manualLines) = try lines(Self.prose) { $0.hyphenates = false }
        XCTAssertTrue(manual.lines.contains(where: \.hyphenated), "soft hyphens break: \(manualLines)")
        for line in manual.lines where line.hyphenated {
            XCTAssertEqual(manual.shaped.scalars[line.range.upperBound - 1], 0xAD, "only at soft hyphens")
        }
        let (none, noneLines) = try lines(Self.prose) { $0.hyphenates = false; $0.breaksAtSoftHyphens = false }
        XCTAssertFalse(none.lines.contains(where: \.hyphenated), "hyphens: none: \(noneLines)")
        XCTAssertFalse(endsInsideWord(none).contains(true), "no word is cut: \(noneLines)")
    }

    func testKeepAllKeepsWordsWholeAndBreakAllCutsThemWithoutHyphens() throws {
        let text = "In the society of his nephew and niece, and their children, the old Gentleman's days were "
            + "comfortably spent. His attachment to them all increased, notwithstanding the circumstances."
        let (normal, _) = try lines(text, width: 260) { _ in }
        XCTAssertTrue(normal.lines.contains(where: \.hyphenated), "the reader hyphenates by default")
        let (keepAll, keepLines) = try lines(text, width: 260) { $0.wordBreak = .keepAll }
        XCTAssertFalse(endsInsideWord(keepAll).contains(true), "keep-all: \(keepLines)")
        let (breakAll, breakLines) = try lines(text, width: 260) { $0.wordBreak = .breakAll }
        XCTAssertFalse(breakAll.lines.contains(where: \.hyphenated), "break-all draws no hyphen: \(breakLines)")
        XCTAssertGreaterThan(endsInsideWord(breakAll).filter { $0 }.count, breakAll.lines.count / 3, "\(breakLines)")
        XCTAssertEqual(breakLines.joined().filter { $0 != " " }, text.filter { $0 != " " }, "nothing lost")
    }

    func testKeepAllKeepsIdeographsTogetherBetweenPunctuation() throws {
        func endsAtPunctuation(_ layout: ParagraphLayout) -> [Bool] {
            layout.lines.dropLast().map { [0x3002, 0x3001].contains(layout.shaped.scalars[$0.range.upperBound - 1]) }
        }
        // Each sentence fits the measure: the only breaks left are after the punctuation.
        let (keepAll, keepLines) = try lines(Self.japanese, width: 500, language: "ja") { $0.wordBreak = .keepAll }
        XCTAssertGreaterThan(keepAll.lines.count, 1)
        XCTAssertEqual(Set(endsAtPunctuation(keepAll)), [true], "a line ends at 。 or 、: \(keepLines)")
        let (normal, normalLines) = try lines(Self.japanese, width: 500, language: "ja") { _ in }
        XCTAssertTrue(endsAtPunctuation(normal).contains(false), "normal breaks between ideographs: \(normalLines)")
    }

    func testStrictNeverBreaksBeforeSmallKanaAndIterationMarksLooseDoes() throws {
        var looseBreaks = 0
        for width in stride(from: 120, through: 400, by: 6) {
            let (_, strict) = try lines(Self.japanese, width: width, language: "ja") { $0.lineBreakStrictness = .strict }
            XCTAssertFalse(strict.dropFirst().contains { $0.hasPrefix("々") || $0.hasPrefix("ぁ") }, "strict at \(width): \(strict)")
            let (_, loose) = try lines(Self.japanese, width: width, language: "ja") { $0.lineBreakStrictness = .loose }
            looseBreaks += loose.dropFirst().filter { $0.hasPrefix("々") || $0.hasPrefix("ぁ") }.count
            XCTAssertEqual(loose.joined(), Self.japanese)
        }
        XCTAssertGreaterThan(looseBreaks, 0, "loose breaks before 々 or ぁ at some width")
    }

    func testAnywhereBreaksEvenBeforeClosingPunctuation() throws {
        var starts = 0, normalStarts = 0
        for width in stride(from: 120, through: 400, by: 6) {
            let (_, anywhere) = try lines(Self.japanese, width: width, language: "ja") { $0.lineBreakStrictness = .anywhere }
            starts += anywhere.dropFirst().filter { $0.hasPrefix("。") || $0.hasPrefix("、") }.count
            let (_, normal) = try lines(Self.japanese, width: width, language: "ja") { _ in }
            normalStarts += normal.dropFirst().filter { $0.hasPrefix("。") || $0.hasPrefix("、") }.count
        }
        XCTAssertEqual(normalStarts, 0, "no line starts with closing punctuation")
        XCTAssertGreaterThan(starts, 0, "anywhere: a line may")
    }

    func testTheLastLineIsSetAsTextAlignLastSays() throws {
        let text = "Either the well was very deep, or she fell very slowly, for she had plenty of time as she went "
            + "down to look about her.\nAnd to wonder what was going to happen next."
        let (plain, _) = try lines(text) { _ in }
        XCTAssertEqual(plain.lines.last?.alignment, .start)
        for (asked, expected) in [(BlockStyle.Alignment.centred, LineBox.Alignment.centred), (.end, .end), (.justified, .justified),
                                  (.start, .start)] {
            let (layout, _) = try lines(text) { $0.lastLineAlignment = asked }
            XCTAssertEqual(layout.lines.last?.alignment, expected, "\(asked)")
            // The line a forced break ends is a last line too.
            let forced = try XCTUnwrap(layout.lines.firstIndex { layout.shaped.scalars[$0.range.upperBound - 1] == 0x0A })
            XCTAssertEqual(layout.lines[forced].alignment, expected, "before the break: \(asked)")
            XCTAssertEqual(layout.lines[0].alignment, .justified, "other lines stay justified")
        }
        // A last line without spaces cannot be justified.
        let (single, _) = try lines("Word") { $0.lastLineAlignment = .justified }
        XCTAssertEqual(single.lines.map(\.alignment), [.start])
    }

    func testABooksUnderscoresAreTextNotMarkup() throws {
        let (layout, text) = try lines("nor did Alice think it so _very_ much out of the way", width: 800) { _ in }
        XCTAssertEqual(text, ["nor did Alice think it so _very_ much out of the way"])
        XCTAssertFalse((0..<layout.shaped.scalars.count).contains { layout.shaped.hides($0) })
        XCTAssertEqual(layout.shaped.markup.runs, [], "styles come from the book's runs only")
    }
}
