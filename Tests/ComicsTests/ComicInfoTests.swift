import Comics
import XCTest

final class ComicInfoTests: XCTestCase {
    func testMangaWithEveryField() {
        let xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema">
          <Title>Tom &amp; Jerry &#x2014; <!-- --> One</Title><Series>Cats</Series><Number>7</Number>
          <Writer>Ann Writer, Bo Writer</Writer><Penciller>Bo Writer, Cy Artist</Penciller>
          <LanguageISO>ja</LanguageISO><Manga>YesAndRightToLeft</Manga>
          <Pages><Page Image="0" Type="Story"/><Page Image="2" Type="FrontCover" /></Pages>
        </ComicInfo>
        """
        let info = ComicInfo(xml: Array(xml.utf8))
        XCTAssertEqual(info.title, "Tom & Jerry \u{2014} <!-- --> One")
        XCTAssertEqual(info.series, "Cats")
        XCTAssertEqual(info.number, "7")
        XCTAssertEqual(info.authors, ["Ann Writer", "Bo Writer", "Cy Artist"])
        XCTAssertEqual(info.language, "ja")
        XCTAssertTrue(info.isRightToLeft)
        XCTAssertEqual(info.coverPage, 2)
    }

    func testLeftToRightAndTitleFromSeries() {
        let info = ComicInfo(xml: Array("<ComicInfo><Series>Cats</Series><Number>7</Number><Manga>Yes</Manga><Title/></ComicInfo>".utf8))
        XCTAssertNil(info.title)
        XCTAssertEqual(info.shownTitle, "Cats 7")
        XCTAssertFalse(info.isRightToLeft)
        XCTAssertNil(info.coverPage)
    }

    func testElementNamesAreWhole() {
        let info = ComicInfo(xml: Array("<ComicInfo><SeriesGroup>G</SeriesGroup><Series lang=\"en\">S</Series></ComicInfo>".utf8))
        XCTAssertEqual(info.series, "S")
    }

    func testNotXMLGivesNothing() {
        let info = ComicInfo(xml: [0xFF, 0x00, 0x3C, 0x54])
        XCTAssertNil(info.shownTitle)
        XCTAssertEqual(info.authors, [])
    }
}
