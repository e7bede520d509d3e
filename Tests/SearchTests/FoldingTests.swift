import XCTest
@testable import Search

/// What a query finds: case, accents, compatibility forms and white space
/// folded away, or not in exact mode.
final class FoldingTests: XCTestCase {
    func testAccentsAreIgnoredWrittenEitherWay() {
        XCTAssertEqual(TextBooks.found("natasha", in: "Natásha said, and Nata\u{301}sha wept."), ["Natásha", "Nata\u{301}sha"])
        XCTAssertEqual(TextBooks.found("geneve", in: "Il partit pour Genève."), ["Genève"])
        XCTAssertEqual(TextBooks.found("GENÈVE", in: "de geneve à Genève"), ["geneve", "Genève"])
    }

    func testCaseIsFoldedInFullSoSharpSIsDoubleS() {
        XCTAssertEqual(TextBooks.found("STRASSE", in: "Die Straße, die STRASSE, die strasse."), ["Straße", "STRASSE", "strasse"])
        XCTAssertEqual(TextBooks.found("straße", in: "Hauptstrasse"), ["strasse"])
        XCTAssertEqual(TextBooks.found("ПРИВЕТ", in: "Он сказал: привет."), ["привет"])
        XCTAssertEqual(TextBooks.found("σοφία", in: "ΣΟΦΊΑ"), ["ΣΟΦΊΑ"])
    }

    func testCompatibilityFormsFoldToTheirLetters() {
        XCTAssertEqual(TextBooks.found("find", in: "You will \u{FB01}nd it."), ["\u{FB01}nd"])
        XCTAssertEqual(TextBooks.found("abc", in: "ＡＢＣ"), ["ＡＢＣ"])
    }

    func testAnyRunOfWhiteSpaceMatchesAnyOther() {
        let text = "“Yes,” said\n   Prince Andrew. Said Prince\tAndrew again,\nsaid  prince  andrew."
        XCTAssertEqual(TextBooks.found("Said Prince Andrew", in: text), ["said\n   Prince Andrew", "Said Prince\tAndrew",
                                                                            "said  prince  andrew"])
        XCTAssertEqual(TextBooks.found("  said \n prince ", in: text).count, 3, "white space at the query's ends is dropped")
        XCTAssertEqual(TextBooks.found("saidprince", in: text), [], "white space still separates words")
        XCTAssertEqual(TextBooks.found("said prince", in: "said\u{00A0}prince, said\u{2003}prince"), ["said\u{00A0}prince", "said\u{2003}prince"])
    }

    func testChineseIsFoundAcrossLineEndsAndSpaces() {
        let text = "那猴王悟\n空道：「孫悟空在此！」又叫孫 悟空。"
        XCTAssertEqual(TextBooks.found("悟空", in: text), ["悟\n空", "悟空", "悟空"])
        XCTAssertEqual(TextBooks.found("孫 悟空", in: text), ["孫悟空", "孫 悟空"], "white space in a Chinese query is ignored too")
    }

    func testJapaneseKanaIsFoundWhereTheFileWrappedALine() {
        XCTAssertEqual(TextBooks.found("ありません", in: "名前はまだあり\nません。"), ["あり\nません"])
        XCTAssertEqual(TextBooks.found("a b", in: "a\nb"), ["a\nb"], "between narrow letters a line end is a space")
        XCTAssertEqual(TextBooks.found("ab", in: "a\nb"), [])
    }

    func testExactMatchesCaseAndAccentsAsWritten() {
        let text = "Natásha, natasha, Natasha, Nata\u{301}sha"
        XCTAssertEqual(TextBooks.found("Natásha", in: text, matching: .exact), ["Natásha", "Nata\u{301}sha"])
        XCTAssertEqual(TextBooks.found("natasha", in: text, matching: .exact), ["natasha"])
        XCTAssertEqual(TextBooks.found("STRASSE", in: "Straße", matching: .exact), [])
        XCTAssertEqual(TextBooks.found("Prince Andrew", in: "Prince\n  Andrew", matching: .exact), ["Prince\n  Andrew"])
    }

    func testTheFoldingOfOneCharacterIsRemembered() {
        var folding = ScalarFolding(matching: .ignoringCaseAndAccents)
        let first = folding.fold(0x1E9E)
        XCTAssertEqual(folding.folded[first].map { $0 & ~ScalarFolding.wideFlag }, [0x73, 0x73], "ẞ is ss")
        XCTAssertEqual(folding.fold(0x1E9E), first, "asked once")
        XCTAssertEqual(folding.fold(0x0301).count, 0, "a combining accent folds to nothing")
        let hanzi = folding.fold(0x6F22)
        XCTAssertEqual(folding.folded[hanzi], [0x6F22 | ScalarFolding.wideFlag], "a hanzi is itself, and wide")
    }
}
