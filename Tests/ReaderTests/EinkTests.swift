import BookModel
import Devices
import Geometry
import Gestures
import Raster
import Typesetting
import XCTest
@testable import Reader

/// The e-ink policy: which refreshes a panel is asked for, the frame in 16
/// greys and the interface in black and white, and a turn shown as one
/// update at rest.
final class EinkTests: XCTestCase {
    private let page = [PixelRect(x: 40, y: 30, width: 300, height: 240)]

    func testTheFirstFrameAndEverySixthTurnAreFullRefreshes() {
        var policy = EinkPolicy(width: 400, height: 300)
        XCTAssertEqual(policy.updates(for: [], interface: false), [], "nothing changed: nothing asked")
        XCTAssertEqual(policy.updates(for: page, interface: false).map(\.mode), [.full])
        var modes: [EinkUpdate.Mode] = []
        for _ in 0..<13 { modes += policy.updates(for: page, interface: false).map(\.mode) }
        XCTAssertEqual(modes, [.partial, .partial, .partial, .partial, .partial, .full,
                               .partial, .partial, .partial, .partial, .partial, .full, .partial])
        XCTAssertEqual(policy.updates(for: page, interface: false),
                       [EinkUpdate(mode: .partial, rect: PixelRect(x: 0, y: 0, width: 400, height: 300))],
                       "a turn's update is the whole glass")
    }

    func testSmallChangesAreDamageSizedAndTheInterfaceIsFast() {
        var policy = EinkPolicy(width: 400, height: 300)
        _ = policy.updates(for: page, interface: false)
        let bars = [PixelRect(x: 0, y: 0, width: 400, height: 30), PixelRect(x: 0, y: 260, width: 400, height: 40)]
        XCTAssertFalse(policy.isTurn(bars))
        XCTAssertEqual(policy.updates(for: bars, interface: true), bars.map { EinkUpdate(mode: .fast, rect: $0) })
        XCTAssertEqual(policy.updates(for: bars, interface: false), bars.map { EinkUpdate(mode: .partial, rect: $0) },
                       "the bars going away: two small updates, no turn")
        XCTAssertEqual(policy.turnsSinceFull, 0)
        let twoHalves = [PixelRect(x: 0, y: 0, width: 400, height: 80), PixelRect(x: 0, y: 200, width: 400, height: 80)]
        XCTAssertTrue(policy.isTurn(twoHalves))
        XCTAssertEqual(policy.updates(for: twoHalves, interface: false),
                       [EinkUpdate(mode: .partial, rect: PixelRect(x: 0, y: 0, width: 400, height: 300))], "a turn is one update")
    }

    /// Wide margins leave a turned page's text under half the glass: the
    /// page shown, not the area, makes it a turn.
    func testAnotherPageIsATurnHoweverLittleChanged() throws {
        let narrow = [PixelRect(x: 120, y: 30, width: 160, height: 240), PixelRect(x: 190, y: 280, width: 20, height: 10)]
        var policy = EinkPolicy(width: 400, height: 300)
        _ = policy.updates(for: page, interface: false)
        XCTAssertFalse(policy.isTurn(narrow))
        XCTAssertEqual(policy.updates(for: narrow, interface: false).map(\.mode), [.partial, .partial], "same page: the bands")
        XCTAssertEqual(policy.updates(for: narrow, interface: false, turned: true),
                       [EinkUpdate(mode: .partial, rect: PixelRect(x: 0, y: 0, width: 400, height: 300))])
        XCTAssertEqual(policy.turnsSinceFull, 1, "counted toward the next full refresh")

        let headless = HeadlessDisplay(width: 400, height: 300)
        let eink = EinkDisplay(over: headless)
        var frame = PixelBuffer(width: 400, height: 300, fill: 0xFF_FFFF)
        var time = 0.0
        func present(page: Int) throws {
            eink.willPresent(interface: false, page: page)
            XCTAssertTrue(try frame.withUnsafeBytes {
                try eink.present(pixels: $0, stride: frame.bytesPerRow, damage: .all(rows: 300), at: time)
            })
            time += 1000
            _ = try eink.handleEvents(at: time) // the flip done
        }
        try present(page: 1)
        frame.fill(narrow[0], with: 0)
        try present(page: 2)
        frame.fill(narrow[1], with: 0)
        try present(page: 2)
        XCTAssertEqual(eink.updates.map(\.mode), [.full, .partial, .partial])
        XCTAssertEqual(eink.updates.map(\.rect), [PixelRect(x: 0, y: 0, width: 400, height: 300),
                                                   PixelRect(x: 0, y: 0, width: 400, height: 300), narrow[1]],
                       "the new page on the whole glass, then the footer's band alone")
    }

    func testPixelsAreQuantizedToSixteenGreysOrBlackAndWhite() {
        var levels = Set<UInt32>()
        for value in 0...255 {
            let pixel = UInt32(value) << 16 | UInt32(value) << 8 | UInt32(value)
            let grey = EinkPanel.grey(pixel)
            XCTAssertEqual(grey >> 16, grey & 0xFF, "grey")
            XCTAssertLessThanOrEqual(abs(Int(grey & 0xFF) - value), 9, "the nearest of the 16 levels to \(value)")
            levels.insert(grey)
            XCTAssertEqual(EinkPanel.blackOrWhite(pixel), value >= 128 ? 0xFF_FFFF : 0)
        }
        XCTAssertEqual(levels.count, 16)
        XCTAssertEqual(EinkPanel.grey(0xFF_0000), 0x44_4444, "red is a dark grey (luma 77)")
    }

    func testThePanelFindsBandsOfChangeAndRedrawsBlackAndWhiteRowsInGrey() {
        var panel = EinkPanel(width: 100, height: 200)
        var frame = PixelBuffer(width: 100, height: 200, fill: 0xFF_FFFF)
        let all = FrameDamage.all(rows: 200)
        func take(_ rows: FrameDamage, blackAndWhite: Bool = false) -> [PixelRect] {
            frame.withUnsafeBytes { panel.take(pixels: $0, stride: frame.bytesPerRow, rows: rows, blackAndWhite: blackAndWhite) }
        }
        XCTAssertEqual(take(all), [PixelRect(x: 0, y: 0, width: 100, height: 200)], "black to white everywhere")
        XCTAssertEqual(take(all), [], "the same frame changes nothing")
        frame.fill(PixelRect(x: 10, y: 10, width: 5, height: 2), with: 0)
        frame.fill(PixelRect(x: 60, y: 30, width: 5, height: 2), with: 0)   // within the band gap of the first
        frame.fill(PixelRect(x: 20, y: 150, width: 30, height: 10), with: 0x80_8080)
        XCTAssertEqual(take(all), [PixelRect(x: 10, y: 10, width: 55, height: 22), PixelRect(x: 20, y: 150, width: 30, height: 10)])
        XCTAssertEqual(panel.picture.pixel(x: 25, y: 155), 0x88_8888, "mid grey to its level")
        var bar = FrameDamage(rows: 200)
        bar.insert(150..<160)
        XCTAssertEqual(take(bar, blackAndWhite: true), [PixelRect(x: 20, y: 150, width: 30, height: 10)])
        XCTAssertEqual(panel.picture.pixel(x: 25, y: 155), 0xFF_FFFF, "fast mode: white")
        XCTAssertTrue(panel.blackAndWhiteRows.contains(155))
        XCTAssertEqual(take(bar), [PixelRect(x: 20, y: 150, width: 30, height: 10)], "back in greys")
        XCTAssertFalse(panel.blackAndWhiteRows.contains(155))
    }

    /// On an e-ink display a turn animates in the scene but reaches the
    /// glass as one update, and what the glass shows is the frame at rest in greys.
    func testATurnIsOneUpdateOfTheFrameAtRest() throws {
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                              font: ReaderSessionTests.font, theme: .sepia)
        let reader = try ReaderSession(book: try ReaderSessionTests.longBook(), path: "long.txt", settings: settings,
                                       start: .offset(0), stateStore: nil)
        defer { reader.stop() }
        let headless = HeadlessDisplay(width: 400, height: 300)
        let eink = EinkDisplay(over: headless)
        let flick = (0...6).map { TouchFrame(time: 1000 + Double($0) * 8, touches: [Touch(id: 1, x: 300 - Double($0) * 30, y: 150)]) }
            + [TouchFrame(time: 1056, touches: [])]
        let tap = [TouchFrame(time: 3000, touches: [Touch(id: 2, x: 200, y: 150)]), TouchFrame(time: 3040, touches: [])]
        let loop = ReaderLoop(scene: reader, display: eink, input: RecordedInput(frames: flick + tap), clock: VirtualClock(start: 0))
        try loop.run()
        XCTAssertEqual(reader.currentPage, 1)
        XCTAssertEqual(reader.screenName, "menu")
        let pageSized = eink.updates.filter { $0.mode != .fast && $0.rect.width * $0.rect.height * 2 >= 400 * 300 }
        XCTAssertEqual(pageSized.map(\.mode), [.full, .partial], "the first page, then the turn in one update")
        XCTAssertFalse(eink.updates.filter { $0.mode == .fast }.isEmpty, "the menu in fast mode")
        XCTAssertEqual(loop.presentedFrames, 3, "no frame of the turn's motion, nor of the menu sliding in")
        let frame = try XCTUnwrap(reader.composedFrame)
        for y in Swift.stride(from: 100, to: 200, by: 7) {
            for x in Swift.stride(from: 0, to: 400, by: 13) {
                let shown = headless.screen[x, y]
                XCTAssertEqual(shown, EinkPanel.grey(frame[x, y]), "(\(x), \(y)): the page in greys")
            }
        }
    }
}
