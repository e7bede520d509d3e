import Foundation
import XCTest
import Conformance

/// Unicode's own test files (Debian's unicode-data) through our line
/// breaking and bidi code.
final class ConformanceTests: XCTestCase {
    private func unicodeFile(_ path: String) throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) is not installed (unicode-data)") }
        return path
    }

    func testLineBreakTestPassesAtLeast99Percent() throws {
        let result = try LineBreakConformance.run(path: unicodeFile("/usr/share/unicode/auxiliary/LineBreakTest.txt"))
        let total = result.passed + result.failed
        XCTAssertGreaterThan(total, 5000)
        XCTAssertGreaterThanOrEqual(Double(result.passed) / Double(total), 0.99, "\(result)")
    }

    func testBidiCharacterTestPassesAtLeast99Percent() throws {
        let result = try BidiConformance.run(path: unicodeFile("/usr/share/unicode/BidiCharacterTest.txt"))
        let total = result.passed + result.failed
        XCTAssertGreaterThan(total, 50000)
        XCTAssertGreaterThanOrEqual(Double(result.passed) / Double(total), 0.99, "\(result)")
    }

    func testAMissingTestFileIsNamedInTheError() {
        XCTAssertThrowsError(try LineBreakConformance.run(path: "/no/such/LineBreakTest.txt")) {
            XCTAssertTrue("\($0)".contains("/no/such/LineBreakTest.txt"))
        }
    }
}
