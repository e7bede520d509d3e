import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// A cluster of thousands of marks on one letter is shaped in pieces of
/// at most `ScriptItemizer.longestCluster` marks, and still set whole.
final class LongClusterTests: XCTestCase {
    func testRunsAreCutInsideAnOverlongClusterOnly() {
        let normal = "re\u{301}sume\u{301} cafe\u{301}".unicodeScalars.map(\.value)
        XCTAssertEqual(runs(of: normal).count, 1, "ordinary marks leave the run whole")
        let long = ("a" + String(repeating: "\u{301}", count: 1000) + " b").unicodeScalars.map(\.value)
        let cut = runs(of: long)
        XCTAssertGreaterThan(cut.count, 1000 / ScriptItemizer.longestCluster)
        XCTAssertTrue(cut.allSatisfy { $0.range.count <= ScriptItemizer.longestCluster + 3 })
        XCTAssertEqual(cut.first?.range.lowerBound, 0)
        XCTAssertEqual(cut.last?.range.upperBound, long.count)
        for (run, next) in zip(cut, cut.dropFirst()) { XCTAssertEqual(run.range.upperBound, next.range.lowerBound) }
    }

    func testAParagraphOfOneHugeClusterIsSetWhole() throws {
        let text = "a" + String(repeating: "\u{301}", count: 5000) + "\n"
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "marks.txt"))
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600),
                                    font: FontFile(path: SharedData.defaultFont))
        let pagination = setter.paginate(collectText: true)
        XCTAssertEqual(pagination.pages.last?.end, book.text.scalarCount)
        let set = pagination.pageLines.joined().joined()
        XCTAssertEqual(set.unicodeScalars.filter { $0 == "\u{301}" }.count, 5000)
    }

    private func runs(of scalars: [UInt32]) -> [TextRun] {
        let scripts = ScriptItemizer.scripts(scalars)
        return ScriptItemizer.runs(scalars: scalars, scripts: scripts, levels: [UInt8](repeating: 0, count: scalars.count),
                                   faces: [Int](repeating: 0, count: scalars.count))
    }
}
