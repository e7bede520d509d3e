import BookModel
import Foundation
import Geometry
import PlainText
import XCTest
import Gestures
import Raster
import Typesetting
@testable import Reader

/// Opening anywhere shows the page at once from its chapter alone; the pages
/// before are found later, and the page index is corrected without moving
/// the picture. The background pagination is held (`.onDemand`) so
/// each test decides when it runs; time is explicit.
final class ChapterResumeTests: XCTestCase {
    private static let font = ReaderSessionTests.font
    private static let small = PageGeometry(width: 400, height: 300, fontSize: 14)

    /// Twelve chapters of about ten small pages each.
    static func chapterBook() throws -> Book {
        let words = ["lamp", "harbour", "evening", "ladder", "window", "street", "quiet", "light", "tide", "boats"]
        var text = ""
        for chapter in 1...12 {
            text += "CHAPTER \(chapter).\n\n"
            for index in 0..<24 {
                let count = 25 + (index * 7 + chapter) % 19
                text += (0..<count).map { words[($0 * 3 + index + chapter) % words.count] }.joined(separator: " ") + ".\n\n"
            }
        }
        return Book(text: try BookDecoder.decode(Data(text.utf8), path: "chapters.txt"))
    }

    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-chapters-\(UUID())").path
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func session(_ book: Book, geometry: PageGeometry = small, at offset: Int,
                         store: StateStore? = nil) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: geometry, font: Self.font, theme: .light, pagination: .onDemand)
        return try ReaderSession(book: book, path: "chapters.txt", settings: settings, start: .offset(offset),
                                 stateStore: store)
    }

    /// The whole book paginated at once, and a page of it drawn as `ebook-fb render` does.
    private struct Reference {
        let typesetter: Typesetter
        let pagination: Pagination

        init(_ book: Book, geometry: PageGeometry) throws {
            typesetter = try Typesetter(book: book, geometry: geometry, font: ReaderSessionTests.font)
            pagination = typesetter.paginate()
        }

        func page(holding offset: Int) -> Int { pagination.pageIndex(containing: offset) }

        func rendered(_ page: Int) -> PixelBuffer {
            var buffer = PixelBuffer(width: typesetter.geometry.width, height: typesetter.geometry.height)
            PagePainter(theme: .light).paint(typesetter.layoutPage(page, of: pagination), fonts: typesetter.fonts,
                                             cache: GlyphCache(), into: &buffer)
            return buffer
        }
    }

    /// The rows above the footer (which numbers the page, "~N" while estimated).
    private func body(_ buffer: PixelBuffer, _ geometry: PageGeometry) -> ArraySlice<UInt32> {
        buffer.pixels[0..<((geometry.height - geometry.marginBottom) * buffer.stride)]
    }

    /// Frames every 16 ms from `time` while the view moves; returns the last frame's time.
    @discardableResult
    private func frames(_ reader: ReaderSession, from time: Double) -> Double {
        var now = time
        repeat {
            now += 16
            reader.cache.waitForRenderAhead()
            reader.advance(to: now)
        } while reader.controller.isAnimating && now < time + 5000
        // At rest on the glass, as the reader loop would say: the moment a position is saved.
        if !reader.controller.isAnimating { reader.didShowRestingFrame() }
        return now
    }

    /// A finger down at `x` moving `distance` px (negative: to the left, the next page) over ten 8 ms steps.
    private func drag(_ reader: ReaderSession, at time: Double, from x: Double, by distance: Double, lift: Bool = true) -> Double {
        var now = time
        reader.handle([GestureEvent(time: now, kind: .fingerDown(id: 1, at: Point(x: x, y: 150)))])
        for step in 1...10 {
            now += 8
            let point = Point(x: x + distance * Double(step) / 10, y: 150)
            reader.handle([GestureEvent(time: now, kind: .fingerMoved(id: 1, to: point))])
            reader.cache.waitForRenderAhead()
            reader.advance(to: now)
        }
        if lift { reader.handle([GestureEvent(time: now, kind: .fingerUp(id: 1, at: Point(x: x + distance, y: 150)))]) }
        return now
    }

    private func flick(_ reader: ReaderSession, at time: Double, forward: Bool) -> Double {
        frames(reader, from: drag(reader, at: time, from: forward ? 350 : 50, by: forward ? -300 : 300))
    }

    func testResumingAtNinetyPercentOfWarAndPeaceShowsThePageAFullPaginationWould() throws {
        let path = ReaderSessionTests.sharedBook("en_war_and_peace_2600-0.txt")
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) is not present") }
        let book = try Book.open(path: path)
        let geometry = PageGeometry(width: 1280, height: 800)
        let offset = book.text.scalarCount * 9 / 10
        let store = StateStore(directory: directory)
        let reader = try session(book, geometry: geometry, at: offset, store: store)
        defer { reader.stop() }
        reader.advance(to: 0)
        let reference = try Reference(book, geometry: geometry)
        let page = reference.page(holding: offset)
        XCTAssertEqual(reader.currentOffset, reference.pagination.pages[page].start)
        XCTAssertFalse(reader.pageNumbersAreExact)
        XCTAssertEqual(Double(reader.pageIndexInBook), Double(page), accuracy: Double(page) * 0.05, "the estimate")
        XCTAssertLessThan(reader.knownPageCount, 60, "only a chapter or two were paginated")
        XCTAssertEqual(body(reader.frame, geometry), body(reference.rendered(page), geometry))
        XCTAssertTrue(reader.knownPages.footer(forPage: reader.currentPage, of: book).hasPrefix("~"))

        // The next page, and its place saved as the start of that page.
        try reader.handle(.nextPage, at: 100)
        frames(reader, from: 100)
        XCTAssertEqual(reader.currentOffset, reference.pagination.pages[page + 1].start)
        XCTAssertEqual(store.savedOffset(for: book).offset, reference.pagination.pages[page + 1].start)

        // The rest of the book: the index becomes the book's page number, the picture stays.
        reader.pagination.resume()
        reader.pagination.wait { _, complete in complete }
        reader.cache.waitForRenderAhead()
        reader.advance(to: 2000)
        XCTAssertTrue(reader.pageNumbersAreExact)
        XCTAssertFalse(reader.isPaginating)
        XCTAssertEqual(reader.currentPage, page + 1)
        XCTAssertEqual(reader.knownPages.pages, reference.pagination.pages)
        XCTAssertEqual(reader.frame, reference.rendered(page + 1), "footer included, now exact")
        // The footers drawn again had their ink's columns measured again.
        for held in [page, page + 1, page + 2] {
            let columns = reader.cache.withInkedPage(held, pagination: reader.knownPages) { pixels, ink, columns, _ in
                (columns, InkColumns(measuring: pixels, ink: ink, background: Theme.light.background))
            }
            XCTAssertNotNil(columns?.0, "page \(held) has its columns")
            XCTAssertEqual(columns?.0, columns?.1, "page \(held): the columns are those of its pixels")
        }
        reader.saveNow()
        XCTAssertEqual(store.savedOffset(for: book).offset, reference.pagination.pages[page + 1].start)
    }

    func testFlicksAcrossChapterBoundariesBeforeTheBackgroundHasRun() throws {
        let book = try Self.chapterBook()
        let segments = ChapterSegments(book: book)
        XCTAssertEqual(segments.count, 12)
        let reference = try Reference(book, geometry: Self.small)
        let chapterStart = segments.offsets(of: 6).lowerBound
        let first = reference.page(holding: chapterStart)
        let reader = try session(book, at: chapterStart)
        defer { reader.stop() }
        var time = frames(reader, from: 0)
        XCTAssertEqual(reader.currentOffset, chapterStart)

        // Back into chapter 6, then once more, paginated here as needed.
        for back in 1...2 {
            time = flick(reader, at: time + 100, forward: false)
            XCTAssertEqual(reader.currentOffset, reference.pagination.pages[first - back].start, "back \(back)")
            XCTAssertEqual(body(reader.frame, Self.small), body(reference.rendered(first - back), Self.small))
        }
        // And forward across the boundary and beyond.
        for forward in -1...2 {
            time = flick(reader, at: time + 100, forward: true)
            XCTAssertEqual(reader.currentOffset, reference.pagination.pages[first + forward].start, "forward to \(forward)")
            XCTAssertEqual(body(reader.frame, Self.small), body(reference.rendered(first + forward), Self.small))
        }
        XCTAssertNil(reader.pagination.pages(ofSegment: 0), "the background has not run")
        XCTAssertFalse(reader.pageNumbersAreExact)
        XCTAssertEqual(reader.cache.allocatedBuffers, 3)
        XCTAssertEqual(Array(reader.knownPages.pages[reader.currentPage - 3...reader.currentPage]),
                       Array(reference.pagination.pages[first - 1...first + 2]))
    }

    func testTheCorrectionDuringADragKeepsThePictureAndTheDragGoesOn() throws {
        let book = try Self.chapterBook()
        let segments = ChapterSegments(book: book)
        let reference = try Reference(book, geometry: Self.small)
        let offset = segments.offsets(of: 8).lowerBound + 900
        let page = reference.page(holding: offset)
        let reader = try session(book, at: offset)
        defer { reader.stop() }
        var time = frames(reader, from: 0)
        let before = reader.currentPage
        XCTAssertLessThan(before, page, "counted from the first page known")

        // Half way into a drag towards the next page, the rest of the book becomes known.
        time = drag(reader, at: time + 100, from: 300, by: -150, lift: false)
        let picture = reader.frame
        let offsetX = reader.controller.scrollView.contentOffset.x
        reader.pagination.resume()
        reader.pagination.wait { _, complete in complete }
        reader.cache.waitForRenderAhead()
        reader.advance(to: time + 1)
        XCTAssertTrue(reader.pageNumbersAreExact)
        XCTAssertEqual(reader.currentPage, page)
        XCTAssertEqual(reader.controller.scrollView.contentOffset.x - offsetX, Double((page - before) * Self.small.width))
        XCTAssertEqual(body(reader.frame, Self.small), body(picture, Self.small), "the picture did not move")
        XCTAssertNotEqual(reader.frame, picture, "the footers now give the page numbers")

        // The drag goes on from where the finger is and turns one page.
        var now = time + 1
        for step in 1...5 {
            now += 8
            reader.handle([GestureEvent(time: now, kind: .fingerMoved(id: 1, to: Point(x: 150 - Double(step) * 20, y: 150)))])
        }
        reader.handle([GestureEvent(time: now, kind: .fingerUp(id: 1, at: Point(x: 50, y: 150)))])
        frames(reader, from: now)
        XCTAssertEqual(reader.currentPage, page + 1)
        XCTAssertEqual(reader.frame, reference.rendered(page + 1))
    }

    func testTheSavedPlaceIsThePageStartAfterResumeAndAfterTheCorrection() throws {
        let book = try Self.chapterBook()
        let reference = try Reference(book, geometry: Self.small)
        let store = StateStore(directory: directory)
        let offset = book.text.scalarCount * 3 / 4
        let page = reference.page(holding: offset)
        let reader = try session(book, at: offset, store: store)
        defer { reader.stop() }
        var time = frames(reader, from: 0)
        reader.saveNow()
        XCTAssertNil(store.savedOffset(for: book).offset, "nothing moved, nothing to save")
        time = flick(reader, at: time + 100, forward: false)
        XCTAssertEqual(store.savedOffset(for: book).offset, reference.pagination.pages[page - 1].start)
        reader.pagination.resume()
        reader.pagination.wait { _, complete in complete }
        time = frames(reader, from: time)
        XCTAssertEqual(reader.currentPage, page - 1)
        time = flick(reader, at: time + 100, forward: true)
        XCTAssertEqual(store.savedOffset(for: book).offset, reference.pagination.pages[page].start)
        XCTAssertEqual(reader.currentOffset, reference.pagination.pages[page].start)
    }

    func testAFontChangeKeepsTheFirstCharacterOnScreenFromItsChapterAlone() throws {
        let book = try Self.chapterBook()
        let reader = try session(book, at: book.text.scalarCount * 2 / 3)
        defer { reader.stop() }
        frames(reader, from: 0)
        let first = reader.currentOffset
        try reader.setFontSize(18)
        frames(reader, from: 100)
        let larger = try Reference(book, geometry: PageGeometry(width: 400, height: 300, fontSize: 18))
        let page = larger.page(holding: first)
        XCTAssertEqual(reader.currentOffset, larger.pagination.pages[page].start)
        let entry = reader.knownPages.pages[reader.currentPage]
        XCTAssertTrue(entry.start <= first && first < entry.end)
        XCTAssertFalse(reader.pageNumbersAreExact, "the pages before are still unknown")
        XCTAssertTrue(reader.pagination.isPaused, "a new store is held as the one before")
        let geometry = reader.settings.geometry
        XCTAssertEqual(body(reader.frame, geometry), body(larger.rendered(page), geometry))
    }
}
