import BookFormats
import BookModel
import Comics
import XCTest

final class ComicFormatTests: XCTestCase {
    private let page = ComicFixtures.page()

    func testAZipIsAComicByItsNameAndAnEPUBByItsMimetype() throws {
        let fixtures = try ComicFixtures()
        let formats = BookFormats()
        let comic = try fixtures.archive("comic.cbz", format: "zip", members: [("1.png", page)])
        XCTAssertEqual(formats.format(ofFileAt: comic).name, "comic")
        let unnamed = fixtures.file("comic.epub", try XCTUnwrap(FileManager.default.contents(atPath: comic)).map { $0 })
        XCTAssertEqual(formats.format(ofFileAt: unnamed).name, "epub")
        let epubLike = try fixtures.archive("book.cbz", format: "zip", options: "zip:compression=store",
                                            members: [("mimetype", Array("application/epub+zip".utf8)), ("1.png", page)])
        XCTAssertEqual(formats.format(ofFileAt: epubLike).name, "epub")
    }

    func testOtherArchivesByTheirBytesWhateverTheirName() throws {
        let fixtures = try ComicFixtures()
        let formats = BookFormats()
        let sevenZip = try fixtures.archive("comic.txt", format: "7zip", members: [("1.png", page)])
        XCTAssertEqual(formats.format(ofFileAt: sevenZip).name, "comic")
        let tar = try fixtures.archive("comic.dat", format: "ustar", members: [("1.png", page)])
        XCTAssertEqual(formats.format(ofFileAt: tar).name, "comic")
        let oldTar = try fixtures.archive("old.cbt", format: "v7tar", members: [("1.png", page)])
        XCTAssertEqual(formats.format(ofFileAt: oldTar).name, "comic")
        XCTAssertEqual(try formats.open(path: oldTar).book.document?.sections.count, 1)
        XCTAssertTrue(formats.lists(fileAt: sevenZip))
    }

    func testAFolderGivenAsTheBookIsAComic() throws {
        let fixtures = try ComicFixtures()
        let folder = try fixtures.files("Cats 1", [("2.png", page), ("10.png", page)])
        let formats = BookFormats()
        XCTAssertEqual(formats.format(ofFileAt: folder).name, "comic")
        let opened = try formats.open(path: folder)
        XCTAssertEqual(opened.formatName, "comic")
        XCTAssertEqual(opened.book.document?.sections.compactMap(\.fixedPage).map(\.content),
                       [.image(resource: "2.png"), .image(resource: "10.png")])
        guard case let .sectioned(reading) = try formats.openForReading(path: folder) else { return XCTFail("read whole") }
        XCTAssertEqual(reading.sectionCount, 2)
    }

    func testDescribeGivesTheCoverPageAndComicInfoNames() throws {
        let fixtures = try ComicFixtures()
        let cover = ComicFixtures.page(seed: 7)
        let info = "<ComicInfo><Series>Cats</Series><Number>3</Number><Writer>Ann</Writer><LanguageISO>fr</LanguageISO>"
            + "<Pages><Page Image=\"1\" Type=\"FrontCover\"/></Pages></ComicInfo>"
        let path = try fixtures.archive("c.cbz", format: "zip", members: [("1.png", page), ("2.png", cover),
                                                                          ("ComicInfo.xml", Array(info.utf8))])
        let description = BookFormats().describe(path: path)
        XCTAssertEqual(description, BookDescription(title: "Cats 3", authors: ["Ann"], coverImage: cover, language: "fr"))
        let plain = try fixtures.archive("Plain Comic.cbz", format: "zip", members: [("b.png", cover), ("a.png", page)])
        XCTAssertEqual(BookFormats().describe(path: plain), BookDescription(title: "Plain Comic", coverImage: page))
    }

    func testAComicThatCannotBeReadIsDescribedWithTheReason() throws {
        let fixtures = try ComicFixtures()
        let path = try fixtures.archive("empty.cbz", format: "zip", members: [("read me.txt", [0x41])])
        let description = BookFormats().describe(path: path)
        XCTAssertEqual(description.title, "empty")
        XCTAssertEqual(description.problem, "a comic without any image")
        XCTAssertThrowsError(try BookFormats().open(path: path)) { error in
            XCTAssertEqual(BookFormats().reason(error), "a comic without any image")
        }
    }

    func testOpenedBookStatesSeriesAndNumber() throws {
        let fixtures = try ComicFixtures()
        let info = "<ComicInfo><Title>T</Title><Series>Cats</Series><Number>3</Number></ComicInfo>"
        let path = try fixtures.archive("c.cbt", format: "ustar", members: [("ComicInfo.xml", Array(info.utf8)), ("1.png", page)])
        let opened = try ComicFormat().open(path: path, window: nil)
        XCTAssertEqual(opened.trailingFacts.entries.map(\.key), ["series", "number"])
        XCTAssertEqual(opened.book.metadata.title, "T")
    }
}
