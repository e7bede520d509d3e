import StyleSheets
import XCTest

/// A sheet is read a rule at a time and keeps at most the rules it is
/// given room for, however long it is.
final class SheetLimitTests: XCTestCase {
    func testASheetKeepsAtMostItsRulesAndSaysItWasCut() {
        let text = (0..<1_000).map { "p.a\($0) em.b\($0) > span:not(.c\($0)) { margin-left: \($0 % 5)px }\n" }.joined()
        let cut = StyleSheet(parsing: text, maximumRules: 10)
        XCTAssertEqual(cut.rules.count, 10)
        XCTAssertTrue(cut.isCut)
        XCTAssertEqual(cut.rules.last?.selectors.first?.compounds.first?.classes, ["a9"], "the first rules are the ones kept")
        let whole = StyleSheet(parsing: text)
        XCTAssertEqual(whole.rules.count, 1_000)
        XCTAssertFalse(whole.isCut)
    }

    func testRulesInsideMediaBlocksCountAndImportsBeforeTheCutAreKept() {
        let sheet = StyleSheet(parsing: "@import 'a.css'; @media screen { p { x: 1 } q { x: 2 } } r { x: 3 } @import 'late.css';",
                               maximumRules: 2)
        XCTAssertEqual(sheet.imports, ["a.css"])
        XCTAssertEqual(sheet.rules.count, 2)
        XCTAssertTrue(sheet.isCut)
    }

    func testRulesAreReadOneAtATimeAsWhenTheSheetWasReadWhole() {
        let sheet = StyleSheet(parsing: """
            <!-- ; p ; q { color: red } @charset "utf-8"; @font-face { font-family: F; src: url(f.otf) }
            @media screen { @media screen { em { font-style: italic } } } strong { font-weight: bold } @import "end.css"
            """)
        XCTAssertEqual(sheet.rules.count, 2, "the stray `p ;` belongs to the prelude of `q`, which is then invalid")
        XCTAssertEqual(sheet.rules.map { $0.selectors.first?.compounds.last?.type }, ["em", "strong"])
        XCTAssertEqual(sheet.fontFaces.count, 1)
        XCTAssertEqual(sheet.imports, ["end.css"], "an at-rule the sheet's end closes is read")
    }
}
