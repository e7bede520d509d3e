import Catalogs
import Foundation
import Network
import TestSupport
import XCTest

final class BookDownloadTests: XCTestCase {
    private var started: LocalHTTPServer?
    private var server: LocalHTTPServer {
        guard let started else { preconditionFailure("setUp starts the server before every test") }
        return started
    }

    override func setUpWithError() throws { started = try startServer() }
    override func tearDown() { started?.stop() }

    private func downloader(maximumBytes: Int = 10 << 20, minimumFree: Int = 0) -> BookDownload {
        BookDownload(client: HTTPClient(), maximumBytes: maximumBytes, totalSeconds: 20, minimumFreeBytes: minimumFree)
    }

    private func link(_ name: String, type: String = "text/plain") -> CatalogLink {
        CatalogLink(rel: CatalogLink.acquisitionRel, type: type, href: "\(server.base)/\(name)")
    }

    func testABookArrivesUnderItsNameAndNothingElse() throws {
        try server.put("river.txt", sampleBook("River"))
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let outcome = try downloader().fetch(link("river.txt"), kind: .text, into: folder.path + "/new", as: "river.txt")
        guard case let .fetched(fetched) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(fetched.name, "river.txt")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new"), ["river.txt"])
        // A second one of the same name does not replace the first.
        let second = try downloader().fetch(link("river.txt"), kind: .text, into: folder.path + "/new", as: "river.txt")
        guard case let .fetched(again) = second else { return XCTFail("\(second)") }
        XCTAssertEqual(again.name, "river (2).txt")
    }

    func testTooLargeLeavesNothingBehind() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        XCTAssertThrowsError(try downloader(maximumBytes: 1 << 20).fetch(link("endless"), kind: .text, into: folder.path, as: "x.txt",
                                                                         keepPartial: true)) { error in
            XCTAssertTrue("\(error)".contains("larger than the limit of 1 MB"), "\(error)")
        }
        XCTAssertEqual(folder.entries, [])
    }

    func testFreeSpaceReserveIsKept() throws {
        try server.put("river.txt", sampleBook("River"))
        let folder = try ScratchFolder()
        defer { folder.remove() }
        XCTAssertThrowsError(try downloader(minimumFree: Int.max / 2).fetch(link("river.txt"), kind: .text, into: folder.path,
                                                                            as: "river.txt")) { error in
            XCTAssertTrue("\(error)".contains("kept free"), "\(error)")
        }
        XCTAssertEqual(folder.entries, [])
    }

    func testWhatDoesNotOpenAsTheOfferedBookIsNotKept() throws {
        try server.put("fake.epub", "<html><body>Sign in first</body></html>")
        let folder = try ScratchFolder()
        defer { folder.remove() }
        XCTAssertThrowsError(try downloader().fetch(link("fake.epub", type: "application/epub+zip"), kind: .epub,
                                                    into: folder.path, as: "fake.epub")) { error in
            XCTAssertTrue("\(error)".contains("not kept"), "\(error)")
        }
        XCTAssertEqual(folder.entries, [])
    }

    func testABrokenTransferIsKeptAndResumed() throws {
        let book = sampleBook("Cut", paragraphs: 300)
        try server.put("cut.txt", book)
        try server.put("cut", "")
        let folder = try ScratchFolder()
        defer { folder.remove() }
        XCTAssertThrowsError(try downloader().fetch(link("cut.txt"), kind: .text, into: folder.path, as: "cut.txt", keepPartial: true))
        let partial = BookDownload.temporaryName(for: link("cut.txt"), version: nil)
        XCTAssertEqual(folder.entries, [partial])
        _ = try downloader().fetch(link("cut.txt"), kind: .text, into: folder.path, as: "cut.txt", keepPartial: true)
        XCTAssertEqual(folder.entries, ["cut.txt"])
        XCTAssertEqual(FileManager.default.contents(atPath: folder.path + "/cut.txt"), Data(book.utf8))
        XCTAssertTrue(server.requests.last?.contains("range=bytes=\(book.utf8.count / 2)-") == true, "\(server.requests)")
    }

    func testABrokenTransferLeavesNothingUnlessAsked() throws {
        try server.put("cut.txt", sampleBook("Cut", paragraphs: 300))
        try server.put("cut", "")
        let folder = try ScratchFolder()
        defer { folder.remove() }
        XCTAssertThrowsError(try downloader().fetch(link("cut.txt"), kind: .text, into: folder.path, as: "cut.txt"))
        XCTAssertEqual(folder.entries, [])
    }

    func testACancelledDownloadStopsPromptlyAndLeavesNothing() throws {
        // Sent a kilobyte every tenth of a second: whole, it would take many seconds.
        try server.put("slow.txt", sampleBook("Slow", paragraphs: 1000))
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let cancellation = TransferCancellation()
        let started = Date()
        XCTAssertThrowsError(try downloader().fetch(link("trickle/slow.txt"), kind: .text, into: folder.path, as: "slow.txt",
                                                    keepPartial: true, progress: { _ in cancellation.cancel() },
                                                    cancellation: cancellation)) { error in
            XCTAssertTrue((error as? CatalogError)?.isCancelled == true, "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "stopped at the next piece, not at the end")
        XCTAssertEqual(folder.entries, [], "not even a part to resume")
    }
}
