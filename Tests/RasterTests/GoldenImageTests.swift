import Foundation
import Geometry
import TestSupport
import XCTest
@testable import Raster

final class GoldenImageTests: XCTestCase {
    private func page(ink: UInt32) -> PixelBuffer {
        var buffer = PixelBuffer(width: 12, height: 8, fill: Theme.light.background)
        buffer.fill(PixelRect(x: 2, y: 2, width: 6, height: 3), with: ink)
        return buffer
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testRecordingRequestedOnlyByTheVariableSetToOne() {
        XCTAssertTrue(GoldenImage.recordingRequested(in: ["EBOOK_FB_RECORD_GOLDENS": "1"]))
        XCTAssertFalse(GoldenImage.recordingRequested(in: ["EBOOK_FB_RECORD_GOLDENS": "0"]))
        XCTAssertFalse(GoldenImage.recordingRequested(in: [:]))
    }

    func testRecordThenMatch() throws {
        let directory = try TemporaryDirectory()
        let golden = GoldenImage(goldenPath: directory.file("goldens/page.png"), outputDirectory: directory.file("out"))
        XCTAssertEqual(try golden.check(page(ink: 0), record: true), .recorded(goldenPath: golden.goldenPath))
        XCTAssertEqual(try PNGReader.read(golden.goldenPath), page(ink: 0))
        let outcome = try golden.check(page(ink: 0), record: false)
        XCTAssertEqual(outcome, .matched(differingPixels: 0))
        XCTAssertNil(outcome.failureMessage)
        XCTAssertFalse(exists(golden.actualPath))
        XCTAssertFalse(exists(golden.diffPath))
    }

    func testMismatchWritesActualAndDiffBesideEachOther() throws {
        let directory = try TemporaryDirectory()
        let golden = GoldenImage(goldenPath: directory.file("page.png"), outputDirectory: directory.file("out"))
        _ = try golden.check(page(ink: 0x000000), record: true)
        let outcome = try golden.check(page(ink: 0x333333), record: false)
        XCTAssertEqual(outcome, .mismatched(
            differingPixels: 18, actualPath: directory.file("out/page.actual.png"),
            diffPath: directory.file("out/page.diff.png")))
        XCTAssertEqual(try PNGReader.read(golden.actualPath), page(ink: 0x333333))
        let diff = try PNGReader.read(golden.diffPath)
        XCTAssertEqual(diff[3, 3], ImageComparison.markColor)
        XCTAssertNotEqual(diff[0, 0], ImageComparison.markColor)
        XCTAssertTrue(outcome.failureMessage?.contains("18 pixels differ") ?? false)
        XCTAssertTrue(outcome.failureMessage?.contains(golden.diffPath) ?? false)

        // A later match clears the stale output.
        XCTAssertEqual(try golden.check(page(ink: 0), record: false), .matched(differingPixels: 0))
        XCTAssertFalse(exists(golden.actualPath))
        XCTAssertFalse(exists(golden.diffPath))
    }

    func testToleranceAndAllowanceAcceptSmallDifferences() throws {
        let directory = try TemporaryDirectory()
        var golden = GoldenImage(goldenPath: directory.file("page.png"), outputDirectory: directory.path)
        _ = try golden.check(page(ink: 0x000000), record: true)
        golden.tolerance = 0x33
        XCTAssertEqual(try golden.check(page(ink: 0x333333), record: false), .matched(differingPixels: 0))
        golden.tolerance = 0
        golden.allowedDifferingPixels = 18
        XCTAssertEqual(try golden.check(page(ink: 0x333333), record: false), .matched(differingPixels: 18))
    }

    func testMissingGoldenWritesTheActualImage() throws {
        let directory = try TemporaryDirectory()
        let golden = GoldenImage(goldenPath: directory.file("absent.png"), outputDirectory: directory.file("out"))
        let outcome = try golden.check(page(ink: 0), record: false)
        XCTAssertEqual(outcome, .missingGolden(goldenPath: golden.goldenPath, actualPath: golden.actualPath))
        XCTAssertTrue(exists(golden.actualPath))
        XCTAssertFalse(exists(golden.goldenPath), "a golden is only written in record mode")
        XCTAssertTrue(outcome.failureMessage?.contains("EBOOK_FB_RECORD_GOLDENS=1") ?? false)
    }

    func testNameDropsThePNGExtension() {
        let golden = GoldenImage(goldenPath: "/a/b/chapter-1.png", outputDirectory: "/tmp/out")
        XCTAssertEqual(golden.name, "chapter-1")
        XCTAssertEqual(golden.actualPath, "/tmp/out/chapter-1.actual.png")
        XCTAssertEqual(golden.diffPath, "/tmp/out/chapter-1.diff.png")
    }
}
