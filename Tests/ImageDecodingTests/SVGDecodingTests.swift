import Foundation
import Geometry
import XCTest
@testable import ImageDecoding

/// SVG drawn by librsvg: told by its first bytes, sized from its root
/// element, drawn at the size shown and only the region asked, and never
/// reading anything beside its own bytes.
final class SVGDecodingTests: XCTestCase {
    /// Left half red, right half blue, in a 200 x 100 viewBox.
    private let halves = Array("""
    <?xml version="1.0"?><!-- a comment --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
    <rect width="100" height="100" fill="#ff0000"/><rect x="100" width="100" height="100" fill="#0000ff"/></svg>
    """.utf8)

    func testAnSVGIsToldByItsRootElementAndSizedByItsViewBox() throws {
        XCTAssertEqual(ImageFormat(sniffing: halves), .svg)
        XCTAssertNil(ImageFormat(sniffing: Array("<html><svg/></html>".utf8)))
        XCTAssertEqual(try ImageProbe.info(of: halves), ImageInfo(format: .svg, width: 200, height: 100))
        let sized = Array("<svg xmlns='http://www.w3.org/2000/svg' width='3in' viewBox='0 0 20 10'/>".utf8)
        XCTAssertEqual(try ImageProbe.info(of: sized), ImageInfo(format: .svg, width: 288, height: 144))
        let huge = Array("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 46296.26 40689.13'/>".utf8)
        XCTAssertEqual(try ImageProbe.info(of: huge).width, 4096, "a viewBox in large units is brought within bounds")
    }

    func testItIsDrawnAtTheSizeShownAndOnlyTheRegionAsked() throws {
        let whole = try ImageDecoder.decode(halves, width: 40, height: 20)
        XCTAssertEqual(whole.width, 40)
        XCTAssertEqual(whole.pixels[10 * 40 + 5], 0xFFFF0000)
        XCTAssertEqual(whole.pixels[10 * 40 + 35], 0xFF0000FF)
        let part = try ImageDecoder.decode(halves, width: 400, height: 200, region: PixelRect(x: 190, y: 50, width: 20, height: 10))
        XCTAssertEqual(part.width, 20)
        XCTAssertEqual(part.height, 10)
        XCTAssertEqual(part.pixels[5], 0xFFFF0000, "left of the middle is red")
        XCTAssertEqual(part.pixels[15], 0xFF0000FF, "right of the middle is blue")
    }

    func testNothingBesideTheDocumentIsRead() throws {
        let directory = NSTemporaryDirectory() + "svg-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outside = directory + "/outside.svg"
        try Data("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect width='10' height='10'/></svg>".utf8)
            .write(to: URL(fileURLWithPath: outside))
        let svg = Array("""
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
        <image width="10" height="10" xlink:href="file://\(outside)"/></svg>
        """.utf8)
        let drawn = try ImageDecoder.decode(svg, width: 10, height: 10)
        XCTAssertTrue(drawn.pixels.allSatisfy { $0 == 0 }, "the file beside it is not drawn")
    }

    func testDamagedAndOversizedDocumentsAreRefused() {
        XCTAssertThrowsError(try ImageDecoder.decode(Array("<svg xmlns='http://www.w3.org/2000/svg'><rect".utf8), width: 10, height: 10))
        let big = Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'>".utf8)
            + Array(repeating: UInt8(ascii: " "), count: SVGReader.maximumBytes) + Array("</svg>".utf8)
        XCTAssertThrowsError(try ImageDecoder.decode(big, width: 10, height: 10))
        XCTAssertThrowsError(try ImageDecoder.decode(halves, width: 30_000, height: 10))
    }
}
