import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Chinese and Japanese lines set flush at both ends as JLReq adjusts
/// them: blanks trimmed at the ends, punctuation compressed first, then
/// space spread evenly between characters; last lines left at the start.
final class CJKJustificationTests: XCTestCase {
    private static let fontSize = 18
    private static let em = Int32(fontSize * 64)

    private func typesetter(_ text: String, width: Int = 400, language: String = "zh",
                            lineBreaking: LineBreaking = .optimal) throws -> Typesetter {
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
        return try Typesetter(book: book, geometry: PageGeometry(width: width, height: 2000, fontSize: Self.fontSize,
                                                                 sideMargin: 20),
                              font: FontFile(path: SharedData.defaultFont), language: language, lineBreaking: lineBreaking)
    }

    /// Each line of `layout` set on a page of its own, as the reader sets it.
    private func place(_ layout: ParagraphLayout, with setter: Typesetter) -> PageLayout {
        var page = PageLayout(pageIndex: 0, entry: PageEntry(paragraph: layout.index, line: 0, start: layout.start,
                                                             end: layout.start, missingGlyphs: 0))
        for line in layout.lines.indices {
            setter.place(line: line, of: layout, baseline: 100 + 40 * line, into: &page)
        }
        return page
    }

    private func rightEdge(_ setter: Typesetter, _ line: LineBox) -> Int32 {
        Int32(setter.geometry.marginLeft * 64) + setter.geometry.measure - line.endIndent
    }

    func testBodyLinesOfTheChineseBookEndAtTheMeasureAndLastLinesAtTheStart() throws {
        let path = try SharedData.books().appendingPathComponent("zh_xiyouji_23962-0.txt").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("the Chinese book is not shared") }
        for method in LineBreaking.allCases {
            let setter = try Typesetter(book: Book.open(path: path), geometry: PageGeometry(width: 1280, height: 800),
                                        font: FontFile(path: SharedData.defaultFont), lineBreaking: method)
            var justified = 0
            for index in 0..<min(400, setter.book.paragraphs.count) where setter.book.paragraphs[index].style == .body {
                let layout = setter.layoutParagraph(index)
                let page = place(layout, with: setter)
                for (number, line) in layout.lines.enumerated() {
                    let end = page.lineExtents[number].upperBound
                    if number == layout.lines.count - 1 {
                        // Justified only to be compressed: too long for its room without.
                        let room = setter.geometry.measure - line.indent - line.endIndent
                        XCTAssertTrue(line.alignment == .start || line.naturalWidth > room,
                                      "\(method) ¶\(index): its last line is not stretched")
                        // A full stop that hangs reaches past the edge by less than a character.
                        let past: Int32 = line.hangs ? Int32(setter.geometry.fontSize * 64) : 64
                        XCTAssertLessThanOrEqual(end, rightEdge(setter, line) + past)
                    } else if line.alignment == .justified, !line.hangs {
                        justified += 1
                        XCTAssertLessThanOrEqual(abs(end - rightEdge(setter, line)), 64,
                                                 "\(method) ¶\(index) line \(number): \(layout.text(ofLine: number))")
                    }
                }
            }
            XCTAssertGreaterThan(justified, 500, "\(method)")
        }
    }

    func testALineTooLongLosesItsPunctuationsBlanksBeforeItsCharactersCloseUp() throws {
        let text = "　天地「之數」，有十二萬、九千六百歲為一元。將一元分為十二會"
        let setter = try typesetter(text, width: 2000)
        let shaped = setter.layoutParagraph(0).shaped
        let spacing = try XCTUnwrap(shaped.spacing)
        let count = shaped.scalars.count
        let full = LineBreaker.box(shaped, range: 0..<count, indent: 0, available: 100 * Self.em, isLast: false,
                                   style: .body, hyphenated: false, hyphenWidth: 0)
        let inner = try XCTUnwrap(InlineLineFit(shaped, range: 0..<count, trimsStart: false, hangs: false)).blanks
        XCTAssertGreaterThanOrEqual(inner, 3 * Self.em / 2, "「」，、。 hold at least three half-width blanks inside")

        // A little too long: punctuation alone gives the room.
        let short = full.naturalWidth - Self.em
        let squeezed = LineBreaker.box(shaped, range: 0..<count, indent: 0, available: short, isLast: false,
                                       style: .body, hyphenated: false, hyphenWidth: 0)
        XCTAssertEqual(squeezed.compression, Self.em)
        let adjustment = try XCTUnwrap(InlineAdjustment(line: squeezed, of: shaped, available: short))
        let moves = (0..<count).map { adjustment.moves(at: $0) }
        XCTAssertEqual(moves.map(\.space).filter { $0 != 0 }, [], "no character closes up while punctuation can give")
        let taken = zip(moves, 0..<count).reduce(Int32(0)) { sum, pair in
            sum + pair.0.before + (pair.1 == count - 1 ? 0 : pair.0.after)
        }
        XCTAssertEqual(taken, Self.em)
        for index in 0..<count {
            XCTAssertLessThanOrEqual(moves[index].before, spacing.blankBefore[index])
            XCTAssertLessThanOrEqual(moves[index].after, spacing.blankAfter[index])
        }

        // Too long for that: every blank goes, then the characters close up evenly.
        let tight = full.naturalWidth - inner - Self.em
        let closed = LineBreaker.box(shaped, range: 0..<count, indent: 0, available: tight, isLast: false,
                                     style: .body, hyphenated: false, hyphenWidth: 0)
        XCTAssertEqual(closed.compression, inner)
        let closing = try XCTUnwrap(InlineAdjustment(line: closed, of: shaped, available: tight))
        let spaces = (0..<count).map { closing.moves(at: $0).space }.filter { $0 != 0 }
        XCTAssertEqual(spaces.reduce(0, +), -Self.em)
        XCTAssertLessThanOrEqual((spaces.max() ?? 0) - (spaces.min() ?? 0), 1, "spread evenly")
    }

    func testSpaceGoesBetweenCharactersAndLatinKeepsItsWords() throws {
        let text = "　我讀了Journey to the West這本書，「很好」。"
        let setter = try typesetter(text, width: 2000)
        let shaped = setter.layoutParagraph(0).shaped
        let count = shaped.scalars.count
        let natural = LineBreaker.box(shaped, range: 0..<count, indent: 0, available: 100 * Self.em, isLast: false,
                                      style: .body, hyphenated: false, hyphenWidth: 0).naturalWidth
        let wide = natural + 5 * Self.em
        let box = LineBreaker.box(shaped, range: 0..<count, indent: 0, available: wide, isLast: false,
                                  style: .body, hyphenated: false, hyphenWidth: 0)
        XCTAssertEqual(box.alignment, .justified)
        let adjustment = try XCTUnwrap(InlineAdjustment(line: box, of: shaped, available: wide))
        let scalars = shaped.scalars.map { Character(Unicode.Scalar($0) ?? " ") }
        var spread: [Int32] = []
        for index in 0..<(count - 1) {
            let space = adjustment.moves(at: index).space
            let pair = "\(scalars[index])\(scalars[index + 1])"
            if scalars[index] == " " {
                XCTAssertGreaterThan(space, 0, "Latin's spaces widen")
                spread.append(space)
            } else if scalars[index].isASCII, scalars[index + 1].isASCII {
                XCTAssertEqual(space, 0, "no space inside a Latin word nor before its space: \(pair)")
            } else if "「".contains(scalars[index]) || "」，。".contains(scalars[index + 1]) {
                XCTAssertEqual(space, 0, "brackets hug what they hold: \(pair)")
            } else {
                XCTAssertGreaterThan(space, 0, "space between \(pair)")
                spread.append(space)
            }
        }
        XCTAssertEqual(spread.reduce(0, +), 5 * Self.em)
        XCTAssertLessThanOrEqual(spread.max()! - spread.min()!, 1, "the same between characters and at Latin's spaces")
    }

    func testTheTextIsFoundWhereItIsDrawn() throws {
        let text = "　「天地之數」，有十二萬九千六百歲為一元。將一元分為十二會，乃子、丑、寅、卯、辰、巳、午、未、申、酉、戌、亥之十二支也。"
        let setter = try typesetter(text, width: 260)
        let layout = setter.layoutParagraph(0)
        XCTAssertGreaterThan(layout.lines.count, 3)
        let page = place(layout, with: setter)
        let shaped = layout.shaped
        let available = setter.geometry.measure
        let adjustments = try layout.lines.map { try XCTUnwrap(InlineAdjustment(line: $0, of: shaped, available: available)) }
        XCTAssertTrue(layout.lines.dropLast().allSatisfy { $0.alignment == .justified })
        // One glyph a character, in order: the n-th glyph drawn is the n-th character.
        XCTAssertEqual(page.glyphs.count, shaped.scalars.count)
        var previousRight = 0
        for (index, glyph) in page.glyphs.enumerated() {
            let rect = try XCTUnwrap(page.text.rects(covering: index..<(index + 1)).first, "character \(index)")
            let line = try XCTUnwrap(layout.lines.firstIndex { $0.range.contains(index) })
            if index == layout.lines[line].range.lowerBound { previousRight = 0 }
            // Its box starts where the pen stood before the blank taken away before its glyph.
            let boxLeft = glyph.x - shaped.xOffsets[index] + adjustments[line].moves(at: index).before
            XCTAssertLessThan(abs(Int32(rect.x * 64) - boxLeft), 64, "character \(index) of line \(line)")
            XCTAssertGreaterThanOrEqual(rect.x, previousRight - 1, "boxes follow one another: character \(index)")
            previousRight = rect.x + rect.width
            XCTAssertEqual(page.text.offset(atX: Double(rect.x) + Double(rect.width) / 2, y: Double(rect.y + 1)), index)
        }
    }
}
