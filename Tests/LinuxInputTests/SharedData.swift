import Foundation
import XCTest

/// The shared test data lives beside the package: `<package root>/../shared`.
enum SharedData {
    static var touchDirectory: String {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/touch").path
    }

    /// The touch recordings directory, or a skip when it is absent.
    static func requireTouchDirectory() throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: touchDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw XCTSkip("no touch recordings at \(touchDirectory)")
        }
        return touchDirectory
    }
}
