import BookModel
import Gestures
import TestSupport
import Typesetting
import XCTest
@testable import Reader

/// Fixed pages in the reader: spreads turned whole in landscape, a
/// right-to-left comic turned by a flick to the right, pictures zoomed
/// further than text.
final class FixedPageReaderTests: XCTestCase {
    private func session(_ book: Book, width: Int, height: Int) throws -> ReaderSession {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: width, height: height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: book, path: "pages.cbz", settings: settings, start: .page(0), stateStore: nil)
        reader.finishBackgroundWork()
        return reader
    }

    private func flick(from start: Double, to end: Double, at time: Double) -> [TouchFrame] {
        var frames = (0...8).map { step in
            TouchFrame(time: time + Double(step) * 8, touches: [Touch(id: 1, x: start + (end - start) * Double(step) / 8, y: 300)])
        }
        frames.append(TouchFrame(time: time + 72, touches: []))
        return frames
    }

    private func pinch(from gap: Double, to wider: Double, at time: Double, centre: Double = 400) -> [TouchFrame] {
        var frames = (0...20).map { step -> TouchFrame in
            let half = (gap + (wider - gap) * Double(step) / 20) / 2
            return TouchFrame(time: time + Double(step) * 16,
                              touches: [Touch(id: 10, x: centre - half, y: 300), Touch(id: 11, x: centre + half, y: 300)])
        }
        frames.append(TouchFrame(time: time + 400, touches: []))
        return frames
    }

    func testALandscapeScreenTurnsAWholeSpreadAtAFlick() throws {
        let (book, _) = DocumentFixtures.fixedPages(Array(repeating: (300, 400), count: 6))
        let reader = try session(book, width: 1200, height: 800)
        defer { reader.stop() }
        XCTAssertEqual(reader.knownPageCount, 3, "six pages, three spreads")
        try HeadlessRun(session: reader).run(flick(from: 800, to: 400, at: 1000))
        XCTAssertEqual(reader.currentPage, 1)
        XCTAssertEqual(reader.frame[100, 400], 0x303030, "page 3 on the left")
        XCTAssertEqual(reader.frame[700, 400], 0x404040, "page 4 on the right")
    }

    func testARightToLeftComicTurnsForwardWithAFlickToTheRight() throws {
        let (book, _) = DocumentFixtures.fixedPages(Array(repeating: (300, 400), count: 4), progression: .rightToLeft)
        let reader = try session(book, width: 600, height: 800)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(flick(from: 200, to: 500, at: 1000))
        XCTAssertEqual(reader.currentPage, 1)
    }

    func testPicturesZoomToEightTimesAndTextToFour() throws {
        let (pictures, _) = DocumentFixtures.fixedPages([(300, 400)])
        let reader = try session(pictures, width: 800, height: 600)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(pinch(from: 40, to: 400, at: 1000) + pinch(from: 40, to: 400, at: 2000))
        XCTAssertEqual(reader.controller.zoomScale, PagingController.maximumPictureZoom, accuracy: 0.01)
        let (text, _) = DocumentFixtures.illustrated()
        let textReader = try session(text, width: 800, height: 600)
        defer { textReader.stop() }
        try HeadlessRun(session: textReader).run(pinch(from: 40, to: 400, at: 1000) + pinch(from: 40, to: 400, at: 2000))
        XCTAssertEqual(textReader.controller.zoomScale, PagingController.maximumZoom, accuracy: 0.01)
    }
}
