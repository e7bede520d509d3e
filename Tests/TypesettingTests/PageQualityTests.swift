import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Knuth-Plass against first fit, and widow and orphan control.
final class PageQualityTests: XCTestCase {
    private static func stats(_ pagination: Pagination) -> (mean: Double, p99: Double) {
        let values = pagination.pages.map(\.maxSpaceStretch).sorted()
        return (values.reduce(0, +) / Double(values.count), values[Int(Double(values.count) * 0.99)])
    }

    func testOptimalLineBreakingSpacesWarAndPeaceMoreEvenlyThanGreedy() throws {
        let book = try Book.open(path: SharedData.books().appendingPathComponent("en_war_and_peace_2600-0.txt").path)
        let geometry = PageGeometry(width: 1280, height: 800)
        var results: [LineBreaking: (mean: Double, p99: Double)] = [:]
        for method in LineBreaking.allCases {
            let setter = try Typesetter(book: book, geometry: geometry, font: FontFile(path: SharedData.defaultFont),
                                        lineBreaking: method)
            results[method] = Self.stats(setter.paginate())
        }
        let greedy = try XCTUnwrap(results[.greedy]), optimal = try XCTUnwrap(results[.optimal])
        XCTAssertLessThan(optimal.mean, greedy.mean)
        XCTAssertLessThan(optimal.p99, greedy.p99)
        XCTAssertGreaterThan(greedy.mean, 1, "greedy lines do stretch")
    }

    private static let words = "the quick brown fox jumps over a lazy dog while seven wizards hex every jolly quartz"
        .split(separator: " ")

    private func prose(paragraphs: Int, seed: Int) -> String {
        (0..<paragraphs).map { index in
            let length = 12 + (index * 37 + seed) % 90
            return (0..<length).map { String(Self.words[($0 * 7 + index * 3 + seed) % Self.words.count]) }
                .joined(separator: " ") + "."
        }.joined(separator: "\n\n")
    }

    func testJustifiedLinesOfTheOptimalBreakerFitTheMeasureExactly() throws {
        let book = Book(text: try BookDecoder.decode(Data(prose(paragraphs: 20, seed: 1).utf8), path: "b.txt"))
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 640, height: 480),
                                    font: FontFile(path: SharedData.defaultFont))
        let pagination = setter.paginate()
        let right = Int32(setter.geometry.marginLeft * 64) + setter.geometry.measure
        var justified = 0
        for index in pagination.pages.indices {
            for extent in setter.layoutPage(index, of: pagination).lineExtents {
                XCTAssertLessThanOrEqual(extent.upperBound, right)
                if abs(extent.upperBound - right) <= 64 { justified += 1 }
            }
        }
        XCTAssertGreaterThan(justified, 20)
    }

    func testNoParagraphLeavesASingleLineAloneAtAPageEdge() throws {
        for seed in 0..<6 {
            let book = Book(text: try BookDecoder.decode(Data(prose(paragraphs: 40, seed: seed).utf8), path: "b.txt"))
            let setter = try Typesetter(book: book, geometry: PageGeometry(width: 640, height: 480),
                                        font: FontFile(path: SharedData.defaultFont))
            let pagination = setter.paginate()
            for index in pagination.pages.indices.dropFirst() {
                let entry = pagination.pages[index]
                let layout = setter.layoutParagraph(entry.paragraph)
                guard entry.line > 0 else { continue }
                // The page starts inside a paragraph: not with its last line alone (a widow)...
                XCTAssertNotEqual(entry.line, layout.lines.count - 1, "seed \(seed) page \(index + 1) starts with a widow")
                // ...and the previous page does not end with its first line alone (an orphan).
                XCTAssertNotEqual(entry.line, 1, "seed \(seed) page \(index) ends with an orphan")
            }
        }
    }
}
