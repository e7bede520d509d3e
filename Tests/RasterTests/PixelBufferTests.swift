import Geometry
import XCTest
@testable import Raster

final class PixelBufferTests: XCTestCase {
    /// A buffer whose every pixel encodes its own position, padding marked.
    private func numbered(width: Int, height: Int, stride: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, stride: stride, fill: 0xDEAD)
        for y in 0..<height {
            for x in 0..<width { buffer[x, y] = UInt32(y << 8 | x) }
        }
        return buffer
    }

    func testNewBufferIsFilledAndSized() {
        let buffer = PixelBuffer(width: 3, height: 2, stride: 5, fill: 0x123456)
        XCTAssertEqual(buffer.width, 3)
        XCTAssertEqual(buffer.height, 2)
        XCTAssertEqual(buffer.stride, 5)
        XCTAssertEqual(buffer.bytesPerRow, 20)
        XCTAssertEqual(buffer.pixels.count, 10)
        XCTAssertEqual(buffer[2, 1], 0x123456)
    }

    func testStrideDefaultsToWidth() {
        XCTAssertEqual(PixelBuffer(width: 7, height: 2).stride, 7)
    }

    func testPixelReadWriteUsesStride() {
        var buffer = PixelBuffer(width: 4, height: 3, stride: 6)
        buffer[3, 2] = 0xABCDEF
        XCTAssertEqual(buffer.pixels[2 * 6 + 3], 0xABCDEF)
        XCTAssertEqual(buffer.pixel(x: 3, y: 2), 0xABCDEF)
        XCTAssertNil(buffer.pixel(x: 4, y: 0), "column past the width is padding, not image")
        XCTAssertNil(buffer.pixel(x: 0, y: 3))
        XCTAssertNil(buffer.pixel(x: -1, y: 0))
    }

    func testFillAll() {
        var buffer = PixelBuffer(width: 3, height: 3, stride: 4, fill: 1)
        buffer.fill(0x00FF00)
        XCTAssertTrue(buffer.pixels.allSatisfy { $0 == 0x00FF00 })
    }

    func testFillRectIsClippedToBuffer() {
        var buffer = PixelBuffer(width: 5, height: 4, stride: 8, fill: 0)
        buffer.fill(PixelRect(x: 3, y: -2, width: 10, height: 4), with: 7)
        for y in 0..<4 {
            for x in 0..<5 {
                let inside = x >= 3 && y < 2
                XCTAssertEqual(buffer[x, y], inside ? 7 : 0, "pixel (\(x), \(y))")
            }
        }
        // Padding columns stay untouched by a clipped rect fill.
        XCTAssertEqual(buffer.pixels[5], 0)
        XCTAssertEqual(buffer.pixels[7], 0)
    }

    func testFillRectOutsideDoesNothing() {
        var buffer = PixelBuffer(width: 2, height: 2, fill: 9)
        buffer.fill(PixelRect(x: 2, y: 0, width: 3, height: 3), with: 1)
        buffer.fill(PixelRect(x: -5, y: -5, width: 5, height: 20), with: 1)
        buffer.fill(PixelRect(x: 0, y: 0, width: 0, height: 2), with: 1)
        XCTAssertTrue(buffer.pixels.allSatisfy { $0 == 9 })
    }

    func testFillFullWidthRowsWithPadding() {
        var buffer = PixelBuffer(width: 3, height: 4, stride: 3, fill: 0)
        buffer.fill(PixelRect(x: 0, y: 1, width: 3, height: 2), with: 5)
        XCTAssertEqual(buffer.pixels, [0, 0, 0, 5, 5, 5, 5, 5, 5, 0, 0, 0])
    }

    func testCopyRectBetweenDifferentStrides() {
        let source = numbered(width: 6, height: 5, stride: 9)
        var destination = PixelBuffer(width: 4, height: 4, stride: 7, fill: 0xEEEEEE)
        destination.copy(from: source, sourceRect: PixelRect(x: 2, y: 1, width: 3, height: 2), toX: 1, y: 2)
        for y in 0..<4 {
            for x in 0..<4 {
                let expected: UInt32
                if (1..<4).contains(x) && (2..<4).contains(y) {
                    expected = UInt32((y - 1) << 8 | (x + 1))
                } else {
                    expected = 0xEEEEEE
                }
                XCTAssertEqual(destination[x, y], expected, "pixel (\(x), \(y))")
            }
        }
    }

    func testCopyIsClippedOnEverySide() {
        let source = numbered(width: 4, height: 4, stride: 4)
        var destination = PixelBuffer(width: 3, height: 3, stride: 5, fill: 0xEEEEEE)
        // Source rect hangs off the source's top-left; landing hangs off the destination's right.
        destination.copy(from: source, sourceRect: PixelRect(x: -1, y: -1, width: 4, height: 4), toX: 1, y: 0)
        // Source (0,0) lands at (2,1); only column 2 of the destination is writable from there.
        for y in 0..<3 {
            for x in 0..<3 {
                let expected: UInt32 = (x == 2 && y >= 1) ? UInt32((y - 1) << 8) : 0xEEEEEE
                XCTAssertEqual(destination[x, y], expected, "pixel (\(x), \(y))")
            }
        }
    }

    func testClippedCopyRegion() {
        let region = PixelBuffer.clippedCopy(
            sourceRect: PixelRect(x: -2, y: 0, width: 10, height: 3),
            sourceBounds: PixelRect(x: 0, y: 0, width: 5, height: 5),
            destinationX: -1, destinationY: 4,
            destinationBounds: PixelRect(x: 0, y: 0, width: 6, height: 6))
        XCTAssertEqual(region, .init(sourceX: 0, sourceY: 0, destinationX: 1, destinationY: 4, width: 5, height: 2))
        XCTAssertNil(PixelBuffer.clippedCopy(
            sourceRect: PixelRect(x: 0, y: 0, width: 3, height: 3),
            sourceBounds: PixelRect(x: 0, y: 0, width: 3, height: 3),
            destinationX: 3, destinationY: 0,
            destinationBounds: PixelRect(x: 0, y: 0, width: 3, height: 3)))
    }

    /// Two pages side by side at a horizontal offset, as a frame is composed
    /// during a swipe.
    func testComposeFrameFromTwoPagesAtOffset() {
        let width = 8, height = 3, offset = 3
        let left = PixelBuffer(width: width, height: height, stride: 10, fill: 0xAAAAAA)
        let right = PixelBuffer(width: width, height: height, stride: 10, fill: 0xBBBBBB)
        var frame = PixelBuffer(width: width, height: height, stride: 12, fill: 0)
        frame.copy(from: left, toX: -offset, y: 0)
        frame.copy(from: right, toX: width - offset, y: 0)
        for y in 0..<height {
            for x in 0..<width {
                XCTAssertEqual(frame[x, y], x < width - offset ? 0xAAAAAA : 0xBBBBBB)
            }
        }
    }

    func testContiguousCopyOfWholeBuffer() {
        let source = numbered(width: 5, height: 4, stride: 5)
        var destination = PixelBuffer(width: 5, height: 4, fill: 0)
        destination.copy(from: source, toX: 0, y: 0)
        XCTAssertEqual(destination, source)
        XCTAssertEqual(destination.pixels, source.pixels)
    }

    func testRowBytesExposeVisiblePixelsOnly() {
        var buffer = PixelBuffer(width: 2, height: 2, stride: 3, fill: 0xFFFFFFFF)
        buffer[0, 1] = 0x00112233
        buffer[1, 1] = 0x00445566
        let row = buffer.withRowBytes(1) { Array($0) }
        XCTAssertEqual(row.count, 8)
        let words = stride(from: 0, to: 8, by: 4).map { offset in
            row[offset..<offset + 4].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * $1.offset) }
        }
        XCTAssertEqual(words, [0x00112233, 0x00445566])
        XCTAssertEqual(buffer.withUnsafeBytes { $0.count }, 3 * 2 * 4)
    }

    func testEqualityIgnoresStrideAndPadding() {
        var narrow = PixelBuffer(width: 2, height: 2, stride: 2, fill: 4)
        let wide = PixelBuffer(width: 2, height: 2, stride: 5, fill: 4)
        XCTAssertEqual(narrow, wide)
        narrow[1, 1] = 5
        XCTAssertNotEqual(narrow, wide)
        XCTAssertNotEqual(PixelBuffer(width: 2, height: 1), PixelBuffer(width: 1, height: 2))
    }
}
