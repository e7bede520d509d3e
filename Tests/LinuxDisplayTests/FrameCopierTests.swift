import Geometry
import LinuxDisplay
import XCTest

final class FrameCopierTests: XCTestCase {
    /// A logical frame whose every pixel names its position: 0xYYXX.
    private func frame(width: Int, height: Int, stride: Int) -> [UInt32] {
        var pixels = [UInt32](repeating: 0xDEAD, count: stride * height)
        for y in 0..<height { for x in 0..<width { pixels[y * stride + x] = UInt32(y << 8 | x) } }
        return pixels
    }

    /// Copies into a scanout-like buffer pre-filled with a sentinel and returns it as pixels.
    private func copy(_ copier: FrameCopier, rows: Range<Int>, source: [UInt32], sourceStride: Int) -> [UInt32] {
        let words = copier.pitch / 4 * copier.physicalHeight
        var target = [UInt32](repeating: 0xFFFF_FFFF, count: words)
        source.withUnsafeBytes { pixels in
            target.withUnsafeMutableBytes { memory in
                copier.copy(rows: rows, from: pixels, sourceStride: sourceStride * 4, to: memory.baseAddress!)  // non-empty array
            }
        }
        return target
    }

    func testUprightCopyHonoursBothStridesAndLeavesThePaddingAlone() {
        // 3x2 frame with a source stride of 4 pixels into a pitch of 5 pixels.
        let copier = FrameCopier(rotation: .none, physicalWidth: 3, physicalHeight: 2, pitch: 20)
        let out = copy(copier, rows: 0..<2, source: frame(width: 3, height: 2, stride: 4), sourceStride: 4)
        XCTAssertEqual(out, [0x000, 0x001, 0x002, 0xFFFF_FFFF, 0xFFFF_FFFF,
                             0x100, 0x101, 0x102, 0xFFFF_FFFF, 0xFFFF_FFFF])
    }

    func testOnlyTheDamagedRowsAreWritten() {
        let copier = FrameCopier(rotation: .none, physicalWidth: 2, physicalHeight: 3, pitch: 8)
        let out = copy(copier, rows: 1..<2, source: frame(width: 2, height: 3, stride: 2), sourceStride: 2)
        XCTAssertEqual(out, [0xFFFF_FFFF, 0xFFFF_FFFF, 0x100, 0x101, 0xFFFF_FFFF, 0xFFFF_FFFF])
    }

    func testHalfTurn() {
        let copier = FrameCopier(rotation: .half, physicalWidth: 3, physicalHeight: 2, pitch: 12)
        let out = copy(copier, rows: 0..<2, source: frame(width: 3, height: 2, stride: 3), sourceStride: 3)
        XCTAssertEqual(out, [0x102, 0x101, 0x100,
                             0x002, 0x001, 0x000])
    }

    func testQuarterTurnClockwise() {
        // Upright 3 wide x 2 high on a panel 2 wide x 3 high: the top row
        // of the picture runs down the panel's right edge.
        let copier = FrameCopier(rotation: .quarter, physicalWidth: 2, physicalHeight: 3, pitch: 8)
        XCTAssertEqual(copier.logicalWidth, 3)
        XCTAssertEqual(copier.logicalHeight, 2)
        let out = copy(copier, rows: 0..<2, source: frame(width: 3, height: 2, stride: 3), sourceStride: 3)
        XCTAssertEqual(out, [0x100, 0x000,
                             0x101, 0x001,
                             0x102, 0x002])
    }

    func testThreeQuarterTurn() {
        let copier = FrameCopier(rotation: .threeQuarters, physicalWidth: 2, physicalHeight: 3, pitch: 8)
        let out = copy(copier, rows: 0..<2, source: frame(width: 3, height: 2, stride: 3), sourceStride: 3)
        XCTAssertEqual(out, [0x002, 0x102,
                             0x001, 0x101,
                             0x000, 0x100])
    }

    func testRotatedDamageWritesOnlyItsColumns() {
        let copier = FrameCopier(rotation: .quarter, physicalWidth: 2, physicalHeight: 3, pitch: 8)
        let out = copy(copier, rows: 1..<2, source: frame(width: 3, height: 2, stride: 3), sourceStride: 3)
        XCTAssertEqual(out, [0x100, 0xFFFF_FFFF, 0x101, 0xFFFF_FFFF, 0x102, 0xFFFF_FFFF])
    }

    func testRowsPastTheFrameAreClamped() {
        let copier = FrameCopier(rotation: .none, physicalWidth: 2, physicalHeight: 2, pitch: 8)
        let out = copy(copier, rows: 1..<10, source: frame(width: 2, height: 2, stride: 2), sourceStride: 2)
        XCTAssertEqual(out, [0xFFFF_FFFF, 0xFFFF_FFFF, 0x100, 0x101])
    }

    func testPanelRectanglesForDirtyFB() {
        let size = (physicalWidth: 800, physicalHeight: 480)
        func rect(_ rotation: Rotation, _ rows: Range<Int>) -> [Int] {
            let r = FrameCopier(rotation: rotation, physicalWidth: size.physicalWidth, physicalHeight: size.physicalHeight,
                                pitch: 3200).panelRect(rows: rows)
            return [r.x, r.y, r.width, r.height]
        }
        XCTAssertEqual(rect(.none, 10..<20), [0, 10, 800, 10])
        XCTAssertEqual(rect(.half, 10..<20), [0, 460, 800, 10])
        XCTAssertEqual(rect(.quarter, 10..<20), [780, 0, 10, 480])
        XCTAssertEqual(rect(.threeQuarters, 10..<20), [10, 0, 10, 480])
    }
}
