import BookModel
import Devices
import Foundation
import Geometry
import Gestures
import PlainText
import Raster
import TestSupport
@testable import Typesetting
import XCTest
@testable import Reader

/// A structured book in the reader: right-to-left paging, links that jump
/// and come back, notes in a panel, images zoomed sharp; through the
/// reader loop in virtual time, as the headless reader runs.
final class DocumentReaderTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func session(_ book: Book, width: Int = 800, height: Int = 480, page: Int = 0) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: width, height: height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: book, path: "book.epub", settings: settings, start: .page(page), stateStore: nil)
        reader.finishBackgroundWork()
        return reader
    }

    /// A book of `chapters` chapters of a few pages each, paging right to left.
    private func rightToLeftBook(chapters: Int = 3) -> Book {
        var builder = DocumentBuilder()
        for chapter in 1...chapters {
            builder.beginSection(name: "ch\(chapter).xhtml")
            builder.append(.heading(level: 1), style: DocumentFixtures.body, text: "Chapter \(chapter)")
            for paragraph in 1...12 {
                builder.append(.paragraph, style: DocumentFixtures.body,
                               text: "Paragraph \(paragraph) of chapter \(chapter), long enough to take a few lines of the page "
                                   + "so that each chapter runs over several pages of this small screen.")
            }
        }
        return builder.build(metadata: BookMetadata(title: "Leftwards", language: "en"), contents: [], format: .epub,
                             pageProgression: .rightToLeft)
    }

    private func stroke(from start: Double, to end: Double, y: Double = 300, at time: Double, duration: Double,
                        hold: Double = 0, id: Int = 1) -> [TouchFrame] {
        let steps = max(1, Int(duration / 8))
        var frames = (0...steps).map { step in
            TouchFrame(time: time + Double(step) * 8,
                       touches: [Touch(id: id, x: start + (end - start) * Double(step) / Double(steps), y: y)])
        }
        let last = time + Double(steps) * 8
        for step in stride(from: 8.0, through: hold, by: 8) {
            frames.append(TouchFrame(time: last + step, touches: [Touch(id: id, x: end, y: y)]))
        }
        frames.append(TouchFrame(time: last + max(8, hold + 8), touches: []))
        return frames
    }

    private func tap(x: Double, y: Double, at time: Double) -> [TouchFrame] {
        [TouchFrame(time: time, touches: [Touch(id: Int(time), x: x, y: y)]), TouchFrame(time: time + 60, touches: [])]
    }

    func testARightToLeftBookTurnsForwardWithAFlickToTheRightAndTheLeftThird() throws {
        let reader = try session(rightToLeftBook())
        defer { reader.stop() }
        XCTAssertTrue(reader.controller.isRightToLeft)
        XCTAssertGreaterThan(reader.knownPageCount, 4)
        // As the check's `flick-right-first`: 300 to 600 px in 60 ms.
        try HeadlessRun(session: reader).run(stroke(from: 300, to: 600, at: 1000, duration: 60))
        XCTAssertEqual(reader.currentPage, 1, "a flick to the right goes forward")
        try HeadlessRun(session: reader).run(tap(x: 100, y: 240, at: 3000))
        XCTAssertEqual(reader.currentPage, 2, "the left third turns forward")
        try HeadlessRun(session: reader).run(tap(x: 760, y: 240, at: 5000))
        XCTAssertEqual(reader.currentPage, 1, "the right third turns back")
        try HeadlessRun(session: reader).run(stroke(from: 600, to: 300, at: 7000, duration: 60))
        XCTAssertEqual(reader.currentPage, 0, "a flick to the left goes back")
        try reader.handle(.nextPage, at: 9000)
        try HeadlessRun(session: reader).run([])
        XCTAssertEqual(reader.currentPage, 1, "the next-page key goes forward")
        // At rest the frame is the page as drawn.
        let page = try XCTUnwrap(reader.cache.withPage(1, pagination: reader.knownPages) { $0 })
        XCTAssertEqual(reader.frame, page)
        XCTAssertEqual(reader.cache.allocatedBuffers, PageCache.bufferCount)
    }

    func testTheNextPageComesInFromTheLeft() throws {
        let reader = try session(rightToLeftBook())
        defer { reader.stop() }
        var run = HeadlessRun(session: reader)
        var compared = 0
        run.onFrame = { _, frame in
            let scroll = reader.controller.scrollView
            let shift = Int(scroll.contentOffset.x.rounded())
            guard scroll.isTracking, scroll.contentOffset.x > 150, compared == 0 else { return }
            let next = try XCTUnwrap(reader.cache.withPage(1, pagination: reader.knownPages) { $0 })
            let current = try XCTUnwrap(reader.cache.withPage(0, pagination: reader.knownPages) { $0 })
            for y in stride(from: 0, to: frame.height, by: 7) {
                for x in stride(from: 0, to: shift, by: 3) { XCTAssertEqual(frame[x, y], next[800 - shift + x, y], "(\(x), \(y))") }
                for x in stride(from: shift, to: 800, by: 5) { XCTAssertEqual(frame[x, y], current[x - shift, y], "(\(x), \(y))") }
            }
            compared += 1
        }
        // Dragged slowly 200 px to the right and held: the next page's right edge shows at the screen's left.
        try run.run(stroke(from: 400, to: 600, at: 1000, duration: 320, hold: 200))
        XCTAssertEqual(compared, 1)
        XCTAssertEqual(reader.currentPage, 0, "released slowly short of the middle, it settles back")
    }

    func testATextBookOfMostlyRightToLeftParagraphsPagesRightToLeft() throws {
        let paragraph = "هذه فقرة باللغة العربية تمتد على عدة أسطر حتى تملأ الصفحة بالكلام المكتوب من اليمين إلى اليسار."
        let text = Array(repeating: paragraph, count: 40).joined(separator: "\n\n") + "\n"
        let bytes = Array(text.utf8)
        let book = Book(text: DecodedText(utf8: bytes, scalarCount: text.unicodeScalars.count, encoding: .utf8,
                                          encodingConfidence: 100, encodingLanguage: nil, sourceByteCount: bytes.count,
                                          sourceBytesDecoded: bytes.count))
        let reader = try session(book)
        defer { reader.stop() }
        XCTAssertEqual(reader.pageProgression, .rightToLeft)
        try HeadlessRun(session: reader).run(stroke(from: 300, to: 600, at: 1000, duration: 60))
        XCTAssertEqual(reader.currentPage, 1)
    }

    func testALinkJumpsAndTheMenuComesBack() throws {
        let book = DocumentFixtures.styledChapters()
        let reader = try session(book, height: 600)
        defer { reader.stop() }
        let links = reader.renderer.typesetter.layoutPage(0, of: reader.knownPages).links
        let chapterLink = try XCTUnwrap(links.first { !$0.isNoteReference })
        let box = chapterLink.box
        try HeadlessRun(session: reader).run(tap(x: Double(box.x + box.width / 2), y: Double(box.y + box.height / 2), at: 1000))
        XCTAssertEqual(reader.currentOffset, book.document?.anchors["ch2.xhtml"], "the link's target is on screen")
        XCTAssertEqual(reader.currentPage, 1)
        // The menu offers the way back.
        try HeadlessRun(session: reader).run(tap(x: 400, y: 300, at: 3000))
        XCTAssertEqual(reader.screenName, "menu")
        let back = try XCTUnwrap(reader.describedControls.first { $0.id == "menu.back" })
        try HeadlessRun(session: reader).run(tap(x: Double(back.rect.x + back.rect.width / 2),
                                                 y: Double(back.rect.y + back.rect.height / 2), at: 5000))
        XCTAssertEqual(reader.currentPage, 0)
    }

    func testANoteReferenceOpensTheNoteInAPanel() throws {
        let book = DocumentFixtures.styledChapters()
        let reader = try session(book, height: 600)
        defer { reader.stop() }
        let note = try XCTUnwrap(reader.renderer.typesetter.layoutPage(0, of: reader.knownPages).links.first(where: \.isNoteReference))
        // The note's number lies in the left third: the tap opens the note, it does not turn back.
        try HeadlessRun(session: reader).run(tap(x: Double(note.box.x + note.box.width / 2),
                                                 y: Double(note.box.y + note.box.height / 2), at: 1000))
        XCTAssertEqual(reader.screenName, "note")
        XCTAssertEqual(reader.currentPage, 0, "the page stays where it was")
        let panel = try XCTUnwrap(reader.describedControls.first { $0.id == "note.text" })
        XCTAssertTrue(panel.label.contains("Victory Mansions stood in London"), panel.label)
        XCTAssertEqual(panel.rect.maxY, 600)
        XCTAssertLessThanOrEqual(panel.rect.height, 300, "at most half the screen")
        let golden = GoldenImage(
            goldenPath: Self.packageRoot.appendingPathComponent("Tests/ReaderTests/Goldens/note-800x600-light.png").path,
            outputDirectory: Self.packageRoot.appendingPathComponent(".build/golden-failures").path,
            tolerance: 2, allowedDifferingPixels: 40)
        let outcome = try golden.check(reader.frame, record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
        if let message = outcome.failureMessage { XCTFail(message) }
        // A tap on the page above it closes it; so does Escape.
        try HeadlessRun(session: reader).run(tap(x: 400, y: 100, at: 3000))
        XCTAssertEqual(reader.screenName, "reading")
        XCTAssertEqual(reader.currentPage, 0)
        reader.open(NoteScreen(noteAt: try XCTUnwrap(book.document?.anchors["note1"]), host: reader))
        XCTAssertEqual(reader.screenName, "note")
        try reader.handle(.closeScreen, at: 5000)
        XCTAssertEqual(reader.screenName, "reading")
    }

    func testALongNoteScrollsInItsPanel() throws {
        var builder = DocumentBuilder()
        builder.beginSection(name: "text.xhtml")
        builder.append(.paragraph, style: DocumentFixtures.body, text: "The text refers to an appendix.",
                       links: [DocumentLink(range: 22..<30, target: "appendix.xhtml")])
        builder.beginSection(name: "appendix.xhtml", isLinear: false)
        for index in 1...12 {
            builder.append(.paragraph, style: DocumentFixtures.body,
                           text: "Appendix paragraph \(index), which is long enough to take a line or two of the panel.")
        }
        let book = builder.build(metadata: BookMetadata(title: "Appendix", language: "en"), contents: [], format: .epub)
        let reader = try session(book)
        defer { reader.stop() }
        XCTAssertEqual(reader.knownPageCount, 1, "the appendix is on no page")
        let link = try XCTUnwrap(reader.renderer.typesetter.layoutPage(0, of: reader.knownPages).links.first)
        try HeadlessRun(session: reader).run(tap(x: Double(link.box.x + link.box.width / 2),
                                                 y: Double(link.box.y + link.box.height / 2), at: 1000))
        XCTAssertEqual(reader.screenName, "note", "a link into a part no page shows opens it in the panel")
        let note = try XCTUnwrap((reader.openScreen.screen as? NoteScreen))
        XCTAssertEqual(note.panel.height, 240, "half the screen, the most it takes")
        XCTAssertGreaterThan(note.contentHeight, note.viewport.height)
        let before = reader.frame
        try HeadlessRun(session: reader).run(stroke(from: 420, to: 300, y: 0, at: 3000, duration: 200).map { frame in
            TouchFrame(time: frame.time, touches: frame.touches.map { Touch(id: $0.id, x: 400, y: $0.x) })
        })
        XCTAssertGreaterThan(note.offsetY, 0, "dragged up, the note scrolls")
        XCTAssertEqual(reader.screenName, "note")
        XCTAssertNotEqual(reader.frame, before)
        XCTAssertTrue(note.text.contains("Appendix paragraph 1,"))
    }

    func testTheMenuNamesAStructuredBookByItsTitle() throws {
        let reader = try session(DocumentFixtures.styledChapters())
        defer { reader.stop() }
        XCTAssertEqual(reader.resources.title(of: reader.book, path: reader.bookPath), "Styles")
    }

    func testADoubleTapOnAnImageZoomsItSharply() throws {
        let (book, _) = DocumentFixtures.illustrated(imageWidth: 300, imageHeight: 200)
        let reader = try session(book, height: 600)
        defer { reader.stop() }
        let image = try XCTUnwrap(reader.renderer.typesetter.layoutPage(0, of: reader.knownPages).images.first)
        let centre = (x: Double(image.box.x + image.box.width / 2), y: Double(image.box.y + image.box.height / 2))
        try HeadlessRun(session: reader).run(tap(x: centre.x, y: centre.y, at: 1000) + tap(x: centre.x, y: centre.y, at: 1160))
        XCTAssertEqual(reader.controller.zoomScale, 2, accuracy: 0.001)
        // The halves meet at the image's middle, now at the screen's middle: sharply, as decoded at 2x.
        let middle = 400
        XCTAssertEqual(reader.frame[middle - 3, 300], 0x2060A0)
        XCTAssertEqual(reader.frame[middle + 3, 300], 0xC04020)
        XCTAssertEqual(reader.cache.allocatedBuffers, PageCache.bufferCount)
    }
}
