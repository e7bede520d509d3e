import Catalogs
import XCTest
@testable import Reader

/// The catalogs' browsing as plain state: which page each move fetches,
/// paging through pages reached before without fetching again, Back one
/// step at a time, and results of abandoned moves dropped.
final class CatalogBrowserTests: XCTestCase {
    private let sources = [CatalogSource(name: "Town", address: "http://127.0.0.1:9/root.xml"),
                           CatalogSource(name: "Staff", address: "http://127.0.0.1:9/staff.xml")]

    private func book(_ id: String) -> CatalogEntry {
        CatalogEntry(id: id, title: "Book \(id)", authors: ["A. Writer"],
                     links: [CatalogLink(rel: CatalogLink.acquisitionRel, type: "application/epub+zip", href: "http://127.0.0.1:9/\(id).epub")])
    }

    private func shelf(_ id: String, href: String) -> CatalogEntry {
        CatalogEntry(id: id, title: "Shelf \(id)",
                     links: [CatalogLink(rel: "subsection", type: "application/atom+xml;profile=opds-catalog", href: href)])
    }

    private func feed(_ title: String, _ entries: [CatalogEntry], next: String? = nil, previous: String? = nil) -> CatalogFeed {
        var links: [CatalogLink] = []
        if let next { links.append(CatalogLink(rel: "next", type: "application/atom+xml", href: next)) }
        if let previous { links.append(CatalogLink(rel: "previous", type: "application/atom+xml", href: previous)) }
        return CatalogFeed(title: title, links: links, entries: entries)
    }

    func testACatalogOpensAtItsRootAndANavigationEntryLeadsInside() throws {
        var browser = CatalogBrowser(sources: sources)
        XCTAssertNil(browser.level, "the list of catalogs shows first")
        let root = try XCTUnwrap(browser.open(source: 1))
        XCTAssertEqual(root.address, "http://127.0.0.1:9/staff.xml")
        XCTAssertEqual(root.move, .enter(title: "Staff"))
        XCTAssertTrue(browser.isLoading)
        XCTAssertNil(browser.open(source: 0), "nothing else starts while a page is on its way")
        browser.received(feed("", [shelf("new", href: "http://127.0.0.1:9/new.xml"), book("b1")]), for: root.number)
        XCTAssertEqual(browser.level?.title, "Staff", "an untitled feed keeps the catalog's name")
        XCTAssertEqual(browser.entries.count, 2)

        let inside = try XCTUnwrap(browser.open(entry: 0))
        XCTAssertEqual(inside.address, "http://127.0.0.1:9/new.xml")
        browser.received(feed("New books", [book("b2")]), for: inside.number)
        XCTAssertEqual(browser.levels.map(\.title), ["Staff", "New books"])

        XCTAssertNil(browser.open(entry: 0), "a book is chosen, not fetched")
        XCTAssertEqual(browser.chosen?.id, "b2")
        XCTAssertEqual(browser.back(), .stay)
        XCTAssertNil(browser.chosen)
        XCTAssertEqual(browser.back(), .stay)
        XCTAssertEqual(browser.levels.count, 1)
        XCTAssertEqual(browser.back(), .stay)
        XCTAssertNil(browser.source, "back at the list of catalogs")
        XCTAssertEqual(browser.back(), .leave, "and from there out of the catalogs")
    }

    func testPagesReachedBeforeShowAgainWithoutFetching() throws {
        var browser = CatalogBrowser(sources: sources)
        let root = try XCTUnwrap(browser.open(source: 0))
        browser.received(feed("All", [book("1")], next: "http://127.0.0.1:9/all?page=2"), for: root.number)
        XCTAssertEqual(browser.level?.hasNext, true)
        XCTAssertEqual(browser.level?.hasPrevious, false)
        XCTAssertNil(browser.previous())
        let second = try XCTUnwrap(browser.next())
        XCTAssertEqual(second.address, "http://127.0.0.1:9/all?page=2")
        XCTAssertEqual(second.move, .next)
        browser.received(feed("All", [book("2")]), for: second.number)
        XCTAssertEqual(browser.entries.map(\.id), ["2"])
        XCTAssertEqual(browser.level?.hasNext, false)
        XCTAssertNil(browser.previous(), "the page before was reached already: no fetch")
        XCTAssertEqual(browser.entries.map(\.id), ["1"])
        XCTAssertNil(browser.next(), "nor for the one after")
        XCTAssertEqual(browser.entries.map(\.id), ["2"])
        XCTAssertEqual(browser.level?.addresses, ["http://127.0.0.1:9/root.xml", "http://127.0.0.1:9/all?page=2"])
    }

    func testAFeedEnteredInTheMiddleFetchesItsPreviousPage() throws {
        var browser = CatalogBrowser(sources: sources)
        let root = try XCTUnwrap(browser.open(source: 0))
        browser.received(feed("All", [book("2")], previous: "http://127.0.0.1:9/all?page=1"), for: root.number)
        let before = try XCTUnwrap(browser.previous())
        XCTAssertEqual(before.move, .previous)
        browser.received(feed("All", [book("1")]), for: before.number)
        XCTAssertEqual(browser.level?.shown, 0)
        XCTAssertEqual(browser.entries.map(\.id), ["1"])
        XCTAssertEqual(browser.level?.hasNext, true, "the page it came from is after it")
    }

    func testAnAbandonedPageIsDroppedWhenItArrives() throws {
        var browser = CatalogBrowser(sources: sources)
        let root = try XCTUnwrap(browser.open(source: 0))
        XCTAssertEqual(browser.back(), .stay, "Back abandons the page on its way")
        XCTAssertFalse(browser.isLoading)
        browser.received(feed("Late", [book("1")]), for: root.number)
        XCTAssertNil(browser.level, "the late page is not shown")
        let again = try XCTUnwrap(browser.open(source: 0))
        XCTAssertNotEqual(again.number, root.number)
        browser.failed(CatalogError(place: "http://127.0.0.1:9/root.xml", problem: "late"), for: root.number)
        XCTAssertNil(browser.failure, "nor its failure")
        XCTAssertTrue(browser.isLoading)
    }

    func testARootThatFailsLeavesTheListOfCatalogsWithTheReason() throws {
        var browser = CatalogBrowser(sources: sources)
        let root = try XCTUnwrap(browser.open(source: 0))
        var error = CatalogError(place: "http://127.0.0.1:9/root.xml", problem: "cannot connect")
        error.isUnreachable = true
        browser.failed(error, for: root.number)
        XCTAssertNil(browser.source)
        XCTAssertEqual(browser.failure, error)
        XCTAssertNotNil(browser.open(source: 0), "it can be tried again")
        XCTAssertNil(browser.failure, "a new try clears the reason")
    }

    func testSearchResultsAreALevelOfTheirOwn() throws {
        var browser = CatalogBrowser(sources: sources)
        let link = CatalogLink(rel: "search", type: "application/atom+xml", href: "http://127.0.0.1:9/search?q={searchTerms}")
        XCTAssertNil(browser.search(link: link, query: "tide"), "nothing to search before a catalog is open")
        let root = try XCTUnwrap(browser.open(source: 0))
        browser.received(CatalogFeed(title: "Root", links: [link], entries: [book("1")]), for: root.number)
        XCTAssertEqual(browser.level?.feed.search, link)
        let search = try XCTUnwrap(browser.search(link: link, query: "tide"))
        XCTAssertEqual(search.move, .search(link: link, query: "tide"))
        browser.received(feed("Search results", [book("7")]), for: search.number)
        XCTAssertEqual(browser.level?.query, "tide")
        XCTAssertEqual(browser.levels.count, 2)
        _ = browser.back()
        XCTAssertEqual(browser.level?.title, "Root")
    }
}
