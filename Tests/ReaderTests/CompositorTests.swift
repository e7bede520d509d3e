import BookModel
import Geometry
import Raster
import Typesetting
@testable import Reader
import XCTest
import Devices

final class CompositorTests: XCTestCase {
    private let background: UInt32 = 0x00F4_EFE6
    private let width = 64, height = 48

    /// A page with ink (distinct pixels) on the rows given, background
    /// elsewhere. `ragged`: each row a short line instead, its pixels
    /// starting and ending at columns that vary from row to row, gaps
    /// between them, and the ink's columns measured.
    private func page(seed: UInt32, inkedRows: [Range<Int>], ragged: Bool = false) -> Compositor.PageImage {
        var pixels = PixelBuffer(width: width, height: height, fill: background)
        var ink = InkRows(rows: height)
        for rows in inkedRows {
            ink.insert(rows)
            for y in rows where y < height {
                let start = ragged ? Int((seed &* 7 &+ UInt32(y) &* 13) % 20) : 0
                let end = ragged ? width - Int((seed &+ UInt32(y) &* 29) % 40) : width
                for x in start..<end where !ragged || (x + y) % 3 != 0 {
                    pixels[x, y] = seed &* 2_654_435_761 &+ UInt32(x * 131 + y) & 0x00FF_FFFF
                }
            }
        }
        let columns = ragged ? InkColumns(measuring: pixels, ink: ink, background: background) : nil
        return Compositor.PageImage(pixels: pixels, ink: ink, columns: columns)
    }

    /// The paging view at `offset` worked out pixel by pixel from the
    /// pages, with no compositor: each frame pixel is the page pixel under
    /// it, or background where there is no page.
    private func reference(_ pages: [Int: Compositor.PageImage], offset: Double) -> PixelBuffer {
        var frame = PixelBuffer(width: width, height: height, fill: background)
        let start = Int(offset.rounded())
        for y in 0..<height {
            for x in 0..<width {
                let contentX = start + x
                let index = contentX >= 0 ? contentX / width : -((-contentX + width - 1) / width)
                if let page = pages[index] { frame[x, y] = page.pixels[contentX - index * width, y] }
            }
        }
        return frame
    }

    func testFramesSkippingRowsKnownBackgroundEqualFramesComposedWhole() {
        let pages = [0: page(seed: 1, inkedRows: [4..<10, 20..<26]), 1: page(seed: 2, inkedRows: [6..<12, 40..<48]),
                     2: page(seed: 3, inkedRows: [0..<2, 20..<30]), 3: page(seed: 4, inkedRows: [])]
        var compositor = Compositor(width: width, height: height, background: background)
        var frame = PixelBuffer(width: width, height: height, fill: 0x0012_3456)
        var state: UInt64 = 5
        // A flick back and forth over the pages and past both ends (no page there).
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let offset = Double(Int((state >> 33) % UInt64(6 * width))) - Double(width)
            compositor.composePaging(offsetX: offset, version: 0, into: &frame) { pages[$0] }
            XCTAssertEqual(frame, reference(pages, offset: offset), "offset \(offset)")
        }
    }

    /// Where two frames first differ ("x,y: got vs expected"), or nil.
    private func firstDifference(_ frame: PixelBuffer, _ expected: PixelBuffer) -> String? {
        for y in 0..<height {
            for x in 0..<width where frame[x, y] != expected[x, y] { return "\(x),\(y): \(frame[x, y]) vs \(expected[x, y])" }
        }
        return nil
    }

    func testInkColumnsAreTheFirstAndLastPixelsThatAreNotBackground() {
        var pixels = PixelBuffer(width: width, height: height, fill: background)
        pixels[7, 3] = 1
        pixels[40, 3] = 2
        pixels[0, 5] = 3
        pixels[width - 1, 9] = 4
        var ink = InkRows(rows: height)
        ink.insert(3..<7)
        let columns = InkColumns(measuring: pixels, ink: ink, background: background)
        XCTAssertEqual(columns.span(of: 3), 7..<41)
        XCTAssertEqual(columns.span(of: 4), 0..<0, "an ink row that is all background")
        XCTAssertEqual(columns.span(of: 5), 0..<1)
        XCTAssertEqual(columns.span(of: 9), 0..<0, "a row outside the ink is not read")
    }

    /// Rows written only between their ink columns, now and in what each
    /// buffer held before, show the same frames as pixel by pixel, in RAM
    /// and straight into two scanout buffers taking turns.
    func testFramesWrittenOnlyBetweenInkColumnsEqualFramesComposedWhole() {
        let pages = [0: page(seed: 1, inkedRows: [4..<10, 20..<26], ragged: true),
                     1: page(seed: 2, inkedRows: [6..<12, 22..<30, 40..<48], ragged: true),
                     2: page(seed: 3, inkedRows: [0..<2, 20..<30], ragged: true),
                     3: page(seed: 4, inkedRows: [], ragged: true)]
        var inRAM = Compositor(width: width, height: height, background: background)
        var straight = Compositor(width: width, height: height, background: background)
        var frame = PixelBuffer(width: width, height: height, fill: 0x0012_3456)
        let scanout = ScanoutMemoryDisplay(width: width, height: height, fill: 0x0065_4321)
        var state: UInt64 = 9
        for step in 0..<300 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let offset = Double(Int((state >> 33) % UInt64(6 * width))) - Double(width)
            let expected = reference(pages, offset: offset)
            inRAM.composePaging(offsetX: offset, version: 0, into: &frame) { pages[$0] }
            XCTAssertNil(firstDifference(frame, expected), "in RAM, step \(step), offset \(offset)")
            guard let target = scanout.backBuffer else { return XCTFail("no back buffer") }
            let written = straight.composePaging(offsetX: offset, version: 0, into: target) { pages[$0] }
            var shown = PixelBuffer(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    shown[x, y] = target.pixels.load(fromByteOffset: y * target.stride + x * 4, as: UInt32.self)
                }
            }
            XCTAssertNil(firstDifference(shown, expected), "straight, step \(step), offset \(offset)")
            _ = scanout.presentBackBuffer(written: written, at: 0)
            scanout.completeFlip()
        }
    }

    /// A page's part of a row it has no ink on is written as background
    /// without being read: the ink rows are what the compositor trusts.
    func testAPagePartOfARowWithoutInkIsBackgroundWithoutReadingThePage() {
        let left = page(seed: 1, inkedRows: [4..<10])
        var right = page(seed: 2, inkedRows: [6..<8])
        // Row 5 of the right page holds something its ink rows do not own up to.
        right.pixels.fill(PixelRect(x: 0, y: 5, width: width, height: 1), with: 0x00AB_CDEF)
        var compositor = Compositor(width: width, height: height, background: background)
        var frame = PixelBuffer(width: width, height: height)
        compositor.composePaging(offsetX: 20, version: 0, into: &frame) { [left, right][$0] }
        XCTAssertEqual(frame[60, 5], background, "the right page's row 5 was not read")
        XCTAssertEqual(frame[10, 5], left.pixels[30, 5])
        XCTAssertEqual(frame[60, 7], right.pixels[16, 7])
        XCTAssertEqual(frame[10, 7], left.pixels[30, 7])
    }

    func testAFrameDrawnOverIsComposedWholeAgain() {
        let pages = [0: page(seed: 1, inkedRows: [4..<10]), 1: page(seed: 2, inkedRows: [30..<34])]
        var compositor = Compositor(width: width, height: height, background: background)
        var frame = PixelBuffer(width: width, height: height)
        compositor.composePaging(offsetX: 10, version: 0, into: &frame) { pages[$0] }
        // An overlay over rows the pages leave background.
        frame.fill(PixelRect(x: 0, y: 40, width: width, height: 8), with: 0x0000_00FF)
        compositor.frameWasDrawnOver()
        compositor.composePaging(offsetX: 12, version: 0, into: &frame) { pages[$0] }
        XCTAssertEqual(frame, reference(pages, offset: 12))
        // A new background colour repaints the rows kept as the old one.
        compositor.background = 0x0010_1010
        compositor.composePaging(offsetX: 12, version: 0, into: &frame) { pages[$0] }
        XCTAssertEqual(frame[0, 45], 0x0010_1010)
    }

    /// The damage is every row whose pixels changed, and only those: the
    /// same picture again changes nothing; rows drawn over come back when
    /// asked for, and only they.
    func testDamageIsTheRowsThatChanged() {
        let pages = [0: page(seed: 1, inkedRows: [4..<10]), 1: page(seed: 2, inkedRows: [30..<34])]
        var compositor = Compositor(width: width, height: height, background: background)
        // Rows are compared as arrays: a copy of the frame would make its next write a new buffer.
        var frame = PixelBuffer(width: width, height: height, fill: background)
        var damage = compositor.composePaging(offsetX: 10, version: 0, into: &frame) { pages[$0] }
        XCTAssertEqual(damage.runs, [0..<height], "a frame the compositor has not seen is written whole")
        let before = (0..<height).map { row($0, of: frame) }
        damage = compositor.composePaging(offsetX: 10, version: 0, into: &frame) { pages[$0] }
        XCTAssertTrue(damage.isEmpty, "the same offset and pictures changed \(damage.runs)")

        // Another offset: the rows outside the damage are as they were.
        damage = compositor.composePaging(offsetX: 30, version: 0, into: &frame) { pages[$0] }
        for y in 0..<height where !damage.contains(y) {
            XCTAssertEqual(row(y, of: frame), before[y], "row \(y) changed outside the damage")
        }
        XCTAssertTrue(damage.contains(5) && damage.contains(31) && !damage.contains(20), "\(damage.runs)")
        XCTAssertEqual(frame, reference(pages, offset: 30))

        // A panel drawn over rows 40..<48, then taken away: those rows alone are composed again.
        frame.fill(PixelRect(x: 0, y: 40, width: width, height: 8), with: 0x0000_00FF)
        compositor.rowsWereDrawnOver(40..<48)
        damage = compositor.composePaging(offsetX: 30, version: 0, rows: 40..<48, into: &frame) { pages[$0] }
        XCTAssertEqual(damage.runs, [40..<48])
        XCTAssertEqual(frame, reference(pages, offset: 30))

        // Another version of the pictures at the same offset is composed again.
        damage = compositor.composePaging(offsetX: 30, version: 1, into: &frame) { pages[$0] }
        XCTAssertTrue(damage.contains(5), "a new version of the pages is written")

        // A page drawn again (another drawing number) is composed again; its neighbour's drawing alone is not asked for.
        var redrawn = pages
        redrawn[0]?.drawing = 7
        damage = compositor.composePaging(offsetX: 30, version: 1, into: &frame) { redrawn[$0] }
        XCTAssertTrue(damage.contains(5), "a page drawn again is written")
        redrawn[2] = page(seed: 9, inkedRows: [1..<3])
        redrawn[2]?.drawing = 8
        damage = compositor.composePaging(offsetX: 30, version: 1, into: &frame) { redrawn[$0] }
        XCTAssertTrue(damage.isEmpty, "a page off screen drawn again changes nothing")
    }

    private func row(_ y: Int, of frame: PixelBuffer) -> [UInt32] { (0..<width).map { frame[$0, y] } }

    func testInkRowsHoldRangesAcrossWordBoundaries() {
        var ink = InkRows(rows: 200)
        ink.insert(60..<130)
        ink.insert(-5..<2)
        ink.insert(190..<400)
        XCTAssertEqual((0..<200).filter(ink.contains), Array(0..<2) + Array(60..<130) + Array(190..<200))
        ink.remove(64)
        XCTAssertFalse(ink.contains(64))
        XCTAssertTrue(InkRows(rows: 70).isEmpty)
        XCTAssertEqual((0..<70).filter(InkRows.all(rows: 70).contains).count, 70)
    }

    /// Clearing only the rows the buffer's last page inked leaves the same
    /// picture as clearing it whole, page after page, and the rows called
    /// background are background.
    func testPagesDrawnOverTheInkOfTheLastOnesEqualPagesDrawnOnClearedBuffers() throws {
        let book = try ReaderSessionTests.longBook()
        let geometry = PageGeometry(width: 300, height: 220, fontSize: 14)
        let typesetter = try Typesetter(book: book, geometry: geometry, font: ReaderSessionTests.font)
        let pagination = typesetter.paginate()
        let painter = PagePainter(theme: .light)
        let cache = GlyphCache()
        var recycled = PixelBuffer(width: 300, height: 220, fill: 0x0012_3456)
        var ink = InkRows.all(rows: 220)
        for page in [0, 1, 5, 2, 0, pagination.pages.count - 1] {
            let layout = typesetter.layoutPage(page, of: pagination)
            painter.paint(layout, fonts: typesetter.fonts, cache: cache, into: &recycled, ink: &ink)
            var fresh = PixelBuffer(width: 300, height: 220, fill: 0x0012_3456)
            painter.paint(layout, fonts: typesetter.fonts, cache: cache, into: &fresh)
            XCTAssertEqual(recycled, fresh, "page \(page)")
            XCTAssertFalse(ink.isEmpty, "page \(page)")
            for y in 0..<220 where !ink.contains(y) {
                XCTAssert((0..<300).allSatisfy { fresh[$0, y] == Theme.light.background }, "page \(page) row \(y)")
            }
        }
    }
}
