import BookModel
import Devices
import Foundation
import Gestures
import PlainText
import Raster
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// Contents and bookmarks through the reader loop: open from the menu,
/// scroll with a flick, jump with a tap, and how they look.
final class ContentsReplayTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var directory = ""

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ebook-fb-contents-\(UUID())").path
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    /// A book of forty short chapters.
    private func manyChapters() throws -> Book {
        let text = (1...40).map { "CHAPTER \($0).\n\nThe lamps were lit along the harbour road, one by one, "
            + String(repeating: "and the tide came in under the boats. ", count: 30) + "\n" }.joined(separator: "\n")
        return Book(text: try BookDecoder.decode(Data(text.utf8), path: "chapters.txt"))
    }

    private func session(_ book: Book, path: String, theme: Theme = .light, page: Int = 0) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 800, height: 480, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: theme, language: "en")
        return try ReaderSession(book: book, path: path, settings: settings, start: .page(page),
                                 stateStore: StateStore(directory: directory))
    }

    private func tap(_ x: Double, _ y: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]), TouchFrame(time: time + 60, touches: [])]
    }

    private func tapControl(_ id: String, _ reader: ReaderSession, at time: Double) throws {
        let control = try XCTUnwrap(reader.describedControls.first { $0.id == id }, "no \(id) on \(reader.screenName)")
        try HeadlessRun(session: reader).run(tap(Double(control.rect.x + control.rect.width / 2),
                                                 Double(control.rect.y + control.rect.height / 2), at: time))
    }

    func testContentsListChaptersWithPagesAndATapJumps() throws {
        let book = try manyChapters()
        let reader = try session(book, path: "chapters.txt", page: 3)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(tap(400, 240, at: 1000))
        try tapControl("menu.contents", reader, at: 2500)
        XCTAssertEqual(reader.screenName, "contents")
        let items = reader.describedControls.filter { $0.id.hasPrefix("contents.item.") }
        XCTAssertEqual(items.first?.label, "CHAPTER 1.")
        XCTAssertGreaterThan(items.count, 4)
        try tapControl("contents.item.3", reader, at: 4000)
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.book.chapterIndex(holding: reader.currentOffset), 2)
        XCTAssertEqual(reader.offsetRange.lowerBound, book.chapters[2].offset, "a chapter starts its page")
        XCTAssertEqual(reader.wayBack?.page, 4, "the jump is offered back")
    }

    func testAFlickScrollsTheListWithMomentumAndItComesToRest() throws {
        let reader = try session(try manyChapters(), path: "chapters.txt")
        defer { reader.stop() }
        ListScreen.open(.contents, host: reader)
        // A quick upward flick on the rows.
        let frames = (0...6).map { k in
            TouchFrame(time: 1000 + Double(k) * 16, touches: [Touch(id: 1, x: 400, y: 420 - Double(k) * 30)])
        } + [TouchFrame(time: 1112, touches: [])]
        var offsets: [Double] = []
        var run = HeadlessRun(session: reader)
        run.onFrame = { _, _ in offsets.append((reader.openScreen.screen as? ListScreen)?.offsetY ?? -1) }
        try run.run(frames)
        let list = try XCTUnwrap((reader.openScreen.screen as? ListScreen))
        let end = Double(list.layout.contentHeight(rows: 40) - list.layout.viewport.height)
        XCTAssertFalse(list.scrollView.isAnimating, "it came to rest")
        XCTAssertEqual(list.offsetY, end, accuracy: 0.01, "momentum carried the list to its end, far past the finger's travel")
        let peak = try XCTUnwrap(offsets.max())
        XCTAssertGreaterThan(peak, end, "it ran past the end on the rubber band")
        let rising = offsets.prefix { $0 < peak }
        XCTAssertEqual(Array(rising), rising.sorted(), "one way until it bounced")
        let first = reader.describedControls.first { $0.id.hasPrefix("contents.item.") }
        XCTAssertNotEqual(first?.id, "contents.item.1")
    }

    func testTheBookmarksTabListsMarksAndATapOpensOne() throws {
        let reader = try session(try manyChapters(), path: "chapters.txt", page: 5)
        defer { reader.stop() }
        reader.toggleBookmark()
        reader.show(offset: 0)
        ListScreen.open(.contents, host: reader)
        try tapControl("contents.bookmarks", reader, at: 1000)
        XCTAssertEqual(reader.screenName, "bookmarks")
        let marks = reader.describedControls.filter { $0.id.hasPrefix("bookmarks.item.") }
        XCTAssertEqual(marks.map(\.id), ["bookmarks.item.1"])
        XCTAssertTrue(marks[0].label.hasPrefix("Page 6"), marks[0].label)
        try tapControl("bookmarks.item.1", reader, at: 2500)
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.pageIndexInBook, 5)
    }

    func testCloseAndEscapeLeaveTheListWhereTheyWere() throws {
        let reader = try session(try manyChapters(), path: "chapters.txt", page: 2)
        defer { reader.stop() }
        ListScreen.open(.contents, host: reader)
        try tapControl("close", reader, at: 1000)
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.pageIndexInBook, 2)
        try reader.handle(.toggleContents, at: 3000)
        XCTAssertEqual(reader.screenName, "contents")
        try reader.handle(.closeScreenOrQuit, at: 3100)
        XCTAssertEqual(reader.screenName, "reading")
    }

    func testArrowsChooseARowAndEnterOpensIt() throws {
        let book = try manyChapters()
        let reader = try session(book, path: "chapters.txt")
        defer { reader.stop() }
        try reader.handle(.toggleContents, at: 100)
        let list = try XCTUnwrap((reader.openScreen.screen as? ListScreen))
        for k in 0..<20 { try reader.handle(.nextPage, at: 200 + Double(k) * 50) }
        XCTAssertEqual(list.selected, 20, "from the current chapter (the first) twenty rows down")
        try HeadlessRun(session: reader).run([])
        XCTAssertTrue(list.layout.visibleRows(count: 40, offsetY: list.offsetY).contains(20), "the chosen row scrolled into view")
        try reader.handle(.previousPage, at: 3000)
        try reader.handle(.activate, at: 3100)
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.book.chapterIndex(holding: reader.currentOffset), 19)
    }

    func testNestedChaptersAreIndentedUnderTheirPart() throws {
        let chapters = (1...3).map { "CHAPTER \($0).\n\n" + String(repeating: "The tide came in under the boats. ", count: 40) }
        let text = (1...2).map { "PART \($0).\n\n" + chapters.joined(separator: "\n\n") }.joined(separator: "\n\n")
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "parts.txt"))
        XCTAssertEqual(book.chapters.map(\.level), [1, 2, 2, 2, 1, 2, 2, 2], "chapters within parts")
        let reader = try session(book, path: "parts.txt")
        defer { reader.stop() }
        ListScreen.open(.contents, host: reader)
        XCTAssertEqual((reader.openScreen.screen as? ListScreen)?.rows.map(\.level), [0, 1, 1, 1, 0, 1, 1, 1])
        try HeadlessRun(session: reader).run([])
        let items = reader.describedControls.filter { $0.id.hasPrefix("contents.item.") }
        let pad = reader.resources.metrics(for: reader.settings).padding
        /// The first column of a row's title that is not paper (past the current row's mark at the edge).
        func titleStart(_ control: ScreenControl) -> Int? {
            (pad..<control.rect.maxX).first { x in
                (control.rect.y + 4..<control.rect.maxY - 4).contains { y in
                    reader.frame.pixel(x: x, y: y) != Theme.light.background
                }
            }
        }
        let part = try XCTUnwrap(titleStart(items[0])), chapter = try XCTUnwrap(titleStart(items[1]))
        XCTAssertEqual(chapter - part, reader.resources.metrics(for: reader.settings).target / 2, "a chapter is set in by half a finger")
    }

    /// Two marked pages of the sample book, light and dark.
    func testTheBookmarksLookAsRecorded() throws {
        let path = Self.packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path
        for theme in [Theme.light, .dark] {
            try? FileManager.default.removeItem(atPath: directory) // no marks from the theme before
            let reader = try session(try Book.open(path: path), path: path, theme: theme, page: 2)
            defer { reader.stop() }
            reader.finishBackgroundWork()
            reader.toggleBookmark()
            try HeadlessRun(session: reader).run((0..<4).flatMap { tap(700, 240, at: 1000 + Double($0) * 1500) })
            XCTAssertEqual(reader.pageIndexInBook, 6)
            reader.toggleBookmark()
            ListScreen.open(.bookmarks, host: reader)
            let display = try HeadlessRun(session: reader).run([])
            XCTAssertEqual(display.screen, reader.frame)
            XCTAssertEqual(reader.describedControls.filter { $0.id.hasPrefix("bookmarks.item.") }.count, 2)
            let golden = GoldenImage(
                goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/bookmarks-800x480-\(theme.name).png").path,
                outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
                tolerance: 2, allowedDifferingPixels: 40)
            let outcome = try golden.check(reader.frame,
                                           record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
            if let message = outcome.failureMessage { XCTFail(message) }
        }
    }

    func testTheContentsLookAsRecorded() throws {
        let path = Self.packageRoot.appendingPathComponent("Books/the-lamplighter.txt").path
        for theme in [Theme.light, .dark] {
            let reader = try session(try Book.open(path: path), path: path, theme: theme, page: 3)
            defer { reader.stop() }
            reader.finishBackgroundWork()
            ListScreen.open(.contents, host: reader)
            let display = try HeadlessRun(session: reader).run([])
            XCTAssertEqual(display.screen, reader.frame)
            let golden = GoldenImage(
                goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/contents-800x480-\(theme.name).png").path,
                outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
                tolerance: 2, allowedDifferingPixels: 40)
            let outcome = try golden.check(reader.frame,
                                           record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
            if let message = outcome.failureMessage { XCTFail(message) }
        }
    }
}
