import Foundation
import Raster
import TestSupport
import XCTest

/// Compares `buffer` with `Tests/RasterTests/Goldens/NAME.png` (written
/// anew when recording is asked for), failing the calling test on a
/// difference; the pictures that differ go to `.build/golden-failures`.
func assertMatchesGolden(_ buffer: PixelBuffer, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let image = GoldenImage(
        goldenPath: packageRoot.appendingPathComponent("Tests/RasterTests/Goldens/\(name).png").path,
        outputDirectory: packageRoot.appendingPathComponent(".build/golden-failures").path)
    let outcome = try image.check(buffer, record: GoldenImage.recordingRequested(in: ProcessInfo.processInfo.environment))
    if let message = outcome.failureMessage { XCTFail(message, file: file, line: line) }
}
