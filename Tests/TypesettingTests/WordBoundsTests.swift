import XCTest
@testable import Typesetting

/// A long press selects the word under it: ICU's word bounds in six scripts.
final class WordBoundsTests: XCTestCase {
    private func word(_ text: String, at needle: String, language: String?) -> String? {
        let scalars = Array(text.unicodeScalars)
        let target = Array(needle.unicodeScalars)
        guard let index = (0...(scalars.count - target.count)).first(where: { Array(scalars[$0..<$0 + target.count]) == target })
        else { return nil }
        return WordBounds.word(in: scalars, at: index + target.count / 2, language: language)
            .map { String(String.UnicodeScalarView(scalars[$0])) }
    }

    func testWordsInSixScripts() {
        XCTAssertEqual(word("The White Rabbit's watch.", at: "Rabbit", language: "en"), "Rabbit's")
        XCTAssertEqual(word("Наташа вошла в комнату.", at: "вошла", language: "ru"), "вошла")
        XCTAssertEqual(word("Η Αθήνα είναι πόλη.", at: "Αθήνα", language: "el"), "Αθήνα")
        XCTAssertEqual(word("قرأت الكتاب أمس", at: "الكتاب", language: "ar"), "الكتاب")
        XCTAssertEqual(word("孙悟空说道我们去西天取经", at: "悟空", language: "zh")?.contains("悟"), true)
        let japanese = word("吾輩は猫である。名前はまだ無い。", at: "猫", language: "ja")
        XCTAssertEqual(japanese, "猫", "a kanji word among kana, by ICU's dictionary")
        XCTAssertEqual(word("ผมชอบอ่านหนังสือ", at: "หนังสือ", language: "th"), "หนังสือ", "Thai, by its dictionary")
    }

    func testSpaceAndPunctuationSelectNothing() {
        let scalars = Array("one, two".unicodeScalars)
        XCTAssertNil(WordBounds.word(in: scalars, at: 3, language: "en"), "the comma")
        XCTAssertNil(WordBounds.word(in: scalars, at: 4, language: "en"), "the space")
        XCTAssertEqual(WordBounds.word(in: scalars, at: 0, language: nil), 0..<3)
        XCTAssertNil(WordBounds.word(in: scalars, at: 99, language: "en"))
        XCTAssertEqual(WordBounds.word(in: Array("a😀b c".unicodeScalars), at: 4, language: "en"), 4..<5,
                       "scalar indices, not UTF-16 units, past an emoji")
    }
}
