import BookModel
import Geometry
import Gestures
import Raster
import TestSupport
import Threading
import Typesetting
import XCTest
@testable import Reader

/// A page the format draws itself, in stripes one natural unit wide (sharp
/// at any scale, a blur when magnified), that draws only while its gate is
/// open and notes every region asked of it.
final class GatedStripes: PageDrawing, @unchecked Sendable {
    private let condition = Condition()
    private var open = true
    private var regions: [(rect: PixelRect, scale: Double)] = []

    func close() { condition.withLock { open = false } }
    func openGate() { condition.withLock { open = true; condition.broadcast() } }
    var drawn: [(rect: PixelRect, scale: Double)] { condition.withLock { regions } }
    func forgetDrawn() { condition.withLock { regions = [] } }

    func draw(x: Int, y: Int, width: Int, height: Int, scale: Double) -> [UInt32]? {
        condition.lock()
        while !open { condition.wait() }
        regions.append((PixelRect(x: x, y: y, width: width, height: height), scale))
        condition.unlock()
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                let unitX = Int(Double(x + column) / scale), unitY = Int(Double(y + row) / scale)
                pixels[row * width + column] = (unitX + unitY) % 2 == 0 ? 0xFF10_2030 : 0xFFF0_E0D0
            }
        }
        return pixels
    }
}

/// How many pixels two frames of one size differ in (all of them for two sizes).
private func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    guard a.width == b.width, a.height == b.height else { return max(a.width * a.height, b.width * b.height) }
    var count = 0
    for y in 0..<a.height {
        for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
    }
    return count
}

final class PictureZoomTests: XCTestCase {
    private static let width = 800, height = 600

    private func session(drawing: GatedStripes) throws -> ReaderSession {
        var builder = DocumentBuilder()
        builder.beginSection(name: "page1", fixedPage: FixedPage(width: 300, height: 400, content: .drawn(PageDrawingReference(drawing))))
        builder.append(.paragraph, style: DocumentFixtures.body, text: "\u{FFFC}")
        let book = builder.build(metadata: BookMetadata(title: "Stripes"), contents: [], format: .pdf)
        let settings = ReaderSession.Settings(geometry: PageGeometry(width: Self.width, height: Self.height, fontSize: 20),
                                              font: ReaderSessionTests.font, theme: .light, language: "en")
        let reader = try ReaderSession(book: book, path: "stripes.pdf", settings: settings, start: .page(0), stateStore: nil)
        reader.finishBackgroundWork()
        return reader
    }

    /// Two pinches about (400, 300), each spreading the fingers tenfold: 8x.
    private func pinchToEight() -> [TouchFrame] {
        [1000.0, 2000.0].flatMap { time -> [TouchFrame] in
            var frames = (0...20).map { step -> TouchFrame in
                let half = (40 + 360 * Double(step) / 20) / 2
                return TouchFrame(time: time + Double(step) * 16,
                                  touches: [Touch(id: 10, x: 400 - half, y: 300), Touch(id: 11, x: 400 + half, y: 300)])
            }
            frames.append(TouchFrame(time: time + 400, touches: []))
            return frames
        }
    }

    /// The page drawn whole at `scale` with the magnified page's pixel `origin` at the corner.
    private func sharp(_ reader: ReaderSession, scale: Double, origin: Point) throws -> PixelBuffer {
        var frame = PixelBuffer(width: Self.width, height: Self.height)
        let typesetter = reader.renderer.typesetter
        PagePainter(theme: .light).paint(typesetter.layoutPage(0, of: reader.knownPages), fonts: typesetter.fonts,
                                         scaled: try ScaledFontFaces(scale: scale), originX: origin.x / scale,
                                         originY: origin.y / scale, cache: GlyphCache(), into: &frame)
        return frame
    }

    private func origin(_ reader: ReaderSession) -> Point {
        let offset = reader.controller.screenZoomOffset
        return Point(x: offset.x.rounded(), y: offset.y.rounded())
    }

    func testAPageAtRestAtEightTimesIsItsSharpTilesAndNoTileIsBlank() throws {
        let drawing = GatedStripes()
        let reader = try session(drawing: drawing)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(pinchToEight())
        XCTAssertEqual(reader.controller.zoomScale, 8, accuracy: 0.01)
        let scale = reader.controller.zoomScale
        XCTAssertEqual(differing(reader.frame, try sharp(reader, scale: scale, origin: origin(reader))), 0)
        XCTAssertEqual(reader.blankTiles, 0)
        XCTAssertFalse(reader.isMoving, "every tile asked for is drawn and shown")
        XCTAssertGreaterThan(reader.zoomed.pictures?.tiles.count ?? 0, 0)
    }

    func testOnlyTilesInViewAndItsMarginAreDrawn() throws {
        let drawing = GatedStripes()
        let reader = try session(drawing: drawing)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(pinchToEight())
        let scale = reader.controller.zoomScale
        let box = reader.renderer.typesetter.layoutPage(0, of: reader.knownPages).fixedPages[0].box
        let pageX = Int((Double(box.x) * scale).rounded()), pageY = Int((Double(box.y) * scale).rounded())
        let origin = origin(reader)
        let margin = TileGrid.margin
        let reach = PixelRect(x: Int(origin.x) - margin, y: Int(origin.y) - margin, width: Self.width + 2 * margin,
                              height: Self.height + 2 * margin)
        // The drawing's scale: pixels per natural unit (the page is 300 units wide).
        let drawingScale: Double = scale * Double(box.width) / 300
        let atScale = drawing.drawn.filter { region in abs(region.scale - drawingScale) < 0.01 }
        XCTAssertFalse(atScale.isEmpty)
        for region in atScale {
            // The drawing's regions are from the page's own corner; the tiles' from the magnified screen page's.
            let inPage = PixelRect(x: region.rect.x + pageX, y: region.rect.y + pageY, width: region.rect.width,
                                   height: region.rect.height)
            XCTAssertNotNil(inPage.intersection(reach), "\(inPage) lies outside the view and its margin \(reach)")
        }
        let most = TileGrid.mostWanted(viewWidth: Self.width, viewHeight: Self.height)
        XCTAssertLessThanOrEqual(reader.zoomed.pictures?.tiles.count ?? 0, most)
    }

    func testWhileTilesArePendingThePageIsShownMagnifiedNeverBlank() throws {
        let drawing = GatedStripes()
        let reader = try session(drawing: drawing)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(pinchToEight())
        let scale = reader.controller.zoomScale
        drawing.close()
        // A pan far from the tiles drawn (about the page's centre): none of them is in view.
        reader.controller.scrollView.contentOffset = Point(x: 1400, y: 0)
        reader.compose()
        // Later, once the scroll bars have faded from over the page.
        reader.advance(to: 20_000)
        XCTAssertTrue(reader.isMoving, "tiles are on their way")
        var magnified = PixelBuffer(width: Self.width, height: Self.height)
        var compositor = Compositor(width: Self.width, height: Self.height, background: Theme.light.background)
        let origin = origin(reader)
        _ = reader.cache.withPage(0, pagination: reader.knownPages) { page in
            compositor.composeMagnified(page, scale: scale, offsetX: origin.x, offsetY: origin.y, into: &magnified)
        }
        XCTAssertEqual(differing(reader.frame, magnified), 0, "the coarser level, magnified")
        XCTAssertEqual(reader.blankTiles, 0)
        drawing.openGate()
        reader.waitForFrameWork()
        XCTAssertTrue(reader.advance(to: 20_016), "the tiles that came ask for a frame")
        XCTAssertEqual(differing(reader.frame, try sharp(reader, scale: scale, origin: origin)), 0)
        XCTAssertEqual(reader.blankTiles, 0)
        // A frame at the new offset asks for the margin's tiles; once drawn, nothing is left to do.
        reader.waitForFrameWork()
        reader.advance(to: 20_032)
        XCTAssertFalse(reader.isMoving)
    }

    func testAPanAcrossThePageKeepsTheCacheWithinItsBound() throws {
        let drawing = GatedStripes()
        let reader = try session(drawing: drawing)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(pinchToEight())
        let size = reader.controller.scrollView.contentSize
        var time = 10_000.0
        for step in 0...12 {
            let fraction = Double(step) / 12
            reader.controller.scrollView.contentOffset = Point(x: (size.width - Double(Self.width)) * fraction,
                                                               y: (size.height - Double(Self.height)) * fraction)
            reader.compose()
            for _ in 0..<2 {
                reader.waitForFrameWork()
                reader.advance(to: time)
                // Past the scroll bars' fading.
                time += 2000
            }
            let tiles = try XCTUnwrap(reader.zoomed.pictures?.tiles)
            XCTAssertLessThanOrEqual(tiles.bytes, tiles.byteBudget)
        }
        XCTAssertEqual(reader.blankTiles, 0)
        XCTAssertEqual(differing(reader.frame, try sharp(reader, scale: reader.controller.zoomScale, origin: origin(reader))), 0)
    }

    func testAZoomEndedLetsItsTilesGo() throws {
        let drawing = GatedStripes()
        let reader = try session(drawing: drawing)
        defer { reader.stop() }
        try HeadlessRun(session: reader).run(pinchToEight())
        XCTAssertGreaterThan(reader.zoomed.pictures?.tiles.count ?? 0, 0)
        let tap = GestureEvent(time: 20_000, kind: .doubleTap(at: Point(x: 400, y: 300)))
        reader.handle([tap])
        for step in 1...60 { reader.advance(to: 20_000 + Double(step) * 16) }
        XCTAssertFalse(reader.controller.isZoomed)
        XCTAssertEqual(reader.zoomed.pictures?.tiles.count ?? 0, 0)
    }
}

final class TileGridTests: XCTestCase {
    func testTheTilesWantedCoverTheViewFirstThenItsMarginAndNothingElse() {
        let grid = TileGrid(pageWidth: 800, pageHeight: 600, scale: 8)
        let origin = (x: 1000, y: 700)
        let wanted = grid.wanted(viewWidth: 800, viewHeight: 600, origin: origin)
        let view = PixelRect(x: 1000, y: 700, width: 800, height: 600)
        let reach = PixelRect(x: 1000 - TileGrid.margin, y: 700 - TileGrid.margin, width: 800 + 2 * TileGrid.margin,
                              height: 600 + 2 * TileGrid.margin)
        let inView = wanted.prefix { grid.rect(of: $0).intersection(view) != nil }
        XCTAssertEqual(inView.count, 5 * 4, "columns 3...7, rows 2...5")
        XCTAssertTrue(wanted.dropFirst(inView.count).allSatisfy { grid.rect(of: $0).intersection(view) == nil })
        XCTAssertTrue(wanted.allSatisfy { grid.rect(of: $0).intersection(reach) != nil })
        XCTAssertEqual(Set(wanted).count, wanted.count)
        XCTAssertLessThanOrEqual(wanted.count, TileGrid.mostWanted(viewWidth: 800, viewHeight: 600))
        XCTAssertEqual(grid.rect(of: inView[0]).intersection(view), grid.rect(of: inView[0]), "nearest the centre first")
    }

    func testTilesOnThePagesEdgesAreCutShortAndNoneLiesBeyondIt() {
        let grid = TileGrid(pageWidth: 300, pageHeight: 200, scale: 3)
        XCTAssertEqual(grid.width, 900)
        XCTAssertEqual(grid.rect(of: TileCell(column: 3, row: 2)), PixelRect(x: 768, y: 512, width: 132, height: 88))
        let wanted = grid.wanted(viewWidth: 400, viewHeight: 300, origin: (x: 700, y: 400))
        XCTAssertTrue(wanted.allSatisfy { $0.column < grid.columns && $0.row < grid.rows })
    }

    func testTheCacheKeepsItsBoundLettingTheLeastRecentlyUsedGo() {
        let tile = PixelBuffer(width: 256, height: 256)
        var cache = TileCache(byteBudget: 3 * TileCache.bytes(of: tile))
        func key(_ column: Int) -> TileKey { TileKey(pageStart: 0, scale: 8, cell: TileCell(column: column, row: 0)) }
        for column in 0..<3 { cache.insert(tile, for: key(column)) }
        XCTAssertNotNil(cache.use(key(0)))
        cache.insert(tile, for: key(3))
        XCTAssertEqual(cache.count, 3)
        XCTAssertLessThanOrEqual(cache.bytes, cache.byteBudget)
        XCTAssertTrue(cache.contains(key(0)), "used last before the new one")
        XCTAssertFalse(cache.contains(key(1)), "used longest ago")
        XCTAssertTrue(cache.contains(key(3)))
    }
}

final class CompositorTileTests: XCTestCase {
    func testACellWithNeitherItsTileNorThePageIsCountedBlank() {
        var compositor = Compositor(width: 400, height: 300, background: 0xFFFFFF)
        var frame = PixelBuffer(width: 400, height: 300)
        let grid = TileGrid(pageWidth: 400, pageHeight: 300, scale: 4)
        let drawn = PixelBuffer(width: 256, height: 256, fill: 0x112233)
        compositor.composeTiled(base: nil, grid: grid, origin: (x: 256, y: 256), into: &frame) { cell in
            cell == TileCell(column: 1, row: 1) ? drawn : nil
        }
        XCTAssertEqual(frame[0, 0], 0x112233)
        XCTAssertEqual(compositor.blankTiles, 3, "the view overlaps four cells; one is drawn")
        let page = PixelBuffer(width: 400, height: 300, fill: 0x445566)
        compositor.composeTiled(base: page, grid: grid, origin: (x: 256, y: 256), into: &frame) { _ in nil }
        XCTAssertEqual(compositor.blankTiles, 3, "the page magnified stands in")
        XCTAssertEqual(frame[399, 299], 0x445566)
    }

    func testMagnifyingARowAtATimeGivesEachPixelsBilinearMix() {
        var page = PixelBuffer(width: 50, height: 40)
        var seed: UInt32 = 12345
        for y in 0..<40 {
            for x in 0..<50 {
                seed = seed &* 1_103_515_245 &+ 12345
                page[x, y] = seed >> 8 & 0xFFFFFF
            }
        }
        for (scale, offsetX, offsetY) in [(2.7, 13.0, -20.0), (1.05, -5.0, 3.0), (8.0, 100.0, 90.0)] {
            var compositor = Compositor(width: 120, height: 90, background: 0x123456)
            var frame = PixelBuffer(width: 120, height: 90)
            compositor.composeMagnified(page, scale: scale, offsetX: offsetX, offsetY: offsetY, into: &frame)
            var wrong = 0
            // The positions worked out as the compositor does, with the scale's inverse.
            let inverse = 1 / scale
            for y in 0..<90 {
                let row = Compositor.SourceSpan(position: (Double(y) + offsetY + 0.5) * inverse - 0.5, last: 39)
                for x in 0..<120 {
                    let column = Compositor.SourceSpan(position: (Double(x) + offsetX + 0.5) * inverse - 0.5, last: 49)
                    var expected: UInt32 = 0x123456
                    if row.inside, column.inside {
                        let upper = Compositor.mix(page[column.first, row.first], page[column.second, row.first], column.weight)
                        let lower = Compositor.mix(page[column.first, row.second], page[column.second, row.second], column.weight)
                        expected = Compositor.mix(upper, lower, row.weight)
                    }
                    if frame[x, y] != expected { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "at \(scale)x")
        }
    }
}
