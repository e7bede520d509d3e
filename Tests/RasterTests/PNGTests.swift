import Foundation
import TestSupport
import XCTest
@testable import Raster

final class PNGTests: XCTestCase {
    /// Distinct values in every channel so a swapped or dropped byte shows.
    private func gradient(width: Int, height: Int, stride: Int) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height, stride: stride, fill: 0xFFFFFF)
        for y in 0..<height {
            for x in 0..<width {
                buffer[x, y] = UInt32((x * 37) & 0xFF) << 16 | UInt32((y * 53) & 0xFF) << 8 | UInt32((x + y) * 11 & 0xFF)
            }
        }
        return buffer
    }

    func testWriteThenReadGivesTheSamePixels() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("round-trip.png")
        let original = gradient(width: 23, height: 11, stride: 30)
        try PNGWriter.write(original, to: path)
        let read = try PNGReader.read(path)
        XCTAssertEqual(read.width, 23)
        XCTAssertEqual(read.height, 11)
        XCTAssertEqual(read, original)
    }

    func testFileIsAnRGBPNGWithoutAlpha() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("header.png")
        try PNGWriter.write(PixelBuffer(width: 3, height: 2, fill: 0x102030), to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width, height, bit depth 8, colour type 2 (truecolour, no alpha).
        XCTAssertEqual(Array(bytes[16..<26]), [0, 0, 0, 3, 0, 0, 0, 2, 8, 2])
    }

    func testWritingIntoAMissingDirectoryNamesThePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("no-such-directory/page.png")
        XCTAssertThrowsError(try PNGWriter.write(PixelBuffer(width: 2, height: 2), to: path)) { error in
            guard let error = error as? PNGError else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(error.operation, .write)
            XCTAssertEqual(error.path, path)
            XCTAssertTrue(error.description.contains(path), error.description)
            XCTAssertTrue(error.reason.contains("No such file or directory"), error.reason)
        }
    }

    func testWritingAnEmptyImageThrows() throws {
        let directory = try TemporaryDirectory()
        XCTAssertThrowsError(try PNGWriter.write(PixelBuffer(width: 0, height: 5), to: directory.file("empty.png"))) {
            XCTAssertTrue("\($0)".contains("empty"), "\($0)")
        }
    }

    func testReadingAMissingFileNamesThePath() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("absent.png")
        XCTAssertThrowsError(try PNGReader.read(path)) { error in
            guard let error = error as? PNGError else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(error.operation, .read)
            XCTAssertEqual(error.path, path)
            XCTAssertTrue(error.reason.contains("No such file or directory"), error.reason)
        }
    }

    func testReadingANonPNGFileThrows() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("text.png")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNGReader.read(path)) { error in
            XCTAssertEqual((error as? PNGError)?.path, path)
        }
    }
}
