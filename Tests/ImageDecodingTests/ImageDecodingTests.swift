import Geometry
import XCTest
@testable import ImageDecoding

/// Header probes, decoding at the drawn size, and the limits on what an
/// image may claim, for each format, on images made by the formats' own encoders.
final class ImageDecodingTests: XCTestCase {
    private let width = 64, height = 40

    private func samples() -> [(ImageFormat, [UInt8])] {
        let rgba = TestImages.halves(width: width, height: height)
        return [(.png, TestImages.png(rgba, width: width, height: height)),
                (.jpeg, TestImages.jpeg(rgba, width: width, height: height)),
                (.gif, TestImages.gif(width: width, height: height)),
                (.webp, TestImages.webp(rgba, width: width, height: height))]
    }

    func testProbeReadsFormatAndSizeFromTheHeader() throws {
        for (format, bytes) in samples() {
            XCTAssertEqual(try ImageProbe.info(of: bytes), ImageInfo(format: format, width: width, height: height), "\(format)")
            // The header alone is enough: the first bytes of the file.
            let head = Array(bytes.prefix(format == .jpeg ? 700 : 40))
            XCTAssertEqual(try ImageProbe.info(of: head).width, width, "\(format) from \(head.count) bytes")
        }
    }

    func testUnknownAndDamagedHeadersAreRefused() {
        XCTAssertThrowsError(try ImageProbe.info(of: Array("plain text, not an image".utf8))) { error in
            XCTAssertEqual(error as? ImageError, .unknownFormat)
        }
        var png = TestImages.png(TestImages.halves(width: 4, height: 4), width: 4, height: 4)
        png[20] ^= 0xFF // inside IHDR: its CRC no longer matches
        XCTAssertThrowsError(try ImageProbe.info(of: png))
    }

    func testClaimedSizesPastTheLimitsAreRefusedBeforeAnyAllocation() throws {
        let png = TestImages.pngClaiming(width: 60000, height: 60000)
        XCTAssertThrowsError(try ImageProbe.info(of: png)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(width: 60000, height: 60000))
        }
        XCTAssertThrowsError(try ImageDecoder.decode(png, width: 100, height: 100)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(width: 60000, height: 60000))
        }
        // A GIF's logical screen claims 60000x60000 (bytes 6-9, little endian).
        var gif = TestImages.gif(width: 8, height: 8)
        gif[6] = 0x60; gif[7] = 0xEA; gif[8] = 0x60; gif[9] = 0xEA
        XCTAssertThrowsError(try ImageProbe.info(of: gif)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(width: 60000, height: 60000))
        }
        // A JPEG's frame header claims 60000x60000.
        var jpeg = TestImages.jpeg(TestImages.halves(width: 8, height: 8), width: 8, height: 8)
        let sof = try XCTUnwrap((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg[sof + 5] = 0xEA; jpeg[sof + 6] = 0x60; jpeg[sof + 7] = 0xEA; jpeg[sof + 8] = 0x60
        XCTAssertThrowsError(try ImageProbe.info(of: jpeg)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(width: 60000, height: 60000))
        }
        let small = ImageLimits(maximumSide: 32, maximumPixels: 1000)
        XCTAssertThrowsError(try ImageProbe.info(of: samples()[0].1, limits: small))
    }

    func testEachFormatDecodesAtTheDrawnSize() throws {
        for (format, bytes) in samples() {
            let image = try ImageDecoder.decode(bytes, width: 16, height: 10)
            XCTAssertEqual(image.width, 16, "\(format)")
            XCTAssertEqual(image.height, 10, "\(format)")
            XCTAssertEqual(image.pixels.count, 160, "\(format)")
            assertColour(image.pixels[5 * 16 + 2], red: 255, blue: 0, "\(format) left half")
            assertColour(image.pixels[5 * 16 + 13], red: 0, blue: 255, "\(format) right half")
        }
    }

    func testOnlyTheRegionAskedForIsDecoded() throws {
        for (format, bytes) in samples() {
            // The right half of the image drawn at 4x: blue only.
            let region = PixelRect(x: 160, y: 40, width: 60, height: 30)
            let image = try ImageDecoder.decode(bytes, width: 256, height: 160, region: region)
            XCTAssertEqual(image.width, 60, "\(format)")
            XCTAssertEqual(image.height, 30, "\(format)")
            for pixel in [0, 29, 59, 30 * 60 - 1] {
                assertColour(image.pixels[pixel], red: 0, blue: 255, "\(format) pixel \(pixel)")
            }
        }
    }

    func testTransparencyIsPremultiplied() throws {
        let rgba = TestImages.halves(width: 8, height: 8, transparentCorner: true)
        for bytes in [TestImages.png(rgba, width: 8, height: 8), TestImages.webp(rgba, width: 8, height: 8),
                      TestImages.gif(width: 8, height: 8, transparentCorner: true)] {
            let image = try ImageDecoder.decode(bytes, width: 8, height: 8)
            XCTAssertEqual(image.pixels[0] >> 24, 0, "transparent corner")
            XCTAssertEqual(image.pixels[0] & 0xFF_FFFF, 0, "no colour where there is no alpha")
            XCTAssertEqual(image.pixels[9], 0xFFFF_0000)
        }
    }

    func testInterlacedImagesDecode() throws {
        let rgba = TestImages.halves(width: 20, height: 13)
        for bytes in [TestImages.png(rgba, width: 20, height: 13, interlaced: true),
                      TestImages.gif(width: 20, height: 13, interlaced: true)] {
            XCTAssertEqual(try ImageProbe.info(of: bytes).height, 13)
            let image = try ImageDecoder.decode(bytes, width: 20, height: 13)
            for y in 0..<13 {
                assertColour(image.pixels[y * 20 + 3], red: 255, blue: 0, "row \(y) left")
                assertColour(image.pixels[y * 20 + 16], red: 0, blue: 255, "row \(y) right")
            }
        }
    }

    func testJPEGScaleIsTheSmallestThatCoversTheDrawnSize() {
        XCTAssertEqual(JPEGScale.eighths(source: (4000, 3000), target: (500, 375)), 1)
        XCTAssertEqual(JPEGScale.eighths(source: (4000, 3000), target: (501, 300)), 2)
        XCTAssertEqual(JPEGScale.eighths(source: (4000, 3000), target: (3000, 100)), 6)
        XCTAssertEqual(JPEGScale.eighths(source: (400, 300), target: (800, 600)), 8)
    }

    func testTruncatedFilesNeverCrash() throws {
        for (format, bytes) in samples() {
            for length in [bytes.count / 3, bytes.count / 2, bytes.count - 4] {
                // Either the rows it had, or a clear error.
                if let image = try? ImageDecoder.decode(Array(bytes.prefix(length)), width: 16, height: 10) {
                    XCTAssertEqual(image.pixels.count, 160, "\(format) cut at \(length)")
                }
            }
        }
    }

    func testResamplerAveragesShrunkPixelsAndInterpolatesEnlargedOnes() {
        // Two source columns, black and white, shrunk to one: grey.
        var shrink = ImageResampler(sourceWidth: 2, sourceHeight: 1, width: 1, height: 1,
                                    region: PixelRect(x: 0, y: 0, width: 1, height: 1))
        let row: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255]
        row.withUnsafeBufferPointer { _ = shrink.add(row: $0.baseAddress!, index: 0) }
        XCTAssertEqual(shrink.finish().pixels, [0xFF80_8080])
        // Enlarged four times: the ends keep their colours, the middle blends.
        var enlarge = ImageResampler(sourceWidth: 2, sourceHeight: 1, width: 8, height: 1,
                                     region: PixelRect(x: 0, y: 0, width: 8, height: 1))
        row.withUnsafeBufferPointer { _ = enlarge.add(row: $0.baseAddress!, index: 0) }
        let pixels = enlarge.finish().pixels
        XCTAssertEqual(pixels.first, 0xFF00_0000)
        XCTAssertEqual(pixels.last, 0xFFFF_FFFF)
        XCTAssertEqual(pixels.map { $0 & 0xFF }, pixels.map { $0 & 0xFF }.sorted())
    }

    func testResamplerStopsAskingForRowsPastTheRegion() {
        var resampler = ImageResampler(sourceWidth: 4, sourceHeight: 100, width: 4, height: 10,
                                       region: PixelRect(x: 0, y: 0, width: 4, height: 2))
        let row = [UInt8](repeating: 255, count: 16)
        var taken = 0
        row.withUnsafeBufferPointer { pointer in
            while resampler.add(row: pointer.baseAddress!, index: taken) { taken += 1 }
        }
        XCTAssertEqual(taken, 19, "two output rows of ten source rows each")
    }

    private func assertColour(_ pixel: UInt32, red: UInt32, blue: UInt32, _ message: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(pixel >> 24, 255, "\(message): opaque", file: file, line: line)
        XCTAssertEqual(Double(pixel >> 16 & 0xFF), Double(red), accuracy: 40, "\(message): red", file: file, line: line)
        XCTAssertEqual(Double(pixel & 0xFF), Double(blue), accuracy: 40, "\(message): blue", file: file, line: line)
    }
}
