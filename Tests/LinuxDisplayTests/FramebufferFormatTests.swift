import LinuxDisplay
import XCTest

final class FramebufferFormatTests: XCTestCase {
    private typealias Channel = FramebufferFormat.Channel

    private func format(_ bits: Int, red: (Int, Int), green: (Int, Int), blue: (Int, Int)) -> FramebufferFormat? {
        FramebufferFormat(bitsPerPixel: bits, red: Channel(offset: red.0, length: red.1),
                          green: Channel(offset: green.0, length: green.1), blue: Channel(offset: blue.0, length: blue.1))
    }

    /// The device bytes of XRGB8888 `pixels` in `format`.
    private func converted(_ pixels: [UInt32], to format: FramebufferFormat) -> [UInt8] {
        var out = [UInt8](repeating: 0xEE, count: pixels.count * format.bytesPerPixel + 2)
        pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { destination in
                format.convert(pixels.count, from: source.baseAddress!, to: destination.baseAddress!)  // non-empty arrays
            }
        }
        return out
    }

    // An orange, a pure blue and a white: 0xFF8040, 0x0000FF, 0xFFFFFF.
    private let colours: [UInt32] = [0x00FF_8040, 0x0000_00FF, 0x00FF_FFFF]

    func testXRGB8888IsCopiedAsIs() throws {
        let xrgb = try XCTUnwrap(format(32, red: (16, 8), green: (8, 8), blue: (0, 8)))
        XCTAssertEqual(xrgb, .xrgb8888)
        XCTAssertEqual(converted(colours, to: xrgb),
                       [0x40, 0x80, 0xFF, 0x00, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0xEE, 0xEE])
    }

    func testThirtyTwoBitsWithRedAndBlueSwapped() throws {
        let xbgr = try XCTUnwrap(format(32, red: (0, 8), green: (8, 8), blue: (16, 8)))
        XCTAssertEqual(Array(converted(colours, to: xbgr).prefix(8)), [0xFF, 0x80, 0x40, 0x00, 0x00, 0x00, 0xFF, 0x00])
    }

    func testTwentyFourBitsArePackedThreeBytesAPixel() throws {
        let rgb888 = try XCTUnwrap(format(24, red: (16, 8), green: (8, 8), blue: (0, 8)))
        XCTAssertEqual(converted(colours, to: rgb888), [0x40, 0x80, 0xFF, 0xFF, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xEE, 0xEE])
        let bgr888 = try XCTUnwrap(format(24, red: (0, 8), green: (8, 8), blue: (16, 8)))
        XCTAssertEqual(Array(converted(colours, to: bgr888).prefix(6)), [0xFF, 0x80, 0x40, 0x00, 0x00, 0xFF])
    }

    func testSixteenBitsKeepTheHighBitsOfEachColour() throws {
        let rgb565 = try XCTUnwrap(format(16, red: (11, 5), green: (5, 6), blue: (0, 5)))
        // 0xFF8040 -> red 31, green 32, blue 8: 0xFC08; blue -> 0x001F; white -> 0xFFFF (little-endian).
        XCTAssertEqual(converted(colours, to: rgb565), [0x08, 0xFC, 0x1F, 0x00, 0xFF, 0xFF, 0xEE, 0xEE])
        let rgb555 = try XCTUnwrap(format(16, red: (10, 5), green: (5, 5), blue: (0, 5)))
        // red 31, green 16, blue 8: 0x7E08.
        XCTAssertEqual(Array(converted(colours, to: rgb555).prefix(2)), [0x08, 0x7E])
    }

    func testLayoutsThatCannotBeDrawnAreRefused() {
        XCTAssertNil(format(8, red: (5, 3), green: (2, 3), blue: (0, 2)), "palette sizes")
        XCTAssertNil(format(16, red: (12, 5), green: (5, 6), blue: (0, 5)), "red beyond the pixel")
        XCTAssertNil(format(32, red: (20, 10), green: (10, 10), blue: (0, 10)), "10 bits a colour")
        XCTAssertNil(format(16, red: (11, 0), green: (5, 6), blue: (0, 5)), "no red")
    }

    func testDescriptionNamesEachColour() throws {
        let rgb565 = try XCTUnwrap(format(16, red: (11, 5), green: (5, 6), blue: (0, 5)))
        XCTAssertEqual("\(rgb565)", "16 bpp (red 11+5, green 5+6, blue 0+5)")
    }
}
