@testable import StyleSheets
import XCTest

/// `float` and `clear`: their keywords are read, anything else leaves the
/// value as it was, and neither is inherited.
final class FloatTests: XCTestCase {
    private func style(_ css: String, parent: ComputedStyle = ComputedStyle()) -> ComputedStyle {
        let document = TestDocument()
        let body = document.add("body")
        let image = document.add("img", under: body, id: "portrait", classes: "detail")
        let cascade = StyleCascade(userAgent: StyleSheet(parsing: ""), author: [StyleSheet(parsing: css)])
        return cascade.style(for: image, parent: parent, inline: [])
    }

    func testFloatKeywordsAreRead() {
        XCTAssertEqual(style("").float, ComputedStyle.Floating.none, "none is the default")
        XCTAssertEqual(style("img { float: left }").float, .left)
        XCTAssertEqual(style("img { float: RIGHT }").float, .right, "keywords are case-insensitive")
        XCTAssertEqual(style("img { float: inline-start }").float, .inlineStart)
        XCTAssertEqual(style("img { float: inline-end }").float, .inlineEnd)
        XCTAssertEqual(style("img { float: right } img { float: none }").float, ComputedStyle.Floating.none)
    }

    func testTheColeSamplesRuleFloatsRightWithItsMargins() {
        let computed = style("img#portrait, img.detail { float:right; margin:0.2em 0em 0.9em 2em; }")
        XCTAssertEqual(computed.float, .right)
        XCTAssertEqual(computed.margin.top, 0.2, accuracy: 1e-9)
        XCTAssertEqual(computed.margin.right, 0)
        XCTAssertEqual(computed.margin.bottom, 0.9, accuracy: 1e-9)
        XCTAssertEqual(computed.margin.left, 2)
    }

    func testUnknownFloatValuesAreIgnored() {
        XCTAssertEqual(style("img { float: right } img { float: center }").float, .right, "not a float keyword")
        XCTAssertEqual(style("img { float: left } img { float: 3px }").float, .left)
        XCTAssertEqual(style("img { float: left } img { float: left right }").float, .left, "one keyword only")
        XCTAssertEqual(style("img { float: top }").float, ComputedStyle.Floating.none)
    }

    func testClearKeywordsAreReadAndUnknownOnesIgnored() {
        XCTAssertEqual(style("").clear, ComputedStyle.Clearing.none)
        XCTAssertEqual(style("img { clear: left }").clear, .left)
        XCTAssertEqual(style("img { clear: right }").clear, .right)
        XCTAssertEqual(style("img { clear: both }").clear, .both)
        XCTAssertEqual(style("img { clear: inline-start }").clear, .inlineStart)
        XCTAssertEqual(style("img { clear: inline-end }").clear, .inlineEnd)
        XCTAssertEqual(style("img { clear: both } img { clear: all }").clear, .both, "not a clear keyword")
        XCTAssertEqual(style("img { clear: both } img { clear: none }").clear, ComputedStyle.Clearing.none)
    }

    func testFloatAndClearAreNotInheritedButMayBe() {
        var parent = ComputedStyle()
        parent.float = .left
        parent.clear = .both
        XCTAssertEqual(style("", parent: parent).float, ComputedStyle.Floating.none)
        XCTAssertEqual(style("", parent: parent).clear, ComputedStyle.Clearing.none)
        XCTAssertEqual(style("img { float: inherit; clear: inherit }", parent: parent).float, .left)
        XCTAssertEqual(style("img { float: inherit; clear: inherit }", parent: parent).clear, .both)
        XCTAssertEqual(style("img { float: right } img { float: initial }").float, ComputedStyle.Floating.none)
    }
}
