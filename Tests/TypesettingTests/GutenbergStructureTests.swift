import BookModel
import Foundation
@testable import PlainText
import XCTest
@testable import Typesetting

/// Project Gutenberg's header and licence, contents lists, heading levels
/// and title pages.
final class GutenbergStructureTests: XCTestCase {
    private func book(_ text: String) throws -> Book {
        Book(text: try BookDecoder.decode(Data(text.utf8), path: "book.txt"))
    }

    private static let chapterText = """
    It was the best of times, it was the worst of times, it was the age of
    wisdom, it was the age of foolishness, it was the epoch of belief, it
    was the epoch of incredulity, it was the season of Light, it was the
    season of Darkness.
    """

    private static let header = """
    The Project Gutenberg EBook of The Test, by Ann Author

    This eBook is for the use of anyone anywhere at no cost.

    Title: The Test
           A Sequel

    Author: Ann Author and Bob Writer

    Language: English

    CHAPTER X. Not a chapter of the book

    *** START OF THIS PROJECT GUTENBERG EBOOK THE TEST ***

    """

    private static let licence = """


    *** END OF THIS PROJECT GUTENBERG EBOOK THE TEST ***

    Section 1. General Terms of Use and Redistributing Project Gutenberg-tm
    electronic works.

    CHAPTER XI. Not a chapter either
    """

    func testHeaderNamesTitleAuthorsAndLanguage() throws {
        let book = try book(Self.header + "CHAPTER I.\n\n" + Self.chapterText + Self.licence)
        XCTAssertEqual(book.metadata.title, "The Test A Sequel")
        XCTAssertEqual(book.metadata.authors, ["Ann Author", "Bob Writer"])
        XCTAssertEqual(book.metadata.language, "en")
        XCTAssertEqual(book.language, "en")
    }

    func testBodyStartsAfterTheHeaderOnAPageOfItsOwn() throws {
        let text = Self.header + "CHAPTER I.\n\n" + Self.chapterText + Self.licence
        let book = try book(text)
        let bodyStart = book.metadata.bodyStart
        let scalars = Array(text.unicodeScalars)
        XCTAssertEqual(String(String.UnicodeScalarView(scalars[bodyStart..<(bodyStart + 10)])), "CHAPTER I.")
        let first = try XCTUnwrap(book.paragraphs.firstIndex { $0.scalars.lowerBound == bodyStart })
        XCTAssertTrue(book.paragraphs[first].traits.contains(.startsPage))
        XCTAssertTrue(book.paragraphs[..<first].allSatisfy { $0.traits.contains(.frontMatter) })
        XCTAssertFalse(book.paragraphs[first].traits.isMatter)
    }

    func testLicenceIsBackMatterAndHeadingsInTheFrameAreNotChapters() throws {
        let book = try book(Self.header + "CHAPTER I.\n\n" + Self.chapterText + Self.licence)
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I."])
        let end = try XCTUnwrap(book.paragraphs.firstIndex { book.string(of: $0).hasPrefix("*** END") })
        XCTAssertTrue(book.paragraphs[end].traits.contains(.startsPage))
        XCTAssertTrue(book.paragraphs[end...].allSatisfy { $0.traits.contains(.backMatter) })
        XCTAssertFalse(book.paragraphs[end - 1].traits.isMatter)
        XCTAssertFalse(book.paragraphs.contains { $0.traits.isMatter && $0.style == .heading })
    }

    func testWithoutAHeaderTheBodyStartsAtZero() throws {
        let book = try book("CHAPTER I.\n\n" + Self.chapterText)
        XCTAssertEqual(book.metadata, BookMetadata())
        XCTAssertFalse(book.paragraphs.contains { $0.traits.isMatter })
    }

    func testAuthorsAreSplitOnAndAndSemicolons() {
        XCTAssertEqual(GutenbergHeader.authors(in: "Tolstoy, Leo"), ["Tolstoy, Leo"])
        XCTAssertEqual(GutenbergHeader.authors(in: "A; B"), ["A", "B"])
        XCTAssertEqual(GutenbergHeader.authors(in: "A, B and C"), ["A", "B", "C"])
        XCTAssertEqual(GutenbergHeader.languageCode(forName: "French"), "fr")
        XCTAssertNil(GutenbergHeader.languageCode(forName: "Klingon"))
    }

    /// Contents entries carry titles their chapters do not repeat, one is
    /// misnumbered in the body, and the last is followed by a preface.
    func testContentsEntriesMatchChaptersByNumberWhateverTitlesFollow() throws {
        var text = "CONTENTS\n\n"
        for numeral in ["I", "II", "III", "IV"] {
            text += "CHAPTER \(numeral). A title for \(numeral)--More Words\nAnd a second line\n\n"
        }
        text += "PREFACE\n\n" + Self.chapterText + "\n\n"
        for numeral in ["I", "II", "II", "IV"] { text += "CHAPTER \(numeral)\n\n" + Self.chapterText + "\n\n" }
        let book = try book(text)
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I", "CHAPTER II", "CHAPTER II", "CHAPTER IV"])
        XCTAssertEqual(book.paragraphs.filter { $0.style == .contents }.count, 4)
    }

    func testNumberKeysIgnoreTitles() {
        XCTAssertEqual(HeadingDetector.numberKey("CHAPTER I. Y-o-u-u Tom"), "CHAPTERI")
        XCTAssertEqual(HeadingDetector.numberKey("CHAPTER I"), "CHAPTERI")
        XCTAssertEqual(HeadingDetector.numberKey("BOOK ONE: 1805"), "BOOKONE")
        XCTAssertEqual(HeadingDetector.numberKey("XII."), "XII")
    }

    func testVolumesAreALevelAboveTheirChapters() throws {
        var text = ""
        for book in ["BOOK ONE: 1805", "BOOK TWO: 1806"] {
            text += book + "\n\n"
            for numeral in ["I", "II"] { text += "CHAPTER \(numeral)\n\n" + Self.chapterText + "\n\n" }
        }
        text += "EPILOGUE\n\n" + Self.chapterText
        let book = try book(text)
        XCTAssertEqual(book.chapters.map(\.level), [1, 2, 2, 1, 2, 2, 1])
        let chaptersOnly = try self.book("CHAPTER I\n\n" + Self.chapterText + "\n\nEPILOGUE\n\n" + Self.chapterText)
        XCTAssertEqual(chaptersOnly.chapters.map(\.level), [1, 1])
    }

    func testAListOfHeadingsInOneBlockIsOneContentsBlock() throws {
        let text = "CONTENTS\n\n    CHAPTER I.    The Start\n    CHAPTER II.   The End\n\n\nCHAPTER I.\nThe Start\n\n"
            + Self.chapterText + "\n\nCHAPTER II.\nThe End\n\n" + Self.chapterText
        let book = try book(text)
        XCTAssertEqual(book.paragraphs.filter { $0.style == .contents }.count, 1)
        XCTAssertEqual(book.chapters.map(\.title), ["CHAPTER I. The Start", "CHAPTER II. The End"])
    }

    func testAHeadingAndItsTitleLineAfterABlankLineAreOneHeading() throws {
        var text = ""
        for (numeral, title) in [("I", "Down the Rabbit-Hole"), ("II", "LA MARE AUX LARMES."), ("III", "Le père et le fils."),
                                 ("IV", "QUI A VOLÉ LES TARTES?")] {
            text += "CHAPTER \(numeral).\n\n\(title)\n\n\n" + Self.chapterText + "\n\n"
        }
        // A chapter's first line of text is not its title.
        text += "CHAPTER V\n\n“TOM!”\n\nNo answer.\n\n" + Self.chapterText + "\n\nCHAPTER VI\n\nIt was night, and it rained.\n\n"
            + Self.chapterText
        let book = try book(text)
        XCTAssertEqual(book.chapters.map(\.title), [
            "CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. LA MARE AUX LARMES.", "CHAPTER III. Le père et le fils.",
            "CHAPTER IV. QUI A VOLÉ LES TARTES?", "CHAPTER V", "CHAPTER VI",
        ])
        let first = try XCTUnwrap(book.paragraphs.first)
        XCTAssertEqual(first.style, .heading)
        XCTAssertEqual(book.string(of: first), "CHAPTER I.\n\nDown the Rabbit-Hole")
    }

    func testTitlePageBeforeTheFirstChapterIsCentred() throws {
        let text = "THE TEST\n\nby Ann Author\n\n\n" + Self.chapterText + "\n\nCHAPTER I.\n\n" + Self.chapterText
        let book = try book(text)
        XCTAssertEqual(book.paragraphs.map { $0.traits.contains(.centred) }, [true, true, false, false, false])
    }

    func testFrameIsSetSmallerAndTheBodyOpensAPage() throws {
        let book = try book(Self.header + "CHAPTER I.\n\n" + Self.chapterText + Self.licence)
        let setter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600),
                                    font: FontFile(path: SharedData.defaultFont))
        let pagination = setter.paginate()
        let body = pagination.pageIndex(containing: book.metadata.bodyStart)
        XCTAssertEqual(pagination.pages[body].start, book.metadata.bodyStart)
        XCTAssertGreaterThan(body, 0)
        let headerPage = setter.layoutPage(0, of: pagination)
        let bodyGlyphs = headerPage.glyphs.filter { $0.face == setter.fonts.body.id }
        XCTAssertTrue(bodyGlyphs.isEmpty, "the header is set in the small face")
        let bodyPage = setter.layoutPage(body, of: pagination)
        XCTAssertTrue(bodyPage.glyphs.contains { $0.face == setter.fonts.body.id })
        let lastPage = setter.layoutPage(pagination.pages.count - 1, of: pagination)
        XCTAssertEqual(lastPage.lines.first, "*** END OF THIS PROJECT GUTENBERG EBOOK THE TEST ***")
    }
}
