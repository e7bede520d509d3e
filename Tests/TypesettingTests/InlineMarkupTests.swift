import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Project Gutenberg's `_italics_` and Aozora Bunko's ruby, annotations and
/// emphasis marks: parsed as markup, hidden from the page, set in style.
final class InlineMarkupTests: XCTestCase {
    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    private func visible(_ text: String, _ markup: InlineMarkup) -> String {
        let mask = markup.hiddenMask(count: text.unicodeScalars.count)
        return String(String.UnicodeScalarView(text.unicodeScalars.enumerated().filter { !mask[$0.offset] }.map(\.element)))
    }

    private func italicText(_ text: String, _ markup: InlineMarkup) -> [String] {
        let all = Array(text.unicodeScalars)
        return markup.runs.filter { $0.style.slant == .italic }.map { String(String.UnicodeScalarView(all[$0.range])) }
    }

    func testUnderscoresThatPairUpMakeItalics() {
        let text = "There was nothing so _very_ remarkable; “_Un_important,” said _the King himself_."
        let markup = PlainTextMarkup(aozora: false).markup(of: scalars(text))
        XCTAssertEqual(visible(text, markup), "There was nothing so very remarkable; “Unimportant,” said the King himself.")
        XCTAssertEqual(italicText(text, markup), ["very", "Un", "the King himself"])
    }

    func testUnderscoresThatDoNotPairAreText() {
        for text in ["a snake_case name and another_one", "one _open underscore", "a lone _ here", "__init__ files"] {
            let markup = PlainTextMarkup(aozora: false).markup(of: scalars(text))
            XCTAssertEqual(visible(text, markup), text, text)
        }
        let inWord = "only misch_ee_vous"
        let markup = PlainTextMarkup(aozora: false).markup(of: scalars(inWord))
        XCTAssertEqual(visible(inWord, markup), "only mischeevous")
        XCTAssertEqual(italicText(inWord, markup), ["ee"])
    }

    func testRubyBaseIsTheKanjiBeforeItOrEverythingAfterTheMarker() {
        let text = "吾輩《わがはい》は一番｜獰悪《どうあく》な種族"
        let markup = PlainTextMarkup(aozora: true).markup(of: scalars(text))
        XCTAssertEqual(visible(text, markup), "吾輩は一番獰悪な種族")
        let all = Array(text.unicodeScalars)
        let pairs = markup.rubies.map { ruby in
            (String(String.UnicodeScalarView(all[ruby.base])), String(String.UnicodeScalarView(all[ruby.reading])))
        }
        XCTAssertEqual(pairs.map(\.0), ["吾輩", "獰悪"])
        XCTAssertEqual(pairs.map(\.1), ["わがはい", "どうあく"])
    }

    func testAnnotationsAreHiddenAndEmphasisMarksTheTextBeforeThem() {
        let text = "へっつい［＃「へっつい」に傍点］の中※［＃「言＋墟のつくり」、第4水準2-88-74］"
        let markup = PlainTextMarkup(aozora: true).markup(of: scalars(text))
        XCTAssertEqual(visible(text, markup), "へっついの中※")
        XCTAssertEqual(markup.runs.map(\.range), [0..<4])
        XCTAssertTrue(markup.runs[0].style.emphasisMarks)
        XCTAssertTrue(markup.marksAbove)
    }

    func testMarkupOfBothConventionsIsOneSetOfDisjointRanges() {
        let text = "生涯《しょNODE_EXTRA_CAうがい》は _猫_ だ"
        let markup = PlainTextMarkup(aozora: true).markup(of: scalars(text))
        XCTAssertEqual(visible(text, markup), "生涯は 猫 だ")
        XCTAssertEqual(markup.hidden, [2..<22, 24..<25, 26..<27])
    }

    func testChineseTitleMarksAreTextOutsideAozoraBooks() {
        let text = "他读过《西游记》吗"
        XCTAssertEqual(visible(text, PlainTextMarkup(aozora: false).markup(of: scalars(text))), text)
    }

    func testPagesShowTheTextWithoutMarkupAndOffsetsCountTheSource() throws {
        let text = "There was nothing so _very_ remarkable in that; nor did Alice think it so _very_ much out of the way."
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600),
                                    font: FontFile(path: SharedData.defaultFont))
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.last?.end, text.unicodeScalars.count)
        XCTAssertFalse(pagination.pageLines.joined().joined().contains("_"))
        let page = setter.layoutPage(0, of: pagination)
        let faces = Set(page.glyphs.map(\.face)).map { setter.fonts.faces[$0].file.path }
        XCTAssertTrue(faces.contains { $0.hasSuffix("DejaVuSerif-Italic.ttf") }, "\(faces)")
    }

    func testAFamilyWithoutAnItalicIsSlanted() throws {
        let upright = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        let thai = "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf"
        guard FileManager.default.fileExists(atPath: thai) else { throw XCTSkip("fonts-noto-core is not installed") }
        let fonts = try FontSet(file: FontFile(path: thai), geometry: PageGeometry(width: 800, height: 600))
        let italic = fonts.face(fonts.body, styled: .italic)
        XCTAssertTrue(italic.synthesisedSlant)
        XCTAssertEqual(italic.file, fonts.body.file)
        let mono = try FontSet(file: FontFile(path: upright), geometry: PageGeometry(width: 800, height: 600))
        let oblique = mono.face(mono.body, styled: .italic)
        XCTAssertFalse(oblique.synthesisedSlant)
        XCTAssertTrue(oblique.file.path.hasSuffix("DejaVuSansMono-Oblique.ttf"))
        XCTAssertEqual(mono.face(mono.body, styled: .plain).id, mono.body.id)
    }
}
