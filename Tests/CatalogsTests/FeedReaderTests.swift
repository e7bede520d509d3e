import Catalogs
import XCTest

final class FeedReaderTests: XCTestCase {
    private let base = "http://books.example/opds/root.xml"

    func testAtomEntriesAuthorsAndAbsoluteLinks() throws {
        let atom = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/terms/">
              <id>urn:shelf</id><title>The  Shelf</title><updated>2026-01-01T00:00:00Z</updated>
              <link rel="next" href="page2.xml?offset=30&amp;n=30" type="application/atom+xml;profile=opds-catalog"/>
              <link rel="search" href="/search.osd" type="application/opensearchdescription+xml"/>
              <entry>
                <title>Moby-Dick</title><dc:title>Not this</dc:title>
                <id>urn:uuid:1</id><updated>2026-02-03T04:05:06Z</updated>
                <author><name>Herman Melville</name></author>
                <author><name>Someone &amp; Other</name></author>
                <link rel="http://opds-spec.org/acquisition" type="application/epub+zip" href="/get/epub/1" length="1234"/>
                <link rel="http://opds-spec.org/image" type="image/jpeg" href="../covers/1.jpg"/>
              </entry>
              <entry>
                <title>By Title</title><id>nav:title</id>
                <link type="application/atom+xml;type=feed;profile=opds-catalog" href="titles.xml"/>
              </entry>
            </feed>
            """
        let feed = try FeedReader.read(Array(atom.utf8), address: base)
        XCTAssertEqual(feed.title, "The Shelf")
        XCTAssertEqual(feed.next, "http://books.example/opds/page2.xml?offset=30&n=30")
        XCTAssertEqual(feed.search?.href, "http://books.example/search.osd")
        XCTAssertEqual(feed.entries.count, 2)
        let book = feed.entries[0]
        XCTAssertEqual(book.id, "urn:uuid:1")
        XCTAssertEqual(book.title, "Moby-Dick")
        XCTAssertEqual(book.authors, ["Herman Melville", "Someone & Other"])
        XCTAssertEqual(book.updated, "2026-02-03T04:05:06Z")
        XCTAssertTrue(book.isAcquisition)
        XCTAssertEqual(book.links.map(\.href), ["http://books.example/get/epub/1", "http://books.example/covers/1.jpg"])
        XCTAssertEqual(book.links[0].length, 1234)
        XCTAssertEqual(book.bestAcquisition?.kind, .epub)
        XCTAssertEqual(book.coverAddress, "http://books.example/covers/1.jpg")
        let navigation = feed.entries[1]
        XCTAssertTrue(navigation.isNavigation)
        // A link to a feed without a rel is a subsection.
        XCTAssertEqual(navigation.links.first?.rel, "subsection")
        XCTAssertEqual(navigation.links.first?.href, "http://books.example/opds/titles.xml")
        XCTAssertFalse(feed.isNavigation)
    }

    func testAtomWithoutNamespaceAndTemplatedSearch() throws {
        let atom = """
            <feed><title>Plain</title>
              <link rel="search" href="/opds/search/{searchTerms}?library_id=lib" type="application/atom+xml"/>
              <entry><title>T</title><id>t</id><link href="t.txt" type="text/plain"/></entry></feed>
            """
        let feed = try FeedReader.read(Array(atom.utf8), address: "https://h.example:8443/a/b")
        XCTAssertEqual(feed.search?.href, "https://h.example:8443/opds/search/{searchTerms}?library_id=lib")
        // A link to a book file without a rel is an acquisition.
        XCTAssertEqual(feed.entries.first?.links.first?.rel, CatalogLink.acquisitionRel)
        XCTAssertEqual(feed.entries.first?.bestAcquisition?.kind, .text)
        XCTAssertTrue(feed.isNavigation == false)
    }

    func testBestAcquisitionPrefersEPUBThenPDFAndSkipsBuying() throws {
        let entry = CatalogEntry(id: "x", title: "X", links: [
            CatalogLink(rel: CatalogLink.acquisitionRel, type: "text/plain", href: "http://h/x.txt"),
            CatalogLink(rel: CatalogLink.acquisitionRel + "/buy", type: "application/epub+zip", href: "http://h/buy"),
            CatalogLink(rel: CatalogLink.acquisitionRel + "/open-access", type: "application/pdf", href: "http://h/x.pdf"),
            CatalogLink(rel: CatalogLink.acquisitionRel, type: "application/x-mobipocket-ebook", href: "http://h/x.mobi"),
        ])
        XCTAssertEqual(entry.bestAcquisition?.link.href, "http://h/x.pdf")
        XCTAssertEqual(entry.bestAcquisition?.kind, .pdf)
    }

    func testOPDS2JSON() throws {
        let json = """
            {"metadata": {"title": "Library", "identifier": "urn:lib"},
             "links": [{"rel": "self", "href": "/opds2/root.json", "type": "application/opds+json"},
                       {"rel": ["next"], "href": "page2.json", "type": "application/opds+json"},
                       {"rel": "search", "href": "/opds2/search{?query}", "type": "application/opds+json", "templated": true}],
             "navigation": [{"href": "new.json", "title": "New", "type": "application/opds+json"}],
             "publications": [
               {"metadata": {"identifier": "urn:isbn:1", "title": "One", "author": "A. Writer", "modified": "2026-01-02T00:00:00Z"},
                "links": [{"rel": "http://opds-spec.org/acquisition/open-access", "href": "/files/one.epub",
                           "type": "application/epub+zip", "properties": {"length": 99}}]}],
             "groups": [{"metadata": {"title": "Featured"},
                         "publications": [{"metadata": {"title": "Two", "author": [{"name": "B"}, "C"]},
                                           "links": [{"rel": "http://opds-spec.org/acquisition", "href": "two.pdf", "type": "application/pdf"}]}]}]}
            """
        let feed = try FeedReader.read(Array(json.utf8), address: "http://h.example/opds2/root.json")
        XCTAssertEqual(feed.title, "Library")
        XCTAssertEqual(feed.next, "http://h.example/opds2/page2.json")
        XCTAssertEqual(feed.search?.href, "http://h.example/opds2/search{?query}")
        XCTAssertEqual(feed.entries.map(\.title), ["New", "One", "Two"])
        XCTAssertTrue(feed.entries[0].isNavigation)
        XCTAssertEqual(feed.entries[0].links.first?.href, "http://h.example/opds2/new.json")
        XCTAssertEqual(feed.entries[1].id, "urn:isbn:1")
        XCTAssertEqual(feed.entries[1].authors, ["A. Writer"])
        XCTAssertEqual(feed.entries[1].updated, "2026-01-02T00:00:00Z")
        XCTAssertEqual(feed.entries[1].links.first?.href, "http://h.example/files/one.epub")
        XCTAssertEqual(feed.entries[1].links.first?.length, 99)
        XCTAssertEqual(feed.entries[2].authors, ["B", "C"])
        // No identifier: named by its link.
        XCTAssertEqual(feed.entries[2].id, "http://h.example/opds2/two.pdf")
    }

    func testCoversPreferTheThumbnailInAtomAndJSON() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><id>f</id><title>F</title>
              <entry><title>One</title><id>1</id>
                <link rel="http://opds-spec.org/image" type="image/jpeg" href="/big/1.jpg"/>
                <link rel="http://opds-spec.org/image/thumbnail" type="image/jpeg" href="/small/1.jpg"/>
              </entry>
              <entry><title>Two</title><id>2</id></entry>
            </feed>
            """
        let feed = try FeedReader.read(Array(atom.utf8), address: base)
        XCTAssertEqual(feed.entries.map(\.coverAddress), ["http://books.example/small/1.jpg", nil])
        let json = """
            {"metadata": {"title": "L"}, "publications": [
              {"metadata": {"title": "One", "identifier": "1"},
               "images": [{"href": "/big.png", "type": "image/png", "height": 1400},
                          {"href": "/small.png", "type": "image/png", "height": 200}]},
              {"metadata": {"title": "Two", "identifier": "2"}, "images": [{"href": "/only.png", "type": "image/png"}]}]}
            """
        let publications = try FeedReader.read(Array(json.utf8), address: "http://h.example/root.json").entries
        XCTAssertEqual(publications.map(\.coverAddress), ["http://h.example/small.png", "http://h.example/only.png"])
        XCTAssertEqual(publications[0].links.map(\.rel), [CatalogLink.imageRel, CatalogLink.thumbnailRel])
    }

    func testGarbageIsOneLineNamingTheAddress() {
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<20000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let inputs: [[UInt8]] = [garbage, [UInt8(ascii: "<")] + garbage, Array("<html><body>hi</body></html>".utf8),
                                 Array("{\"hello\": 1}".utf8), Array("{not json".utf8), [], Array("<feed><entry>".utf8)]
        for input in inputs {
            XCTAssertThrowsError(try FeedReader.read(input, address: base)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.hasPrefix(base + ": "), text)
                XCTAssertTrue(text.contains("not an OPDS feed"), text)
                XCTAssertFalse(text.contains("\n"), text)
            }
        }
    }

    func testFileNamesFromLinkOrTitle() {
        let entry = CatalogEntry(id: "1", title: "../Moby/Dick:\n a Whale")
        let fromLink = CatalogLink(rel: CatalogLink.acquisitionRel, type: "application/epub+zip", href: "http://h/books/moby%20dick.epub?x=1")
        XCTAssertEqual(BookFileName.name(entry: entry, link: fromLink, fileExtension: "epub"), "moby dick.epub")
        let opaque = CatalogLink(rel: CatalogLink.acquisitionRel, type: "application/epub+zip", href: "http://h/get/epub/1/lib")
        XCTAssertEqual(BookFileName.name(entry: entry, link: opaque, fileExtension: "epub"), "Moby Dick: a Whale.epub")
        let hidden = CatalogLink(rel: CatalogLink.acquisitionRel, type: "application/epub+zip", href: "http://h/..epub")
        XCTAssertEqual(BookFileName.name(entry: CatalogEntry(id: "2", title: "..."), link: hidden, fileExtension: "epub"), "book.epub")
        XCTAssertEqual(BookFileName.unique("a.epub", taken: ["a.epub", "a (2).epub"]), "a (3).epub")
    }
}
