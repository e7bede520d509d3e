import TestSupport
import XCTest
@testable import Raster

final class ImageComparisonTests: XCTestCase {
    func testIdenticalImagesHaveNoDiff() {
        let a = PixelBuffer(width: 4, height: 3, stride: 4, fill: 0x808080)
        let b = PixelBuffer(width: 4, height: 3, stride: 9, fill: 0x808080)
        let result = ImageComparison.compare(a, b, tolerance: 0)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertNil(result.diff)
    }

    func testCountsPixelsBeyondTolerance() {
        let a = PixelBuffer(width: 4, height: 2, fill: 0x808080)
        var b = a
        b[0, 0] = 0x828080 // red off by 2
        b[1, 0] = 0x808085 // blue off by 5
        b[3, 1] = 0x000000
        XCTAssertEqual(ImageComparison.compare(a, b, tolerance: 0).differingPixels, 3)
        XCTAssertEqual(ImageComparison.compare(a, b, tolerance: 2).differingPixels, 2)
        XCTAssertEqual(ImageComparison.compare(a, b, tolerance: 5).differingPixels, 1)
        XCTAssertEqual(ImageComparison.compare(a, b, tolerance: 255).differingPixels, 0)
    }

    func testDiffShowsDifferencesInRedOverAFadedCopy() throws {
        let a = PixelBuffer(width: 3, height: 2, fill: 0x000000)
        var b = a
        b[2, 1] = 0x0000FF
        let result = ImageComparison.compare(a, b, tolerance: 0)
        XCTAssertEqual(result.differingPixels, 1)
        let diff = try XCTUnwrap(result.diff)
        XCTAssertEqual(diff.width, 3)
        XCTAssertEqual(diff.height, 2)
        XCTAssertEqual(diff[2, 1], ImageComparison.markColor)
        // Black faded three quarters of the way to white.
        XCTAssertEqual(diff[0, 0], 0xC0C0C0)
        XCTAssertEqual(diff[1, 1], 0xC0C0C0)
    }

    func testDifferentSizesCountTheUnsharedPixels() throws {
        let a = PixelBuffer(width: 3, height: 2, fill: 0xFFFFFF)
        let b = PixelBuffer(width: 2, height: 3, fill: 0xFFFFFF)
        let result = ImageComparison.compare(a, b, tolerance: 0)
        // 3x3 union; the shared 2x2 matches; 5 pixels exist in only one image or neither.
        XCTAssertEqual(result.differingPixels, 5)
        let diff = try XCTUnwrap(result.diff)
        XCTAssertEqual(diff[2, 0], ImageComparison.markColor)
        XCTAssertEqual(diff[1, 1], 0xFFFFFF)
    }
}
