import BookModel
import BookStorage
import Foundation
import Geometry
import PlainText
import XCTest
import Gestures
import Raster
import Scrolling
import Threading
import Typesetting
@testable import Reader

final class ReaderSessionTests: XCTestCase {
    static let font = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

    /// A book of ../shared/books beside the package (tests skip when it is absent).
    static func sharedBook(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/books/\(name)").standardizedFileURL.path
    }

    /// A book long enough for a few hundred small pages.
    static func longBook() throws -> Book {
        let words = ["lamp", "harbour", "evening", "ladder", "window", "street", "quiet", "light", "tide", "boats"]
        let paragraphs = (0..<700).map { index in
            (0..<(30 + index % 11)).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ") + "."
        }
        return Book(text: try BookDecoder.decode(Data(paragraphs.joined(separator: "\n\n").utf8), path: "long.txt"))
    }

    private func session(_ book: Book, width: Int = 400, height: Int = 300, fontSize: Int = 14,
                         start: ReaderSession.Start = .offset(0), store: StateStore? = nil) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: width, height: height, fontSize: fontSize),
                                              font: Self.font, theme: .light)
        return try ReaderSession(book: book, path: "long.txt", settings: settings, start: start, stateStore: store)
    }

    /// Buffers made by the start-up thread become the first page's and the
    /// frame when they fit the page; buffers of another size are left alone
    /// and the session makes its own.
    func testBuffersMadeAtStartUpAreTakenOnlyWhenTheyFit() throws {
        let book = try Self.longBook()
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: Self.font, theme: .light)
        let plain = try session(book)
        plain.compose()
        let expected = plain.frame
        plain.stop()
        XCTAssertTrue(expected.pixels.contains { $0 != settings.theme.background }, "the first page has text")
        for (width, taken) in [(400, 2), (401, 0)] {
            let work = StartupWork()
            let prepared = BufferPreparation(firstPageAndFrameOf: width, height: 300, fill: settings.theme.background, on: work)
            work.start(name: "test start-up")
            let session = try ReaderSession(book: book, path: "long.txt", settings: settings, start: .offset(0),
                                            stateStore: nil, preparedBuffers: prepared)
            session.compose()
            XCTAssertEqual(prepared.takenCount, taken, "prepared \(width) wide")
            XCTAssertTrue(session.frame == expected, "prepared \(width) wide: the first page differs")
            session.stop()
        }
    }

    /// What `ebook-fb render` draws for a page.
    private func rendered(_ book: Book, page: Int, width: Int = 400, height: Int = 300, fontSize: Int = 14,
                          lineBreaking: LineBreaking = .optimal) throws -> PixelBuffer {
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: width, height: height, fontSize: fontSize),
                                        font: Self.font, lineBreaking: lineBreaking)
        var buffer = PixelBuffer(width: width, height: height)
        PagePainter(theme: .light).paint(typesetter.layoutPage(page, of: typesetter.paginate()),
                                         fonts: typesetter.fonts, cache: GlyphCache(), into: &buffer)
        return buffer
    }

    func testAFlickThroughTwoHundredPagesUsesThreeBuffersRecycledAtEachMidpoint() throws {
        let book = try Self.longBook()
        let reader = try session(book)
        defer { reader.stop() }
        reader.pagination.wait { _, complete in complete }
        reader.advance(to: 0)
        XCTAssertGreaterThan(reader.knownPageCount, 200)
        let width = 400.0
        var expectedPage = 0
        var recycles = reader.cache.recycles
        var time = 0.0
        // Move 37 px a frame: every page boundary and midpoint is crossed.
        var x = 0.0
        while x < width * 200 {
            x += 37
            time += 16
            reader.controller.scrollView.contentOffset = Point(x: x, y: 0)
            reader.cache.waitForRenderAhead()
            reader.advance(to: time)
            reader.compose() // the offset was set directly, not through a drag
            let page = Int(((x + width / 2) / width).rounded(.down))
            if page != expectedPage {
                XCTAssertEqual(page, expectedPage + 1, "pages are shown in order")
                expectedPage = page
                // The first move fills the third buffer; every later one recycles one.
                XCTAssertEqual(reader.cache.recycles, recycles + (page == 1 ? 0 : 1), "recycled at the midpoint")
                recycles = reader.cache.recycles
            } else {
                XCTAssertEqual(reader.cache.recycles, recycles, "no recycling between midpoints at x=\(x)")
            }
            XCTAssertEqual(reader.controller.currentPage, page)
            // The buffers hold exactly the page and its neighbours: only those are given out.
            reader.cache.waitForRenderAhead()
            let held = (page - 3...page + 3).filter { reader.cache.withPage($0, pagination: reader.knownPages) { _ in } != nil }
            XCTAssertEqual(held, [page - 1, page, page + 1].filter { $0 >= 0 })
        }
        XCTAssertEqual(reader.cache.allocatedBuffers, 3)
        XCTAssertEqual(reader.cache.stalls, 0)
    }

    private func flick(from start: Double, time: Double) -> [TouchFrame] {
        var frames = (0...10).map { step in
            TouchFrame(time: time + Double(step) * 8, touches: [Touch(id: Int(time), x: start - Double(step) * 40, y: 150)])
        }
        frames.append(TouchFrame(time: time + 88, touches: []))
        return frames
    }

    func testTheFrameAfterAFlickIsTheNextPageAsRenderedAlone() throws {
        let book = try Self.longBook()
        let reader = try session(book)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(flick(from: 350, time: 1000))
        XCTAssertEqual(reader.currentPage, 1)
        XCTAssertEqual(reader.frame, try rendered(book, page: 1))
        XCTAssertEqual(reader.cache.stalls, 0)
    }

    func testDoubleTapShowsTheZoomedRegionDrawnSharp() throws {
        let book = try Self.longBook()
        let reader = try session(book)
        defer { reader.stop() }
        let taps = [TouchFrame(time: 0, touches: [Touch(id: 1, x: 200, y: 150)]), TouchFrame(time: 40, touches: []),
                    TouchFrame(time: 150, touches: [Touch(id: 2, x: 200, y: 150)]), TouchFrame(time: 190, touches: [])]
        try HeadlessRun(session: reader).run(taps)
        XCTAssertEqual(reader.controller.zoomScale, 2, accuracy: 0.001)
        // The same page laid out once, its glyphs rasterised at twice the size.
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 400, height: 300, fontSize: 14), font: Self.font)
        var sharp = PixelBuffer(width: 400, height: 300)
        PagePainter(theme: .light).paint(typesetter.layoutPage(0, of: typesetter.paginate()), fonts: typesetter.fonts,
                                         scaled: try ScaledFontFaces(scale: 2), originX: 100, originY: 75,
                                         cache: GlyphCache(), into: &sharp)
        XCTAssertEqual(reader.frame, sharp)
        // And it is not the page buffer magnified.
        var magnified = PixelBuffer(width: 400, height: 300)
        var compositor = Compositor(width: 400, height: 300, background: Theme.light.background)
        compositor.composeMagnified(try rendered(book, page: 0), scale: 2, offsetX: 200, offsetY: 150, into: &magnified)
        XCTAssertNotEqual(reader.frame, magnified)
    }

    func testFontSizeChangeKeepsTheFirstCharacterOnScreen() throws {
        let book = try Self.longBook()
        let reader = try session(book, start: .page(40))
        defer { reader.stop() }
        reader.advance(to: 0)
        let first = reader.currentOffset
        try reader.setFontSize(20)
        reader.advance(to: 16)
        let page = reader.knownPages.pages[reader.currentPage]
        XCTAssertTrue(page.start <= first && first < page.end, "offset \(first) on page \(page)")
        XCTAssertEqual(reader.cache.allocatedBuffers, 3)
    }

    func testThePositionIsSavedWhenAPageSettlesAndResumed() throws {
        let book = try Self.longBook()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = StateStore(directory: directory)
        let reader = try session(book, store: store)
        try HeadlessRun(session: reader).run(flick(from: 350, time: 0) + flick(from: 350, time: 2000))
        XCTAssertEqual(reader.currentPage, 2)
        let saved = store.savedOffset(for: book)
        XCTAssertEqual(saved.offset, reader.currentOffset)
        reader.stop()
        let resumed = try session(book, start: .offset(saved.offset ?? -1), store: store)
        defer { resumed.stop() }
        XCTAssertEqual(resumed.currentPage, 2)
        let fromSavedPlace = try session(book, start: .savedPlace, store: store)
        defer { fromSavedPlace.stop() }
        XCTAssertEqual(fromSavedPlace.currentPage, 2)
        XCTAssertEqual(fromSavedPlace.drainWarnings(), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).count, 1, "no temporary files")
    }

    /// With no saved place a book opens at the page holding its body, past
    /// a Project Gutenberg header.
    func testAFirstOpenStartsAfterTheGutenbergHeader() throws {
        let header = (1...40).map { "Header line \($0) of the Project Gutenberg licence and notes." }.joined(separator: "\n\n")
        let body = try Self.longBook().text.utf8
        let text = "Title: Test\n\n" + header + "\n\n*** START OF THE PROJECT GUTENBERG EBOOK TEST ***\n\n"
            + String(decoding: body, as: UTF8.self)
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "headed.txt"))
        XCTAssertGreaterThan(book.metadata.bodyStart, 0)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reader = try session(book, start: .savedPlace, store: StateStore(directory: directory))
        defer { reader.stop() }
        XCTAssertGreaterThan(reader.currentPage, 0)
        XCTAssertEqual(reader.currentOffset, book.metadata.bodyStart)
    }

    /// A book whose paragraphs came from a snapshot keeps its place under
    /// the same key as the book cut afresh: the hash of its text.
    func testABookFromItsStructureSnapshotKeepsItsPlaceUnderTheSameKey() throws {
        let cut = try Self.longBook()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-structures-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let structures = BookStructureStore(directory: folder)
        _ = structures.book(of: cut.text)
        let snapshotted = structures.book(of: cut.text)
        XCTAssertNotNil(snapshotted.textHash)
        XCTAssertEqual(StateStore.key(of: snapshotted), StateStore.contentHash(of: cut.text.utf8))
        XCTAssertEqual(StateStore.key(of: snapshotted), StateStore.key(of: cut))
    }

    func testACorruptOrForeignStateFileIsIgnoredWithAWarning() throws {
        let book = try Self.longBook()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-state-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = StateStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = store.path(forBook: StateStore.contentHash(of: book.text.utf8))
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([0x00, 0xFF, 0x7B])))
        let result = store.savedOffset(for: book)
        XCTAssertNil(result.offset)
        XCTAssertTrue(result.warning?.contains(path) ?? false)
        let reader = try session(book, start: .savedPlace, store: store)
        defer { reader.stop() }
        XCTAssertEqual(reader.currentPage, 0)
        XCTAssertTrue(reader.drainWarnings().contains { $0.contains(path) })
    }

    func testAnUnwritableStateDirectoryWarnsAndLosesNothingElse() throws {
        let book = try Self.longBook()
        let store = StateStore(directory: "/proc/ebook-fb-cannot-write-here")
        let reader = try session(book, store: store)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(flick(from: 350, time: 0))
        XCTAssertEqual(reader.currentPage, 1)
        XCTAssertTrue(reader.drainWarnings().contains { $0.contains("/proc/ebook-fb-cannot-write-here") })
    }

    /// The reader sets its pages with the line breaking it is given, as
    /// `render --line-breaking` does.
    func testTheReaderBreaksLinesAsItsSettingsSay() throws {
        let book = try Self.longBook()
        let greedy = try rendered(book, page: 4, lineBreaking: .greedy)
        XCTAssertTrue(greedy != (try rendered(book, page: 4)), "greedy and optimal differ on this page")
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: Self.font, theme: .light, lineBreaking: .greedy)
        let reader = try ReaderSession(book: book, path: "long.txt", settings: settings, start: .page(4), stateStore: nil)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run([])
        XCTAssertEqual(reader.currentPage, 4)
        XCTAssertTrue(reader.frame == greedy, "the reader's page 5 is not the greedy page")
    }

    /// Opened at a page, a flick right away turns to the next page without
    /// a stall, and the same way every time.
    func testAFlickRightAfterOpeningAtAPageTurnsWithoutAStall() throws {
        let book = try Self.longBook()
        for _ in 0..<3 {
            let reader = try session(book, start: .page(9))
            try HeadlessRun(session: reader).run(flick(from: 350, time: 0))
            XCTAssertEqual(reader.currentPage, 10)
            XCTAssertEqual(reader.cache.stalls, 0)
            reader.stop()
        }
    }
}
