import BookModel
import Devices
import Geometry
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The scroll indicators of a zoomed page: where the bars go, how they
/// fade, that they leave the page as it was, and that the reader keeps
/// stepping frames until they are gone and then rests.
final class ScrollIndicatorTests: XCTestCase {
    func testTheBarsShowTheViewportWithinTheZoomedPage() {
        // 2x: the viewport is half the page each way, in the middle.
        let bars = ScrollIndicators.bars(width: 1280, height: 768, offset: Point(x: 640, y: 384),
                                         content: Size(width: 2560, height: 1536))
        XCTAssertEqual(bars.count, 2)
        let track = 1280 - 3 - 11
        XCTAssertEqual(Double(bars[0].x), 3 + Double(track) / 4, accuracy: 1)
        XCTAssertEqual(Double(bars[0].width), Double(track) / 2, accuracy: 1)
        XCTAssertEqual(bars[0].y, 768 - 8)
        XCTAssertEqual(bars[0].height, 5)
        XCTAssertEqual(bars[1].x, 1280 - 8)
        XCTAssertEqual(Double(bars[1].height), Double(768 - 14) / 2, accuracy: 1)
        // At 1x there is nothing to show.
        XCTAssertTrue(ScrollIndicators.bars(width: 1280, height: 768, offset: .zero,
                                            content: Size(width: 1280, height: 768)).isEmpty)
        // Past an edge the bar shortens but stays visible.
        let past = ScrollIndicators.bars(width: 1280, height: 768, offset: Point(x: 2550, y: 0),
                                         content: Size(width: 2560, height: 768))
        XCTAssertEqual(past.first?.width, ScrollIndicators.minimumLength)
        XCTAssertEqual(past.first.map { $0.x + $0.width }, 3 + track)
    }

    func testTheBarsFadeAboutHalfASecondAfterTheLastMotion() {
        var indicators = ScrollIndicators()
        XCTAssertFalse(indicators.isShowing(at: 0))
        indicators.note(.didScroll, zoomed: false, at: 0)
        XCTAssertFalse(indicators.isShowing(at: 0), "no bars at 1x")
        indicators.note(.willBeginZooming, zoomed: true, at: 100)
        indicators.note(.didScroll, zoomed: true, at: 1000)
        indicators.note(.didEndDecelerating, zoomed: true, at: 1200)
        XCTAssertEqual(indicators.weight(at: 1000), 140)
        XCTAssertEqual(indicators.weight(at: 1300), 140, "held after the motion")
        XCTAssertEqual(indicators.weight(at: 1400), 70, "half faded")
        XCTAssertEqual(indicators.weight(at: 1500), 0)
        XCTAssertTrue(indicators.isShowing(at: 1499))
        XCTAssertFalse(indicators.isShowing(at: 1500))
        indicators.note(.didScroll, zoomed: false, at: 1100)
        XCTAssertFalse(indicators.isShowing(at: 1100), "back at 1x they go at once")
    }

    func testTheBarsBlendInkOverThePageAndPutItBackExactly() {
        for theme in [Theme.light, .dark] {
            var frame = PixelBuffer(width: 200, height: 100, fill: theme.background)
            frame.fill(PixelRect(x: 150, y: 0, width: 50, height: 100), with: theme.ink)
            let page = frame
            var indicators = ScrollIndicators()
            indicators.note(.didScroll, zoomed: true, at: 0)
            let bars = ScrollIndicators.bars(width: 200, height: 100, offset: Point(x: 100, y: 0),
                                             content: Size(width: 400, height: 200))
            XCTAssertEqual(indicators.update(in: &frame, bars: bars, ink: theme.ink, at: 0, redrawn: true), 3..<97)
            let bar = frame.pixel(x: 100, y: 94) ?? 0
            XCTAssertEqual(bar, Compositor.mix(theme.background, theme.ink, 140), "\(theme.name)")
            XCTAssertNotEqual(bar, theme.background)
            XCTAssertNil(indicators.update(in: &frame, bars: bars, ink: theme.ink, at: 200, redrawn: false),
                         "nothing changes while they are held")
            XCTAssertNotNil(indicators.update(in: &frame, bars: bars, ink: theme.ink, at: 400, redrawn: false))
            XCTAssertNotEqual(frame, page)
            XCTAssertEqual(indicators.update(in: &frame, bars: bars, ink: theme.ink, at: 500, redrawn: false), 3..<97)
            XCTAssertEqual(frame, page, "faded out, the page is as it was (\(theme.name))")
            XCTAssertNil(indicators.lastMotion)
        }
    }

    func testTheReaderStepsUntilTheBarsHaveFadedThenRests() throws {
        for theme in [Theme.light, .dark] {
            let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                                  font: ReaderSessionTests.font, theme: theme)
            let reader = try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt",
                                           settings: settings, start: .offset(0), stateStore: nil)
            defer { reader.stop() }
            reader.finishBackgroundWork()
            reader.advance(to: 0)
            try reader.handle(.toggleZoom, at: 10)
            var time = 10.0
            var zoomEnd: Double?
            var lastChange = 0.0
            while reader.isMoving, time < 5000 {
                time += 1000.0 / 60
                if reader.advance(to: time) { lastChange = time }
                if zoomEnd == nil, !reader.controller.scrollView.isAnimating { zoomEnd = time }
            }
            let end = try XCTUnwrap(zoomEnd)
            XCTAssertEqual(reader.controller.zoomScale, 2)
            XCTAssertGreaterThan(lastChange, end + 400, "frames go on while the bars fade (\(theme.name))")
            XCTAssertLessThan(time, end + 600)
            let shown = reader.frame
            reader.compose()
            XCTAssertEqual(reader.frame, shown, "no bars left in the frame at rest (\(theme.name))")
            XCTAssertFalse(reader.isMoving)
            XCTAssertFalse(reader.advance(to: time + 2000), "at rest nothing changes")
            XCTAssertFalse(reader.isMoving, "and nothing is due")
        }
    }
}
