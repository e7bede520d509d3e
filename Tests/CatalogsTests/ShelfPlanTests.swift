import Catalogs
import LinuxSystem
import Network
import XCTest

final class ShelfPlanTests: XCTestCase {
    private func entry(_ name: String, updated: String? = "2026-01-01T00:00:00Z", type: String = "application/epub+zip",
                       length: Int? = nil) -> CatalogEntry {
        CatalogEntry(id: "urn:\(name)", title: name, updated: updated,
                     links: [CatalogLink(rel: CatalogLink.acquisitionRel, type: type, href: "http://h/\(name).epub", length: length)])
    }

    private func book(_ name: String, updated: String? = "2026-01-01T00:00:00Z", etag: String? = nil, length: Int? = nil) -> ShelfBook {
        ShelfBook(entryID: "urn:\(name)", file: "\(name).epub", href: "http://h/\(name).epub", updated: updated,
                  validators: HTTPValidators(etag: etag), length: length, size: 100, modified: 7)
    }

    private let asLeft = FileStatus(isRegularFile: true, size: 100, modified: 7)

    func testNewBooksAreAddedUnderFreeNames() {
        let plan = ShelfPlan.make(entries: [entry("a"), entry("b")], record: [],
                                  folder: ["a.epub": FileStatus(isRegularFile: true, size: 5, modified: 1)])
        XCTAssertEqual(plan.actions.map(\.summary), ["add urn:a as a (2).epub", "add urn:b as b.epub"])
    }

    func testUnchangedKeptChangedReplacedGoneRemoved() {
        let plan = ShelfPlan.make(entries: [entry("same"), entry("newer", updated: "2026-02-01T00:00:00Z")],
                                  record: [book("same"), book("newer"), book("gone")],
                                  folder: ["same.epub": asLeft, "newer.epub": asLeft, "gone.epub": asLeft, "mine.txt": asLeft])
        XCTAssertEqual(plan.actions.map(\.summary), ["remove gone.epub", "keep same.epub", "replace newer.epub as newer.epub"])
    }

    func testAChangedSizeInTheFeedReplaces() {
        let plan = ShelfPlan.make(entries: [entry("a", length: 200)], record: [book("a", length: 150)], folder: ["a.epub": asLeft])
        XCTAssertEqual(plan.actions.map(\.summary), ["replace a.epub as a.epub"])
        let same = ShelfPlan.make(entries: [entry("a", length: 150)], record: [book("a", length: 150)], folder: ["a.epub": asLeft])
        XCTAssertEqual(same.actions.map(\.summary), ["keep a.epub"])
    }

    func testWithoutADateTheETagIsAsked() {
        let plan = ShelfPlan.make(entries: [entry("a", updated: nil)], record: [book("a", updated: nil, etag: "\"1\"")],
                                  folder: ["a.epub": asLeft])
        XCTAssertEqual(plan.actions.map(\.summary), ["revalidate a.epub"])
    }

    func testBooksChangedOrDeletedByHandAreNoLongerTheSyncs() {
        let touched = FileStatus(isRegularFile: true, size: 100, modified: 8)
        let plan = ShelfPlan.make(entries: [entry("deleted")], record: [book("edited"), book("deleted")],
                                  folder: ["edited.epub": touched])
        // The edited file is left alone; the deleted one comes back.
        XCTAssertEqual(plan.actions.map(\.summary), ["forget edited.epub", "forget deleted.epub", "add urn:deleted as deleted.epub"])
    }

    func testABookOpenInTheReaderWaits() {
        let plan = ShelfPlan.make(entries: [entry("open", updated: "2026-03-01T00:00:00Z")], record: [book("open"), book("gone")],
                                  folder: ["open.epub": asLeft, "gone.epub": asLeft], inUse: ["open.epub", "gone.epub"])
        XCTAssertEqual(plan.actions.map(\.summary), ["keep open.epub", "keep gone.epub"])
    }

    func testARemovedBooksNameIsFreeForANewOne() {
        let newcomer = CatalogEntry(id: "urn:new", title: "new", updated: nil,
                                    links: [CatalogLink(rel: CatalogLink.acquisitionRel, type: "application/epub+zip", href: "http://h/old.epub")])
        let plan = ShelfPlan.make(entries: [newcomer], record: [book("old")], folder: ["old.epub": asLeft])
        XCTAssertEqual(plan.actions.map(\.summary), ["remove old.epub", "add urn:new as old.epub"])
    }

    func testEntriesWithoutAReadableFileAreLeftOut() {
        let plan = ShelfPlan.make(entries: [entry("mobi", type: "application/x-mobipocket-ebook"), entry("ok")], record: [], folder: [:])
        XCTAssertEqual(plan.actions.map(\.summary), ["add urn:ok as ok.epub"])
        XCTAssertEqual(plan.unusableEntries, ["urn:mobi"])
    }
}

extension ShelfPlan.Action {
    var summary: String {
        switch self {
        case let .add(download): "add \(download.entryID) as \(download.file)"
        case let .replace(book, download): "replace \(book.file) as \(download.file)"
        case let .revalidate(book, _): "revalidate \(book.file)"
        case let .remove(book): "remove \(book.file)"
        case let .keep(book): "keep \(book.file)"
        case let .forget(book): "forget \(book.file)"
        }
    }
}
