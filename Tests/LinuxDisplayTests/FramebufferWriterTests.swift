import LinuxDisplay
import XCTest

final class FramebufferWriterTests: XCTestCase {
    /// A 4x6 screen at 24 bpp with rows padded to 16 bytes, and `virtualHeight` rows of memory.
    private func layout(virtualHeight: Int = 6, panStep: Int = 1) -> FramebufferLayout {
        let format = FramebufferFormat(bitsPerPixel: 24, red: .init(offset: 16, length: 8), green: .init(offset: 8, length: 8),
                                       blue: .init(offset: 0, length: 8))!  // a valid 24-bit layout
        return FramebufferLayout(width: 4, height: 6, virtualHeight: virtualHeight, lineLength: 16, panStep: panStep,
                                 format: format, memorySize: virtualHeight * 16)
    }

    func testPansOnlyWithTwoScreensOfMemoryAndAPanningDriver() {
        XCTAssertEqual(layout(virtualHeight: 12).pageCount, 2)
        XCTAssertEqual(layout(virtualHeight: 13).pageCount, 2)
        XCTAssertEqual(layout(virtualHeight: 11).pageCount, 1, "the second page does not fit")
        XCTAssertEqual(layout(virtualHeight: 12, panStep: 0).pageCount, 1, "the driver cannot pan")
        XCTAssertEqual(layout(virtualHeight: 12, panStep: 4).pageCount, 1, "the second page's first row is not a pan step")
        XCTAssertEqual(layout(virtualHeight: 12).firstRow(ofPage: 1), 6)
        XCTAssertEqual(layout(virtualHeight: 12).byteOffset(ofPage: 1), 96)
    }

    func testImpossibleLayoutsSayWhy() {
        let format = FramebufferFormat.xrgb8888
        XCTAssertEqual(FramebufferLayout(width: 4, height: 6, virtualHeight: 6, lineLength: 12, panStep: 1, format: format,
                                         memorySize: 96).problem, "has rows of 12 bytes, too short for 4 pixels")
        XCTAssertEqual(FramebufferLayout(width: 4, height: 6, virtualHeight: 6, lineLength: 16, panStep: 1, format: format,
                                         memorySize: 80).problem, "maps 80 bytes, too few for 6 rows")
        XCTAssertNil(layout().problem)
    }

    func testWithoutPanningOnlyTheDamagedRowsAreWritten() {
        let memory = FakeFramebuffer(layout: layout())
        var writer = FramebufferWriter(layout: memory.layout)
        XCTAssertFalse(writer.pans)
        // The first frame fills the page whatever its damage says.
        let first = memory.write(memory.frame(0x0010_2030), damage: memory.damage(2..<3), with: &writer)
        XCTAssertEqual(first.page, 0)
        XCTAssertEqual(first.rows.count, 6)
        XCTAssertEqual(memory.bytes(x: 3, y: 5), [0x30, 0x20, 0x10])
        XCTAssertEqual(memory.bytes(x: 0, y: 0), [0x30, 0x20, 0x10])
        // Then only rows 1 and 4 of the next frame.
        let second = memory.write(memory.frame(0x00AA_BBCC), damage: memory.damage(1..<2, 4..<5), with: &writer)
        XCTAssertEqual(second.page, 0)
        XCTAssertEqual(second.rows.runs, [1..<2, 4..<5])
        for y in 0..<6 {
            XCTAssertEqual(memory.bytes(x: 2, y: y), [1, 4].contains(y) ? [0xCC, 0xBB, 0xAA] : [0x30, 0x20, 0x10], "row \(y)")
        }
        // The padding after each row's 12 bytes is never written.
        XCTAssertEqual(memory.memory[12..<16].map { $0 }, [0xEE, 0xEE, 0xEE, 0xEE])
    }

    func testPanningAlternatesPagesAndCatchesUpWhatEachMissed() {
        let memory = FakeFramebuffer(layout: layout(virtualHeight: 12))
        var writer = FramebufferWriter(layout: memory.layout)
        XCTAssertTrue(writer.pans)
        XCTAssertEqual(writer.nextPage, 1, "the first frame goes to the page not on the glass")
        let first = memory.write(memory.frame(0x0000_0001), damage: memory.damage(0..<6), with: &writer)
        XCTAssertEqual(first.page, 1)
        writer.shown(page: first.page)
        XCTAssertTrue((0..<6).allSatisfy { memory.isUntouched(page: 0, row: $0) }, "the page on the glass is not written")
        // The second frame goes to page 0, which has never been written: all of it.
        let second = memory.write(memory.frame(0x0000_0002), damage: memory.damage(3..<4), with: &writer)
        XCTAssertEqual(second.page, 0)
        XCTAssertEqual(second.rows.count, 6)
        writer.shown(page: second.page)
        // The third goes to page 1 again: its own row 5 and row 3, which page 1 missed.
        let third = memory.write(memory.frame(0x0000_0003), damage: memory.damage(5..<6), with: &writer)
        XCTAssertEqual(third.page, 1)
        XCTAssertEqual(third.rows.runs, [3..<4, 5..<6])
        XCTAssertEqual((0..<6).map { memory.bytes(page: 1, x: 0, y: $0)[0] }, [1, 1, 1, 3, 1, 3])
        XCTAssertEqual((0..<6).map { memory.bytes(page: 0, x: 0, y: $0)[0] }, [2, 2, 2, 2, 2, 2])
    }

    func testTakingTheScreenBackRewritesEveryRow() {
        let memory = FakeFramebuffer(layout: layout())
        var writer = FramebufferWriter(layout: memory.layout)
        _ = memory.write(memory.frame(0x0000_0001), damage: memory.damage(0..<6), with: &writer)
        writer.invalidateAll()
        let again = memory.write(memory.frame(0x0000_0002), damage: memory.damage(), with: &writer)
        XCTAssertEqual(again.rows.count, 6)
        XCTAssertEqual(memory.bytes(x: 1, y: 4), [0x02, 0x00, 0x00])
    }
}
