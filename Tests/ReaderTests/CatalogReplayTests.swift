import BookModel
import Devices
import Foundation
import Geometry
import Gestures
import PlainText
import Raster
import TestSupport
import XCTest
@testable import Reader

/// The catalogs through the reader loop as a person uses them: taps on
/// the controls `--describe` lists, replayed in virtual time, from the
/// library into a catalog served on 127.0.0.1, through its pages and a
/// search to a book downloaded into the library.
final class CatalogReplayTests: XCTestCase {
    private var fixture: LibraryFixture?
    private var server: LocalHTTPServer?

    override func tearDown() {
        fixture?.remove()
        server?.stop()
    }

    private static let atom = "application/atom+xml;profile=opds-catalog"

    private static func feed(_ title: String, links: String = "", entries: String) -> String {
        "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><id>urn:test:\(title)</id><title>\(title)</title>"
            + links + entries + "</feed>"
    }

    private static func book(_ file: String, title: String, author: String) -> String {
        "<entry><title>\(title)</title><id>urn:test:\(file)</id><author><name>\(author)</name></author>"
            + "<link rel=\"http://opds-spec.org/acquisition/open-access\" href=\"\(file)\" type=\"text/plain\"/></entry>"
    }

    /// A catalog: a root leading to new books on two pages, a search, and two books.
    private func serveCatalog() throws -> LocalHTTPServer {
        let server: LocalHTTPServer
        do { server = try LocalHTTPServer() } catch { throw XCTSkip(error.description) }
        self.server = server
        try server.put("root.xml", Self.feed("Town library", links:
            "<link rel=\"search\" type=\"application/opensearchdescription+xml\" href=\"search.xml\"/>", entries:
            "<entry><title>New books</title><id>urn:test:new</id><link rel=\"subsection\" href=\"new.xml\" type=\"\(Self.atom)\"/></entry>"))
        try server.put("new.xml", Self.feed("New books", links: "<link rel=\"next\" href=\"new2.xml\" type=\"\(Self.atom)\"/>",
                                            entries: Self.book("tide.txt", title: "The Tide", author: "Ann Shore")))
        try server.put("new2.xml", Self.feed("New books", entries: Self.book("mill.txt", title: "The Mill", author: "Ben Miller")))
        try server.put("search.xml", "<?xml version=\"1.0\"?><OpenSearchDescription xmlns=\"http://a9.com/-/spec/opensearch/1.1/\">"
                       + "<Url type=\"\(Self.atom)\" template=\"results.xml?q={searchTerms}\"/></OpenSearchDescription>")
        try server.put("results.xml", Self.feed("Found", entries: Self.book("mill.txt", title: "The Mill", author: "Ben Miller")))
        try server.put("tide.txt", LibraryFixture.text(title: "THE TIDE", author: "Ann Shore", paragraphs: 400))
        try server.put("mill.txt", LibraryFixture.text(title: "THE MILL", author: "Ben Miller"))
        return server
    }

    private func makeScene(catalogs: [CatalogSource]) throws -> LibraryScene {
        let fixture = try LibraryFixture(books: [("a-emma.txt", "EMMA", "Jane Austen")])
        self.fixture = fixture
        let library = try fixture.library()
        library.catalogSources = catalogs
        library.catalogLimits = CatalogTransfers.Limits(maximumBytes: 10 << 20, totalSeconds: 30, minimumFreeBytes: 0)
        let store = fixture.state
        return LibraryScene(library: library) { path in
            let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                                  font: ReaderSessionTests.font, theme: .light, language: "en")
            return try ReaderSession(book: try Book.open(path: path), path: path, settings: settings, start: .savedPlace,
                                     stateStore: store)
        }
    }

    private var time = 1000.0

    /// A tap on each control named, 1.5 s apart, the loop run to rest after each.
    @discardableResult
    private func tap(_ ids: [String], in scene: LibraryScene) throws -> HeadlessDisplay {
        var display = HeadlessDisplay(width: 800, height: 480)
        for id in ids {
            let control = try XCTUnwrap(scene.library.controls.first { $0.id == id },
                                        "no \(id) on \(scene.screenName): \(scene.library.controls.map(\.id))")
            let (x, y) = (Double(control.rect.x + control.rect.width / 2), Double(control.rect.y + control.rect.height / 2))
            let frames = [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]), TouchFrame(time: time + 60, touches: [])]
            display = HeadlessDisplay(width: 800, height: 480)
            try ReaderLoop(scene: scene, display: display, input: RecordedInput(frames: frames), clock: VirtualClock(start: time)).run()
            time += 1500
        }
        return display
    }

    private func ids(_ scene: LibraryScene) -> [String] { scene.library.controls.map(\.id) }

    private func labels(_ scene: LibraryScene, _ prefix: String) -> [String] {
        scene.library.controls.filter { $0.id.hasPrefix(prefix) }.map(\.label)
    }

    private func status(_ scene: LibraryScene) throws -> String {
        CatalogPainter.status(try XCTUnwrap(scene.library.catalogs), catalog: .english)
    }

    func testBrowsingIntoACatalogAndDownloadingABookIntoTheLibrary() throws {
        let server = try serveCatalog()
        let scene = try makeScene(catalogs: [CatalogSource(name: "Town", address: server.base + "/root.xml")])
        defer { scene.stop() }
        try tap([], in: scene)
        XCTAssertTrue(ids(scene).contains("library.catalogs"), "\(ids(scene))")

        try tap(["library.catalogs"], in: scene)
        XCTAssertEqual(scene.screenName, "catalogs")
        XCTAssertEqual(ids(scene), ["catalog.back", "catalog.source.1"])
        XCTAssertTrue(scene.summary(describing: true).text.contains(#""screen": "catalogs""#), scene.summary(describing: true).text)

        try tap(["catalog.source.1"], in: scene)
        XCTAssertEqual(labels(scene, "catalog.entry."), ["New books"])
        XCTAssertTrue(ids(scene).contains("catalog.search"), "the catalog has a search")
        try tap(["catalog.entry.1"], in: scene)
        XCTAssertEqual(labels(scene, "catalog.entry."), ["The Tide · Ann Shore"])
        XCTAssertTrue(ids(scene).contains("catalog.next"))
        XCTAssertFalse(ids(scene).contains("catalog.previous"))
        try tap(["catalog.next"], in: scene)
        XCTAssertEqual(labels(scene, "catalog.entry."), ["The Mill · Ben Miller"])
        try tap(["catalog.previous"], in: scene)
        XCTAssertEqual(labels(scene, "catalog.entry."), ["The Tide · Ann Shore"])

        try tap(["catalog.entry.1"], in: scene)
        XCTAssertEqual(ids(scene), ["catalog.back", "catalog.download"], "a book chosen offers its download")
        XCTAssertFalse(scene.library.entries.map(\.name).contains("tide.txt"))
        let display = try tap(["catalog.download"], in: scene)
        XCTAssertEqual(try status(scene), "In the library: tide.txt")
        XCTAssertFalse(scene.hasBackgroundWork)
        XCTAssertEqual(scene.library.entries.map(\.name).sorted(), ["a-emma.txt", "tide.txt"], "listed at once")
        XCTAssertEqual(display.screen, scene.library.frame, "the glass shows the catalogs")
        let folder = try FileManager.default.contentsOfDirectory(atPath: fixture?.books ?? "").sorted()
        XCTAssertEqual(folder, ["a-emma.txt", "tide.txt"], "no part left behind")

        try tap(["catalog.back", "catalog.back", "catalog.back", "catalog.back"], in: scene)
        XCTAssertEqual(scene.screenName, "library")
        let book = try XCTUnwrap(scene.library.entries.firstIndex { $0.name == "tide.txt" })
        try tap(["library.book.\(book + 1)"], in: scene)
        XCTAssertEqual(scene.book?.bookPath, (fixture?.books ?? "") + "/tide.txt", "the book downloaded opens")
    }

    func testASearchTypedOnTheKeyboardListsItsResults() throws {
        let server = try serveCatalog()
        let scene = try makeScene(catalogs: [CatalogSource(name: "Town", address: server.base + "/root.xml")])
        defer { scene.stop() }
        try tap(["library.catalogs", "catalog.source.1", "catalog.search"], in: scene)
        XCTAssertTrue(ids(scene).contains("catalog.query"))
        XCTAssertTrue(scene.takesTyping, "a hardware keyboard types into the query")
        try tap(["key.m", "key.i", "key.l", "key.l"], in: scene)
        XCTAssertEqual(scene.library.catalogs?.query, "mill")
        try tap(["key.enter"], in: scene)
        XCTAssertFalse(ids(scene).contains("catalog.query"), "the keyboard goes down")
        XCTAssertEqual(labels(scene, "catalog.entry."), ["The Mill · Ben Miller"])
        XCTAssertEqual(scene.library.catalogs?.browser.level?.query, "mill")
        XCTAssertEqual(CatalogPainter.title(try XCTUnwrap(scene.library.catalogs?.browser), catalog: .english), "Results for “mill”")
    }

    func testAnUnreachableCatalogSaysSoInOneLine() throws {
        let scene = try makeScene(catalogs: [CatalogSource(name: "Nowhere", address: "http://127.0.0.1:1/root.xml")])
        defer { scene.stop() }
        try tap(["library.catalogs", "catalog.source.1"], in: scene)
        XCTAssertEqual(try status(scene), "No connection to http://127.0.0.1:1")
        XCTAssertEqual(ids(scene), ["catalog.back", "catalog.source.1"], "the list of catalogs stays")
        try tap(["catalog.back"], in: scene)
        XCTAssertEqual(scene.screenName, "library")
    }

    private static func book(_ title: String, file: String, thumbnail: String) -> String {
        "<entry><title>\(title)</title><id>urn:test:\(title)</id>"
            + "<link rel=\"http://opds-spec.org/image/thumbnail\" href=\"\(thumbnail)\" type=\"image/png\"/>"
            + "<link rel=\"http://opds-spec.org/acquisition\" href=\"\(file)\" type=\"text/plain\"/></entry>"
    }

    func testEntriesShowTheirCoversAndAPlaceholderForOnesThatCannotBeHad() throws {
        let server = try serveCatalog()
        try PNGWriter.write(PixelBuffer(width: 20, height: 30, fill: 0xD02020), to: server.folder + "/red.png")
        try server.put("broken.png", "not a picture at all")
        try server.put("covers.xml", Self.feed("Covers", entries: Self.book("Red", file: "tide.txt", thumbnail: "red.png")
            + Self.book("Broken", file: "tide.txt", thumbnail: "broken.png")
            + Self.book("Huge", file: "tide.txt", thumbnail: "/endless")))
        let scene = try makeScene(catalogs: [CatalogSource(name: "Covers", address: server.base + "/covers.xml")])
        defer { scene.stop() }
        try tap(["library.catalogs", "catalog.source.1"], in: scene)
        XCTAssertEqual(labels(scene, "catalog.entry."), ["Red", "Broken", "Huge"])
        let screen = try XCTUnwrap(scene.library.catalogs)
        let layout = scene.library.catalogLayout(screen)
        let frame = scene.library.frame
        func colours(_ row: Int) -> Set<UInt32> {
            let box = layout.rowLines(row, offsetY: 0, withCover: true).cover
            return Set((box.y..<box.maxY).flatMap { y in (box.x..<box.maxX).map { x in frame[x, y] & 0xFF_FFFF } })
        }
        XCTAssertTrue(colours(0).contains(0xD02020), "the cover is drawn in its row")
        let placeholder: Set<UInt32> = [scene.library.theme.chrome, scene.library.theme.secondary]
        XCTAssertEqual(colours(1), placeholder, "a damaged picture leaves the placeholder")
        XCTAssertEqual(colours(2), placeholder, "a picture past the size limit leaves the placeholder")
        let title = layout.rowLines(0, offsetY: 0, withCover: true).title
        XCTAssertGreaterThanOrEqual(title.x, layout.rowLines(0, offsetY: 0, withCover: true).cover.maxX, "the title beside it")
        XCTAssertEqual(server.requests.filter { $0.hasPrefix("/endless") }.count, 1, "a failure is not asked for again")
    }

    func testCancelStopsADownloadAndLeavesNoFile() throws {
        let server = try serveCatalog()
        try server.put("slow.txt", LibraryFixture.text(title: "SLOW", author: "Ann Shore", paragraphs: 1000))
        try server.put("slow.xml", Self.feed("Slow", entries: Self.book("trickle/slow.txt", title: "Slow", author: "Ann Shore")))
        let scene = try makeScene(catalogs: [CatalogSource(name: "Slow", address: server.base + "/slow.xml")])
        defer { scene.stop() }
        try tap(["library.catalogs", "catalog.source.1", "catalog.entry.1"], in: scene)
        let screen = try XCTUnwrap(scene.library.catalogs)
        // Started here, not through the loop: in virtual time the loop would wait for the whole book.
        _ = screen.tap(.download, at: Point(x: 0, y: 0), time: time, metrics: scene.library.metrics, catalog: .english)
        XCTAssertEqual(ids(scene), ["catalog.back", "catalog.cancel"], "Cancel in Download's place")
        for _ in 0..<100 where (screen.downloadProgress?.bytes ?? 0) == 0 { usleep(20_000) }
        XCTAssertGreaterThan(screen.downloadProgress?.bytes ?? 0, 0, "the book is arriving")
        // Tapped here too: in virtual time the loop finishes the transfers before it takes a tap.
        let started = Date()
        _ = screen.tap(.cancel, at: Point(x: 0, y: 0), time: time, metrics: scene.library.metrics, catalog: .english)
        screen.finishWork()
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "stopped long before the book was whole")
        _ = scene.library.advance(to: time)
        XCTAssertEqual(ids(scene), ["catalog.back", "catalog.download"], "it may be downloaded again")
        XCTAssertEqual(try status(scene), "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture?.books ?? "").sorted(), ["a-emma.txt"])
        XCTAssertEqual(scene.library.entries.map(\.name), ["a-emma.txt"])
    }
}
