import Catalogs
import Foundation
import Network
import TestSupport
import XCTest

final class ShelfSyncTests: XCTestCase {
    private var started: LocalHTTPServer?
    private var server: LocalHTTPServer {
        guard let started else { preconditionFailure("setUp starts the server before every test") }
        return started
    }

    override func setUpWithError() throws { started = try startServer() }
    override func tearDown() { started?.stop() }

    private func sync(_ folder: ScratchFolder, state: ScratchFolder, feed: String = "shelf.xml") throws -> ShelfSummary {
        let client = HTTPClient()
        let download = BookDownload(client: client, maximumBytes: 10 << 20, totalSeconds: 20, minimumFreeBytes: 0)
        var warnings: [String] = []
        let summary = try ShelfSync(catalog: "\(server.base)/\(feed)", folder: folder.path + "/books", stateDirectory: state.path,
                                    client: client, download: download).run { warnings.append($0) }
        XCTAssertEqual(warnings.count, summary.failed, "\(warnings)")
        return summary
    }

    private func names(_ folder: ScratchFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/books")) ?? []).sorted()
    }

    func testTheFolderFollowsTheFeedOverPagesAndHandPutBooksStay() throws {
        let folder = try ScratchFolder(), state = try ScratchFolder()
        defer { folder.remove(); state.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/books", withIntermediateDirectories: true)
        try sampleBook("Mine").write(toFile: folder.path + "/books/mine.txt", atomically: true, encoding: .utf8)
        try sampleBook("Mine too").write(toFile: folder.path + "/books/b.txt", atomically: true, encoding: .utf8)
        for name in ["a", "b", "c"] { try server.put("\(name).txt", sampleBook(name)) }
        try server.put("shelf.xml", acquisitionFeed([("a.txt", "2026-01-01T00:00:00Z")], next: "page2.xml"))
        try server.put("page2.xml", acquisitionFeed([("b.txt", "2026-01-01T00:00:00Z")]))

        var summary = try sync(folder, state: state)
        XCTAssertEqual([summary.added, summary.replaced, summary.removed, summary.kept, summary.failed], [2, 0, 0, 0, 0])
        // b.txt was put there by hand: the feed's b comes in beside it.
        XCTAssertEqual(names(folder), ["a.txt", "b (2).txt", "b.txt", "mine.txt"])

        // a changes, b leaves the feed, c arrives.
        try server.put("a.txt", sampleBook("a, second edition"))
        try server.put("shelf.xml", acquisitionFeed([("a.txt", "2026-02-01T00:00:00Z"), ("c.txt", "2026-01-01T00:00:00Z")]))
        server.remove("page2.xml")
        summary = try sync(folder, state: state)
        XCTAssertEqual([summary.added, summary.replaced, summary.removed, summary.kept, summary.failed], [1, 1, 1, 0, 0])
        XCTAssertEqual(names(folder), ["a.txt", "b.txt", "c.txt", "mine.txt"])
        XCTAssertEqual(try String(contentsOfFile: folder.path + "/books/a.txt", encoding: .utf8), sampleBook("a, second edition"))
        XCTAssertEqual(try String(contentsOfFile: folder.path + "/books/b.txt", encoding: .utf8), sampleBook("Mine too"))

        // Nothing changed: nothing fetched.
        let before = server.requests.count
        summary = try sync(folder, state: state)
        XCTAssertEqual([summary.added, summary.replaced, summary.removed, summary.kept, summary.failed], [0, 0, 0, 2, 0])
        XCTAssertEqual(server.requests.count, before + 1, "only the feed is asked for")
    }

    func testAnUnreachableCatalogTouchesNothing() throws {
        let folder = try ScratchFolder(), state = try ScratchFolder()
        defer { folder.remove(); state.remove() }
        try server.put("a.txt", sampleBook("a"))
        try server.put("shelf.xml", acquisitionFeed([("a.txt", "2026-01-01T00:00:00Z")]))
        _ = try sync(folder, state: state)
        server.remove("shelf.xml")
        XCTAssertThrowsError(try sync(folder, state: state)) { error in
            XCTAssertTrue("\(error)".contains("404"), "\(error)")
        }
        try server.put("shelf.xml", "<html>maintenance</html>")
        XCTAssertThrowsError(try sync(folder, state: state))
        XCTAssertEqual(names(folder), ["a.txt"])
    }

    func testACatalogNobodyAnswersIsTriedAgainAfterEachWaitAndAMissingFeedIsNot() throws {
        let folder = try ScratchFolder(), state = try ScratchFolder()
        defer { folder.remove(); state.remove() }
        let client = HTTPClient()
        let download = BookDownload(client: client, maximumBytes: 10 << 20, totalSeconds: 20, minimumFreeBytes: 0)
        func attempt(_ address: String) -> (pauses: [Double], error: CatalogError?) {
            var pauses: [Double] = []
            let sync = ShelfSync(catalog: address, folder: folder.path + "/books", stateDirectory: state.path, client: client,
                                 download: download, pause: { pauses.append($0) })
            do { _ = try sync.run { _ in }; return (pauses, nil) } catch { return (pauses, error) }
        }
        let missing = attempt("\(server.base)/no-such-feed.xml")
        XCTAssertEqual(missing.pauses, [], "a server that answers is not asked again")
        XCTAssertEqual(missing.error?.isUnreachable, false)
        let base = server.base
        server.stop()
        let closed = attempt("\(base)/shelf.xml")
        XCTAssertEqual(closed.pauses, ShelfSync.unreachableRetryWaits)
        XCTAssertEqual(closed.error?.isUnreachable, true, "\(String(describing: closed.error))")
        XCTAssertEqual(names(folder), [])
    }

    func testABookThatFailsIsCountedAndTheRestArrive() throws {
        let folder = try ScratchFolder(), state = try ScratchFolder()
        defer { folder.remove(); state.remove() }
        try server.put("a.txt", sampleBook("a"))
        try server.put("shelf.xml", acquisitionFeed([("missing.txt", "2026-01-01T00:00:00Z"), ("a.txt", "2026-01-01T00:00:00Z")]))
        let summary = try sync(folder, state: state)
        XCTAssertEqual([summary.added, summary.failed], [1, 1])
        XCTAssertEqual(names(folder), ["a.txt"])
    }
}
