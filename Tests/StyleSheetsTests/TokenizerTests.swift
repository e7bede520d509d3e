@testable import StyleSheets
import XCTest

final class TokenizerTests: XCTestCase {
    func testTokensOfARule() {
        let tokens = CSSTokenizer.tokens(of: "p.note > a[href^='#'] { margin: -1.5em 10% 0 2px; }")
        XCTAssertEqual(tokens, [
            .ident("p"), .delim("."), .ident("note"), .whitespace, .delim(">"), .whitespace, .ident("a"),
            .openSquare, .ident("href"), .delim("^"), .delim("="), .string("#"), .closeSquare, .whitespace, .openCurly,
            .whitespace, .ident("margin"), .colon, .whitespace, .dimension(-1.5, unit: "em"), .whitespace,
            .percentage(10), .whitespace, .number(0), .whitespace, .dimension(2, unit: "px"), .semicolon, .whitespace,
            .closeCurly,
        ])
    }

    func testCommentsEscapesAndURLs() {
        XCTAssertEqual(CSSTokenizer.tokens(of: "/* a */x/**/y"), [.ident("x"), .ident("y")])
        XCTAssertEqual(CSSTokenizer.tokens(of: "\\31 0"), [.ident("10")], "a hex escape ends at one space")
        XCTAssertEqual(CSSTokenizer.tokens(of: "epub\\:type"), [.ident("epub:type")])
        XCTAssertEqual(CSSTokenizer.tokens(of: "url( ../f.otf )"), [.url("../f.otf")])
        XCTAssertEqual(CSSTokenizer.tokens(of: "url(\"a b\")"), [.function("url"), .string("a b"), .closeParen])
        XCTAssertEqual(CSSTokenizer.tokens(of: "url(a b)"), [.badURL])
        XCTAssertEqual(CSSTokenizer.tokens(of: "#top #1x"), [.hash("top", isIdentifier: true), .whitespace,
                                                             .hash("1x", isIdentifier: false)])
    }

    func testMalformedInputStillGivesTokens() {
        XCTAssertEqual(CSSTokenizer.tokens(of: "'unclosed\nx"), [.badString, .whitespace, .ident("x")])
        XCTAssertEqual(CSSTokenizer.tokens(of: "/* never closed"), [])
        XCTAssertEqual(CSSTokenizer.tokens(of: "\\"), [.delim("\\")])
        XCTAssertEqual(CSSTokenizer.tokens(of: "@"), [.delim("@")])
    }

    func testDeepBlocksAreDroppedNotRecursedInto() {
        let deep = String(repeating: "(", count: 10_000) + "x" + String(repeating: ")", count: 10_000) + " y"
        let components = CSSComponent.parse(CSSTokenizer.tokens(of: deep))
        XCTAssertEqual(components.last, .token(.ident("y")), "what follows the deep block is read")
    }
}
