import EPUBConformance
import XCTest

/// The W3C suite's runner: each expectation quotes its test's statement,
/// and judges pass and fail by what the reader shows.
final class W3CConformanceTests: XCTestCase {
    func testEveryCoreAndStretchTestHasAnExpectation() throws {
        let table = SharedCorpus.w3c + "/tests.tsv"
        try XCTSkipUnless(SharedCorpus.exists(table), "the shared W3C tests are absent")
        let results = try W3CSuite.run(directory: SharedCorpus.w3c, only: nil)
        XCTAssertEqual(results.filter { $0.applies == "yes" }.count, 85)
        XCTAssertEqual(results.filter { $0.applies == "stretch" }.count, 14)
        let unquoted = results.filter { $0.observed.contains("pass statement is not in the book") }.map(\.test)
        XCTAssertEqual(unquoted, [], "every quoted statement is the test's own")
        XCTAssertFalse(results.contains { $0.expected.contains("no expectation") })
        XCTAssertFalse(results.contains { !$0.judged && $0.passed }, "what is not judged never passes")
        let passed = Set(results.filter(\.passed).map(\.test))
        for test in ["cnt-xhtml-support", "ocf-zip-comp", "pkg-spine-order", "pub-xml-external-id", "pub-xml-names",
                     "pkg-creator-order", "nav-non-text_img", "pss-support", "ocf-font_obfuscation_bis"] {
            XCTAssertTrue(passed.contains(test), test)
        }
        for test in ["pub-external-links", "ocf-url_origin", "css-epub-text-underline-position"] {
            XCTAssertFalse(passed.contains(test), test)
        }
    }
}
