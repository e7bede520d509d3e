import Catalogs
import Foundation
import Network
import TestSupport
import XCTest

final class HTTPClientTests: XCTestCase {
    private var started: LocalHTTPServer?
    private var server: LocalHTTPServer {
        guard let started else { preconditionFailure("setUp starts the server before every test") }
        return started
    }
    private let quick = TransferLimits(maximumBytes: 1 << 20, totalSeconds: 20, connectSeconds: 5, stallSeconds: 2)

    override func setUpWithError() throws { started = try startServer() }
    override func tearDown() { started?.stop() }

    func testBasicAuthenticationFromTheAddressGoesToThatServerOnly() throws {
        try server.put("shelf.xml", acquisitionFeed([("a.txt", "2026-01-01T00:00:00Z")]))
        let address = "http://kiosk:s3cret@127.0.0.1:\(server.port)/private/shelf.xml"
        let client = HTTPClient(credentialsOf: try WebAddress(address))
        let feed = try CatalogReader(client: client).page(address)
        XCTAssertEqual(feed.entries.map(\.id), ["urn:test:a.txt"])
        // A link on the same server is fetched with the catalog's credentials.
        let response = try client.get("\(server.base)/private/shelf.xml", limits: quick)
        XCTAssertEqual(response.status, 200)

        XCTAssertThrowsError(try HTTPClient().get("\(server.base)/private/shelf.xml", limits: quick)) { error in
            XCTAssertEqual((error as? NetworkError)?.kind, .status(401))
        }
        let wrong = "http://kiosk:wrong@127.0.0.1:\(server.port)/private/shelf.xml"
        XCTAssertThrowsError(try HTTPClient(credentialsOf: try WebAddress(wrong)).get(wrong, limits: quick)) { error in
            let text = "\(error)"
            XCTAssertFalse(text.contains("wrong"), "the password is not shown: \(text)")
            XCTAssertTrue(text.contains("401"), text)
        }
    }

    func testRedirectLoopStops() {
        XCTAssertThrowsError(try HTTPClient().get("\(server.base)/loop", limits: quick)) { error in
            XCTAssertEqual((error as? NetworkError)?.kind, .redirects)
            XCTAssertTrue("\(error)".hasPrefix("\(server.base)/loop: "))
        }
        XCTAssertLessThanOrEqual(server.requests.count, 12)
    }

    func testServerThatNeverAnswersFailsAfterTheStallTime() {
        let start = Date()
        XCTAssertThrowsError(try HTTPClient().get("\(server.base)/slow", limits: quick)) { error in
            XCTAssertEqual((error as? NetworkError)?.kind, .timedOut)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testSizeLimitStopsAnEndlessBody() {
        XCTAssertThrowsError(try HTTPClient().get("\(server.base)/endless", limits: quick)) { error in
            XCTAssertEqual((error as? NetworkError)?.kind, .tooLarge)
            XCTAssertTrue("\(error)".contains("limit of 1 MB"), "\(error)")
        }
    }

    func testResumeAsksForTheRestWithARange() throws {
        let book = sampleBook("Resumed", paragraphs: 400)
        try server.put("book.txt", book)
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.path + "/part"
        let half = Array(book.utf8).prefix(book.utf8.count / 2)
        FileManager.default.createFile(atPath: path, contents: Data(half))
        let result = try HTTPClient().download("\(server.base)/book.txt", to: path, limits: quick, resume: true)
        guard case let .complete(file) = result else { return XCTFail("not complete: \(result)") }
        XCTAssertEqual(file.resumedFrom, half.count)
        XCTAssertEqual(file.bytes, book.utf8.count)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data(book.utf8))
        XCTAssertTrue(server.requests.last?.contains("range=bytes=\(half.count)-") == true, "\(server.requests)")

        // The ETag it came with makes the next request conditional: nothing is sent again.
        let again = try HTTPClient().download("\(server.base)/book.txt", to: folder.path + "/other", limits: quick,
                                              unlessMatching: file.validators)
        XCTAssertEqual(again, .notModified)
    }

    func testWithoutResumeAPartIsStartedAgain() throws {
        let book = sampleBook("Whole")
        try server.put("book.txt", book)
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.path + "/part"
        FileManager.default.createFile(atPath: path, contents: Data("stale bytes".utf8))
        _ = try HTTPClient().download("\(server.base)/book.txt", to: path, limits: quick)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data(book.utf8))
        XCTAssertTrue(server.requests.last?.contains("range=None") == true)
    }

    func testAddressesOtherThanHTTPAreRefused() {
        for address in ["file:///etc/passwd", "ftp://h/x", "no address", "http://"] {
            XCTAssertThrowsError(try HTTPClient().get(address, limits: quick)) { error in
                XCTAssertEqual((error as? NetworkError)?.kind, .badAddress, address)
            }
        }
    }

    func testCredentialsAreNeverShown() throws {
        let address = try WebAddress("https://user:p%40ss@Host.Example:443/opds?x=1")
        XCTAssertEqual(address.text, "https://Host.Example:443/opds?x=1")
        XCTAssertEqual(address.origin, "https://host.example")
        XCTAssertEqual(address.credentials, WebCredentials(user: "user", password: "p@ss"))
    }

    func testACancelStopsATransferThatReceivesNothing() {
        let cancellation = TransferCancellation()
        let started = Date()
        Thread.detachNewThread {
            usleep(200_000)
            cancellation.cancel()
        }
        XCTAssertThrowsError(try HTTPClient().get("\(server.base)/slow", limits: quick, cancellation: cancellation)) { error in
            XCTAssertEqual((error as? NetworkError)?.kind, .cancelled, "\(error)")
        }
        // The server would answer after 30 s, the stall limit gives up after 2: the cancel came first.
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.8)
    }
}
