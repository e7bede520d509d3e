import BookModel
import Foundation
@testable import PlainText
import XCTest

final class ParagraphTests: XCTestCase {
    private func book(_ text: String) throws -> Book {
        Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
    }

    private static let prose = """
    It was the best of times, it was the worst of times, it was the age of
    wisdom, it was the age of foolishness, it was the epoch of belief, it
    was the epoch of incredulity, it was the season of Light, it was the
    season of Darkness.

    There were a king with a large jaw and a queen with a plain face, on the
    throne of England; there were a king with a large jaw and a queen with
    a fair face, on the throne of France.
    """

    func testBlankLinesSeparateHardWrappedParagraphs() throws {
        let book = try book(Self.prose)
        XCTAssertEqual(book.paragraphs.count, 2)
        XCTAssertEqual(book.paragraphs.map(\.style), [.body, .body])
        XCTAssertTrue(book.string(of: book.paragraphs[1]).hasPrefix("There were a king"))
    }

    func testVerseKeepsItsLineBreaks() throws {
        let text = Self.prose + """


            How doth the little crocodile
            Improve his shining tail,
            And pour the waters of the Nile
            On every golden scale!
        """ + "\n\n" + Self.prose
        let book = try book(text)
        XCTAssertEqual(book.paragraphs.map(\.style), [.body, .body, .preserved, .body, .body])
    }

    func testShortUnindentedLinesKeepTheirBreaks() throws {
        let text = Self.prose + "\n\nOne\nTwo words\nThree short ones\nFour\n"
        XCTAssertEqual(try book(text).paragraphs.last?.style, .preserved)
    }

    func testOneParagraphPerLongLine() throws {
        let line = String(repeating: "A long line of prose that is one paragraph. ", count: 6)
        let book = try book([line, line, line].joined(separator: "\n"))
        XCTAssertEqual(book.paragraphs.count, 3)
        XCTAssertTrue(book.paragraphs.allSatisfy { $0.style == .body })
    }

    func testChaptersAreFoundAndTableOfContentsIsNot() throws {
        let text = """
        Contents

            CHAPTER I

            CHAPTER II



        CHAPTER I

        \(Self.prose)

        CHAPTER II
        The Second One

        \(Self.prose)
        """
        let book = try book(text)
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I", "CHAPTER II The Second One"])
        let offset = try XCTUnwrap(book.chapters.first?.offset)
        let scalars = Array(String(decoding: book.text.utf8, as: UTF8.self).unicodeScalars)
        XCTAssertEqual(String(String.UnicodeScalarView(scalars[offset..<(offset + 9)])), "CHAPTER I")
        XCTAssertEqual(book.paragraphs.filter { $0.style == .heading }.count, 2)
    }

    func testAListOfHeadingsInOneBlockIsNotAChapter() throws {
        let text = "CHAPTER I.    The Start\nCHAPTER II.   The End\n\nCHAPTER I.\nThe Start\n\n" + Self.prose
        XCTAssertEqual(try book(text).chapters.map(\.title), ["CHAPTER I. The Start"])
    }

    func testHeadingLineShapes() {
        for heading in ["CHAPTER XII.", "BOOK ONE: 1805", "IV", "12.", "Глава 3", "第一回     靈根育孕", "EPILOGUE"] {
            XCTAssertTrue(HeadingDetector.isHeadingLine(heading), heading)
            // The byte test that runs first must let every heading through.
            let raw = Array(("  " + heading.replacingOccurrences(of: " ", with: " \t ") + " ").utf8)
            let line = SourceLines.split(raw)[0]
            let ink = Array(raw[(line.bytes.lowerBound + line.indent)..<line.bytes.upperBound])
            XCTAssertTrue(ink.withUnsafeBufferPointer { HeadingDetector.mayBeHeadingLine(ink: $0) }, heading)
            XCTAssertTrue(line.mayBeHeading, "split marks \(heading)")
        }
        for line in ["I think so", "1805 was a year", "The end.", "LIVID"] {
            let raw = Array(line.utf8)
            XCTAssertFalse(raw.withUnsafeBufferPointer { HeadingDetector.mayBeHeadingLine(ink: $0) }, line)
            XCTAssertFalse(SourceLines.split(raw)[0].mayBeHeading, line)
        }
        for line in ["Chapters of life", "I think so", "Bookkeeping", "1805 was a year"] {
            XCTAssertFalse(HeadingDetector.isHeadingLine(line), line)
        }
    }

    func testParagraphOffsetsAreScalarOffsets() throws {
        let book = try book("Ω one\n\nΨ two")
        let scalars = Array(String(decoding: book.text.utf8, as: UTF8.self).unicodeScalars)
        for paragraph in book.paragraphs {
            XCTAssertEqual(String(String.UnicodeScalarView(scalars[paragraph.scalars])), book.string(of: paragraph))
        }
    }
}
