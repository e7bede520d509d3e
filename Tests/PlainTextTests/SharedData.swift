import Foundation
import XCTest

/// Locates ../shared beside the package; tests that need it skip without it.
enum SharedData {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func books() throws -> URL {
        let url = packageRoot.appendingPathComponent("../shared/books").standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("../shared/books is not present")
        }
        return url
    }

    static let defaultFont = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
}
