import Conformance
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
        XCTAssertEqual(results.filter { $0.applies == "fxl" }.count, 50)
        let unquoted = results.filter { $0.observed.contains("pass statement is not in the book") }.map(\.test)
        XCTAssertEqual(unquoted, [], "every quoted statement is the test's own")
        XCTAssertFalse(results.contains { $0.expected.contains("no expectation") })
        XCTAssertFalse(results.contains { !$0.judged && $0.passed }, "what is not judged never passes")
        for result in results where !result.statement.isEmpty {
            XCTAssertTrue(result.expected.contains(result.statement), "\(result.test): the expectation quotes the statement")
        }
        let passed = Set(results.filter(\.passed).map(\.test))
        XCTAssertGreaterThanOrEqual(results.filter { $0.applies == "yes" && $0.passed }.count, 80)
        for test in ["cnt-xhtml-support", "ocf-zip-comp", "pkg-spine-order", "pub-xml-external-id", "pub-xml-names",
                     "pkg-creator-order", "nav-non-text_img", "pss-support", "ocf-font_obfuscation_bis",
                     "pub-cmt-png", "pub-data-urls_browsing-context", "cnt-css-fonts_woff2", "ocf-font_obfuscation",
                     "css-epub-hyphens", "css-epub-word-break", "css-epub-line-break", "css-epub-text-align-last",
                     "pkg-dir_but_not_content", "pub-cmt-svg", "cnt-svg-css", "cnt-svg-css-inclusion",
                     "cnt-svg-css-reference", "cnt-svg-embedded", "cnt-svg-support", "lay-fxl-xhtml-icb_units",
                     "lay-pp-spine-overrides_image-spine-pp", "fxl-spine-overrides_duplicate"] {
            XCTAssertTrue(passed.contains(test), test)
        }
        XCTAssertGreaterThanOrEqual(results.filter { $0.applies == "fxl" && $0.passed }.count, 40)
        // Nothing the reader cannot do passes: AVIF and JPEG XL are not decoded, a reflowable
        // document is never half a spread, and a portrait screen never turns a page.
        for test in ["pub-external-links", "ocf-url_origin", "css-epub-text-underline-position", "pub-cmt-avif",
                     "pub-cmt-jxl", "lay-page-layout-both-spread", "lay-fxl-orientation-landscape"] {
            XCTAssertFalse(passed.contains(test), test)
        }
    }
}
