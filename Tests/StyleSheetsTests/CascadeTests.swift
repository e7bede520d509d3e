@testable import StyleSheets
import XCTest

final class CascadeTests: XCTestCase {
    private let userAgent = StyleSheet(parsing: "p { display: block; margin: 1em 0 } em { font-style: italic } h1 { font-size: 2em }")

    private func style(_ css: String, for element: TestElement, inline: String = "", parent: ComputedStyle = ComputedStyle())
        -> ComputedStyle {
        let cascade = StyleCascade(userAgent: userAgent, author: [StyleSheet(parsing: css)])
        return cascade.style(for: element, parent: parent, inline: StyleSheet.declarations(parsing: inline))
    }

    private func paragraph(classes: String? = nil, id: String? = nil) -> TestElement {
        let document = TestDocument()
        let body = document.add("body")
        return document.add("p", under: body, id: id, classes: classes, text: "x")
    }

    func testSpecificityThenOrderDecide() {
        let element = paragraph(classes: "a", id: "i")
        XCTAssertEqual(style("p.a { text-align: center } p { text-align: right }", for: element).textAlign, .center)
        XCTAssertEqual(style("p { text-align: right } p { text-align: left }", for: element).textAlign, .left)
        XCTAssertEqual(style("#i { text-align: right } p.a.a.a { text-align: left }", for: element).textAlign, .right)
    }

    func testImportantAndInlineStyle() {
        let element = paragraph(classes: "a")
        XCTAssertEqual(style("p { text-align: right }", for: element, inline: "text-align: center").textAlign, .center)
        XCTAssertEqual(style("p { text-align: right !important }", for: element, inline: "text-align: center").textAlign, .right)
        XCTAssertEqual(style(".a { text-align: left } p { text-align: right ! important }", for: element).textAlign, .right)
    }

    func testTheBooksSheetOverridesTheReadersAndInheritanceFlows() {
        let element = paragraph()
        XCTAssertEqual(style("", for: element).margin.top, 1, "the reader's sheet")
        XCTAssertEqual(style("p { margin-top: 0 }", for: element).margin.top, 0)
        var parent = ComputedStyle()
        parent.italic = true
        parent.textAlign = .center
        parent.margin.top = 5
        let child = style("", for: element, parent: parent)
        XCTAssertTrue(child.italic, "font-style is inherited")
        XCTAssertEqual(child.textAlign, .center)
        XCTAssertEqual(child.margin.top, 1, "margins are not inherited")
        XCTAssertFalse(style("p { font-style: normal }", for: element, parent: parent).italic)
        XCTAssertTrue(style("p { font-style: inherit }", for: element, parent: parent).italic)
    }

    func testLengthsAreInEmsOfTheBody() {
        let element = paragraph()
        let computed = style("p { font-size: 1.5em; margin: 2em 32px 12pt 50%; text-indent: 1em }", for: element)
        XCTAssertEqual(computed.fontSize, 1.5)
        XCTAssertEqual(computed.margin.top, 3, "em is the element's own size")
        XCTAssertEqual(computed.margin.right, 2)
        XCTAssertEqual(computed.margin.bottom, 1)
        XCTAssertEqual(computed.margin.left, 15, "a percentage of a 30 em measure")
        XCTAssertEqual(computed.textIndent, 1.5)
        XCTAssertEqual(style("p { font-size: 200px }", for: element).fontSize, 4, "sizes are kept readable")
        XCTAssertEqual(style("p { font-size: smaller }", for: element).fontSize, 1 / 1.2, accuracy: 0.001)
    }

    func testFontPropertiesAndShorthand() {
        let element = paragraph()
        let computed = style("p { font: italic small-caps bold 12pt/1.5 \"Old Standard\", Georgia, serif }", for: element)
        XCTAssertTrue(computed.italic)
        XCTAssertTrue(computed.smallCaps)
        XCTAssertTrue(computed.isBold)
        XCTAssertEqual(computed.fontSize, 1)
        XCTAssertEqual(computed.fontFamilies, [.named("Old Standard"), .named("Georgia"), .serif])
        XCTAssertEqual(style("p { font-family: Old  Standard TT, monospace }", for: element).fontFamilies,
                       [.named("Old Standard TT"), .monospace])
        XCTAssertEqual(style("p { font-weight: 300 }", for: element).fontWeight, 300)
        XCTAssertEqual(style("p { vertical-align: super }", for: element).verticalAlign, .superscript)
    }

    func testEPUBPropertiesAndTextTransform() {
        let element = paragraph()
        let computed = style("""
            p { -epub-hyphens: none; text-transform: uppercase; -epub-word-break: break-all; -epub-line-break: strict;
                -epub-text-align-last: right; page-break-before: always; break-after: page; white-space: pre;
                list-style: inside lower-roman; direction: rtl; -epub-text-emphasis-style: filled sesame }
            """, for: element)
        XCTAssertEqual(computed.hyphens, ComputedStyle.Hyphens.none)
        XCTAssertEqual(computed.textTransform, .uppercase)
        XCTAssertEqual(computed.wordBreak, .breakAll)
        XCTAssertEqual(computed.lineBreak, .strict)
        XCTAssertEqual(computed.textAlignLast, .right)
        XCTAssertTrue(computed.breakBefore)
        XCTAssertTrue(computed.breakAfter)
        XCTAssertEqual(computed.whiteSpace, .pre)
        XCTAssertEqual(computed.listStyleType, "lower-roman")
        XCTAssertEqual(computed.direction, .rtl)
        XCTAssertEqual(computed.emphasisMark, "\u{FE45}")
        XCTAssertEqual(style("p { text-transform: -epub-fullwidth }", for: element).textTransform, .fullWidth)
    }

    func testUnknownThingsAreSkippedOneAtATime() {
        let element = paragraph(classes: "a")
        let sheet = """
            @page { margin: 0 }
            @unknown-rule something { p { text-align: right } }
            p::first-letter, p.a { text-align: center; colour: red; margin-top: banana; text-indent: 2em }
            @media print { p { text-indent: 9em } }
            @media screen and (min-width: 10px) { p { font-style: italic } }
            @media amzn-kf8 { p { font-weight: bold } }
            p { text-align: ; }
            """
        let computed = style(sheet, for: element)
        XCTAssertEqual(computed.textAlign, .center, "the unknown pseudo-element selector is skipped, not its rule")
        XCTAssertEqual(computed.textIndent, 2, "an unknown property and a bad value are skipped alone")
        XCTAssertEqual(computed.margin.top, 1)
        XCTAssertTrue(computed.italic, "screen media apply")
        XCTAssertFalse(computed.isBold, "vendor media types do not")
    }

    func testFontFacesAndImports() {
        let sheet = StyleSheet(parsing: """
            @import url("base.css");
            @import "print.css" print;
            @font-face { font-family: 'Old Standard'; font-style: italic; font-weight: bold;
                         src: local(Foo), url(fonts/OS-BoldItalic.woff2) format("woff2"), url(fonts/os.eot) format(embedded-opentype) }
            """)
        XCTAssertEqual(sheet.imports, ["base.css"])
        XCTAssertEqual(sheet.fontFaces.count, 1)
        let face = sheet.fontFaces[0]
        XCTAssertEqual(face.family, "Old Standard")
        XCTAssertTrue(face.isItalic)
        XCTAssertTrue(face.isBold)
        XCTAssertEqual(face.sources.map(\.url), ["fonts/OS-BoldItalic.woff2", "fonts/os.eot"])
        XCTAssertEqual(face.sources.map(\.format), ["woff2", "embedded-opentype"])
    }
}
