@testable import PlainText
import XCTest

final class SourceLinesTests: XCTestCase {
    /// Every line measured one character at a time, as the definition says.
    private func referenceLines(_ text: String) -> [SourceLine] {
        guard !text.isEmpty else { return [] }
        var lines: [SourceLine] = []
        var byteOffset = 0, scalarOffset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(line.unicodeScalars)
            let indent = scalars.prefix { $0 == " " || $0 == "\t" }.count
            let ink = scalars.dropFirst(indent)
            var columns = 0, columnsAtLastInk = 0
            for scalar in ink {
                columns += SourceLines.columnWidth(of: scalar.value)
                if scalar != " " && scalar != "\t" { columnsAtLastInk = columns }
            }
            let byteCount = line.utf8.count
            let inkBytes = Array(String(String.UnicodeScalarView(ink)).utf8)
            lines.append(SourceLine(bytes: byteOffset..<(byteOffset + byteCount), scalarStart: scalarOffset,
                                    scalarCount: scalars.count, indent: indent, columns: columnsAtLastInk,
                                    mayBeHeading: inkBytes.withUnsafeBufferPointer { HeadingDetector.mayBeHeadingLine(ink: $0) }))
            byteOffset += byteCount + 1
            scalarOffset += scalars.count + 1
        }
        if text.hasSuffix("\n") { lines.removeLast() } // no line after the final LF
        return lines
    }

    func testLinesMatchTheCharacterByCharacterDefinition() {
        let pieces = ["word ", "  ", "\t", "\n", "Grüße ", "第一回", "한국어 ", "𝄞", "end.  ", "\n\n", "ＡＢ",
                      // Lead byte E1 narrow and wide, E2 narrow (quotes, dashes) and wide (U+2E80).
                      "Ạ", "ᄀ", "“quoted” — … ", "⺀", "\u{3000}"]
        var generator = SplitMix64(seed: 11)
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int(generator.next() % 30) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            XCTAssertEqual(SourceLines.split(Array(text.utf8)), referenceLines(text), "text \(text.debugDescription)")
        }
    }

    func testWideCharactersCountTwoColumnsAndTrailingSpaceNone() {
        let lines = SourceLines.split(Array("  第一回 \t\nab  c  \n".utf8))
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0].indent, 2)
        XCTAssertEqual(lines[0].columns, 6)
        XCTAssertEqual(lines[0].scalarCount, 7)
        XCTAssertEqual(lines[1].columns, 5)
        XCTAssertEqual(lines[1].scalarStart, 8)
    }
}
