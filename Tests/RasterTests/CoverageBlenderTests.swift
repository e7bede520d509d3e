import XCTest
@testable import Raster

final class CoverageBlenderTests: XCTestCase {
    let blender = CoverageBlender()

    func testEverySRGBValueSurvivesTheLinearRoundTrip() {
        for value in UInt8.min...UInt8.max {
            XCTAssertEqual(blender.sRGB(fromLinear: blender.linear(fromSRGB: value)), value, "value \(value)")
        }
        XCTAssertEqual(blender.linear(fromSRGB: 0), 0)
        XCTAssertEqual(blender.linear(fromSRGB: 255), CoverageBlender.linearMaximum)
    }

    func testZeroCoverageLeavesThePixel() {
        var buffer = PixelBuffer(width: 1, height: 1, fill: 0x336699)
        blender.blend(coverage: [0], width: 1, height: 1, color: 0x000000, atX: 0, y: 0, into: &buffer)
        XCTAssertEqual(buffer[0, 0], 0x336699)
    }

    func testFullCoverageSetsTheColour() {
        var buffer = PixelBuffer(width: 1, height: 1, fill: 0x336699)
        blender.blend(coverage: [255], width: 1, height: 1, color: 0xFF_C0FFEE, atX: 0, y: 0, into: &buffer)
        XCTAssertEqual(buffer[0, 0], 0xC0FFEE, "the top byte of the colour is not written")
    }

    func testHalfCoverageMixesInLinearLight() {
        var buffer = PixelBuffer(width: 1, height: 1, fill: 0xFFFFFF)
        blender.blend(coverage: [128], width: 1, height: 1, color: 0x000000, atX: 0, y: 0, into: &buffer)
        // 127/255 of the white light is left: sRGB 187.2 per channel, far
        // above the 127 a mix of encoded values would give.
        XCTAssertEqual(buffer[0, 0], 0xBBBBBB)
    }

    func testHalfCoverageOfWhiteOnBlack() {
        let mixed = blender.mix(0xFFFFFF, over: 0x000000, coverage: 128)
        // 128/255 of full light encodes to sRGB 188.
        XCTAssertEqual(mixed, 0xBCBCBC)
    }

    func testChannelsMixIndependently() {
        let mixed = blender.mix(0xFF0000, over: 0x0000FF, coverage: 128)
        XCTAssertEqual(mixed, 0xBC00BB)
    }

    func testMixIsMonotonicInCoverage() {
        var previous = UInt32(255)
        for coverage in UInt8.min...UInt8.max {
            let value = blender.mix(0x000000, over: 0xFFFFFF, coverage: coverage) & 0xFF
            XCTAssertLessThanOrEqual(value, previous, "coverage \(coverage)")
            previous = value
        }
        XCTAssertEqual(previous, 0)
    }

    func testMaskIsPlacedAndClipped() {
        var buffer = PixelBuffer(width: 3, height: 3, stride: 4, fill: 0xFFFFFF)
        let mask: [UInt8] = [
            255, 0,
            128, 255,
        ]
        blender.blend(coverage: mask, width: 2, height: 2, color: 0x000000, atX: 2, y: -1, into: &buffer)
        // Only the mask's left column, bottom row lands inside: mask (0,1) at (2,0).
        XCTAssertEqual(buffer[2, 0], 0xBBBBBB)
        var untouched = 0
        for y in 0..<3 { for x in 0..<3 where buffer[x, y] == 0xFFFFFF { untouched += 1 } }
        XCTAssertEqual(untouched, 8)
        XCTAssertEqual(buffer.pixels[3], 0xFFFFFF, "padding is not painted")
    }

    func testGlyphIsPlacedFromPenAndBaseline() {
        var buffer = PixelBuffer(width: 10, height: 10, fill: 0xFFFFFF)
        let glyph = GlyphBitmap(width: 1, height: 2, left: 2, top: 5, coverage: [255, 255])
        blender.blend(glyph, color: 0x102030, penX: 3, baselineY: 8, into: &buffer)
        XCTAssertEqual(buffer[5, 3], 0x102030)
        XCTAssertEqual(buffer[5, 4], 0x102030)
        XCTAssertEqual(buffer.pixels.filter { $0 != 0xFFFFFF }.count, 2)
    }

    func testDarkThemeTextKeepsWeight() {
        // Light ink at half coverage on a dark page lands well above the
        // naive sRGB midpoint, as the same coverage on paper lands above it too.
        let onDark = blender.mix(Theme.dark.ink, over: Theme.dark.background, coverage: 128) & 0xFF
        let naive = ((Theme.dark.ink & 0xFF) + (Theme.dark.background & 0xFF)) / 2
        XCTAssertGreaterThan(onDark, naive)
    }

    func testRampHoldsEveryCoverageOverItsBackground() {
        let ramp = blender.ramp(Theme.light.ink, over: Theme.light.background)
        XCTAssertEqual(ramp.values.count, 256)
        XCTAssertEqual(ramp.values[0], Theme.light.background)
        XCTAssertEqual(ramp.values[255], Theme.light.ink)
        for coverage in UInt8.min...UInt8.max {
            XCTAssertEqual(
                ramp.values[Int(coverage)],
                coverage == 0 ? Theme.light.background : blender.mix(Theme.light.ink, over: Theme.light.background, coverage: coverage))
        }
    }

    func testRampBlendEqualsColourBlendOnAnyBackground() {
        // Every coverage, over the ramp's background and over another colour
        // (where overlapping glyphs or earlier paint sit).
        let mask = (0...255).map { UInt8($0) }
        let ramp = blender.ramp(Theme.dark.ink, over: Theme.dark.background)
        for below in [Theme.dark.background, 0x40_2010] as [UInt32] {
            var withRamp = PixelBuffer(width: 16, height: 16, fill: below)
            var withColour = withRamp
            mask.withUnsafeBufferPointer { pointer in
                blender.blend(coverage: pointer, width: 16, height: 16, ramp: ramp, atX: 0, y: 0, into: &withRamp)
                blender.blend(coverage: pointer, width: 16, height: 16, color: Theme.dark.ink, atX: 0, y: 0, into: &withColour)
            }
            XCTAssertEqual(withRamp, withColour)
            XCTAssertEqual(withRamp[0, 0], below)
            XCTAssertEqual(withRamp[15, 15], Theme.dark.ink)
            XCTAssertEqual(Set(withRamp.pixels), Set(mask.map { blender.mix(Theme.dark.ink, over: below, coverage: $0) }))
        }
    }

    func testGlyphBlendWithRampPlacesLikeColour() {
        let glyph = GlyphBitmap(width: 2, height: 1, left: -1, top: 3, coverage: [200, 60])
        var withRamp = PixelBuffer(width: 6, height: 6, fill: Theme.light.background)
        var withColour = withRamp
        blender.blend(glyph, ramp: blender.ramp(Theme.light.ink, over: Theme.light.background),
                      penX: 2, baselineY: 4, into: &withRamp)
        blender.blend(glyph, color: Theme.light.ink, penX: 2, baselineY: 4, into: &withColour)
        XCTAssertEqual(withRamp, withColour)
        XCTAssertNotEqual(withRamp[1, 1], Theme.light.background)
        XCTAssertNotEqual(withRamp[2, 1], Theme.light.background)
    }
}
