@testable import StyleSheets
import XCTest

final class SelectorTests: XCTestCase {
    private func selector(_ text: String) -> Selector? {
        SelectorParser.parse(Array(CSSComponent.parse(CSSTokenizer.tokens(of: text)).trimmed()))
    }

    /// body > section.chapter#one > (h1, p.first, p, aside[epub:type=footnote])
    private func sampleDocument() -> (TestElement, TestElement, TestElement, TestElement, TestElement) {
        let document = TestDocument()
        let body = document.add("body")
        let section = document.add("section", under: body, id: "one", classes: "chapter main")
        let heading = document.add("h1", under: section, text: "Title")
        let first = document.add("p", under: section, classes: "first", attributes: ["lang": "en-GB"], text: "a")
        let second = document.add("p", under: section, text: "b")
        let note = document.add("aside", under: section, attributes: ["epub:type": "footnote rearnote"], text: "n")
        _ = body
        return (heading, first, second, note, section)
    }

    func testTypeClassIdAndAttributeSelectors() throws {
        let (heading, first, second, note, section) = sampleDocument()
        XCTAssertTrue(try XCTUnwrap(selector("p")).matches(first))
        XCTAssertFalse(try XCTUnwrap(selector("p")).matches(heading))
        XCTAssertTrue(try XCTUnwrap(selector("P")).matches(second), "element names ignore case")
        XCTAssertTrue(try XCTUnwrap(selector(".first")).matches(first))
        XCTAssertFalse(try XCTUnwrap(selector(".first")).matches(second))
        XCTAssertTrue(try XCTUnwrap(selector("section.chapter.main#one")).matches(section))
        XCTAssertFalse(try XCTUnwrap(selector("section.chapter.other")).matches(section))
        XCTAssertTrue(try XCTUnwrap(selector("*[lang|=en]")).matches(first))
        XCTAssertTrue(try XCTUnwrap(selector("[epub|type~=\"footnote\"]")).matches(note))
        XCTAssertTrue(try XCTUnwrap(selector("aside[epub\\:type~=rearnote]")).matches(note))
        XCTAssertFalse(try XCTUnwrap(selector("[epub|type~=foot]")).matches(note), "~= matches whole words")
        XCTAssertTrue(try XCTUnwrap(selector("[epub|type^=foot]")).matches(note))
        XCTAssertTrue(try XCTUnwrap(selector("[epub|type$=note]")).matches(note))
        XCTAssertTrue(try XCTUnwrap(selector("[epub|type*=tnote]")).matches(note))
        XCTAssertTrue(try XCTUnwrap(selector("[LANG=EN-gb i]")).matches(first))
        XCTAssertFalse(try XCTUnwrap(selector("[lang=EN-gb]")).matches(first))
    }

    func testCombinatorsAndStructuralPseudoClasses() throws {
        let (heading, first, second, note, _) = sampleDocument()
        XCTAssertTrue(try XCTUnwrap(selector("body p")).matches(first))
        XCTAssertTrue(try XCTUnwrap(selector("section > p")).matches(first))
        XCTAssertFalse(try XCTUnwrap(selector("body > p")).matches(first))
        XCTAssertTrue(try XCTUnwrap(selector("h1 + p")).matches(first))
        XCTAssertFalse(try XCTUnwrap(selector("h1 + p")).matches(second))
        XCTAssertTrue(try XCTUnwrap(selector("h1 ~ p")).matches(second))
        XCTAssertTrue(try XCTUnwrap(selector("p + p")).matches(second))
        XCTAssertTrue(try XCTUnwrap(selector("h1:first-child")).matches(heading))
        XCTAssertFalse(try XCTUnwrap(selector("p:first-child")).matches(first))
        XCTAssertTrue(try XCTUnwrap(selector("p:first-of-type")).matches(first))
        XCTAssertTrue(try XCTUnwrap(selector("aside:last-child")).matches(note))
        XCTAssertTrue(try XCTUnwrap(selector("p:not(.first)")).matches(second))
        XCTAssertFalse(try XCTUnwrap(selector("p:not(.first)")).matches(first))
        XCTAssertTrue(try XCTUnwrap(selector("section.chapter   h1")).matches(heading))
    }

    func testSelectorsAStaticPageCannotMatchAreRefused() {
        XCTAssertNil(selector("p::first-line"))
        XCTAssertNil(selector("header + p:first-line"))
        XCTAssertNil(selector("a:hover"))
        XCTAssertNil(selector("li:nth-child(2n+1)"))
        XCTAssertNil(selector("> p"))
        XCTAssertNil(selector("p >"))
        XCTAssertNil(selector("p..x"))
    }

    func testSpecificity() throws {
        let order = try ["*", "p", "p p", ".a", "[x]", "p.a", "#i", "#i.a p"].map { try XCTUnwrap(selector($0)).specificity }
        XCTAssertEqual(order, order.sorted())
        XCTAssertEqual(try XCTUnwrap(selector("p.a")).specificity, try XCTUnwrap(selector("p[x]")).specificity)
        XCTAssertEqual(try XCTUnwrap(selector(":not(#i)")).specificity, try XCTUnwrap(selector("#i")).specificity)
    }

    func testDescendantMatchingStaysBoundedOnDeepTrees() throws {
        let document = TestDocument()
        var parent = document.add("div")
        for _ in 0..<300 { parent = document.add("div", under: parent) }
        let leaf = document.add("p", under: parent)
        let hostile = try XCTUnwrap(selector("span " + String(repeating: "div ", count: 40) + "p"))
        XCTAssertFalse(hostile.matches(leaf))
        XCTAssertTrue(try XCTUnwrap(selector("div div div p")).matches(leaf))
    }
}
