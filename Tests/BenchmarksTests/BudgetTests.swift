import XCTest
@testable import Benchmarks

final class BudgetTests: XCTestCase {
    func testAFileOfBudgetsParsesWithCommentsSizesAndFrames() throws {
        let budgets = try BudgetFile.parse("""
            # start-up
            first_page_ms            <= 60   # the reader's first page
            flick_stalls             == 0

            peak_rss_mb              <= 5 frames + 24
            peak_rss_mb at 800x480   <= 5 frames + 20
            epub_paginate_ratio_mupdf < 1
            library_books            >= 1000
            scanout_bytes_frame      <= 2 frames
            """)
        XCTAssertEqual(budgets, [
            Budget(figure: "first_page_ms", comparison: .atMost, constant: 60),
            Budget(figure: "flick_stalls", comparison: .exactly, constant: 0),
            Budget(figure: "peak_rss_mb", comparison: .atMost, frames: 5, constant: 24),
            Budget(figure: "peak_rss_mb", comparison: .atMost, frames: 5, constant: 20, size: "800x480"),
            Budget(figure: "epub_paginate_ratio_mupdf", comparison: .below, constant: 1),
            Budget(figure: "library_books", comparison: .atLeast, constant: 1000),
            Budget(figure: "scanout_bytes_frame", comparison: .atMost, frames: 2, constant: 0),
        ])
        XCTAssertEqual(budgets.map(\.text), ["<= 60", "== 0", "<= 5 frames + 24", "<= 5 frames + 20", "< 1", ">= 1000",
                                             "<= 2 frames"])
    }

    func testAMalformedLineIsNamedByItsNumber() {
        for (text, line) in [("a <= 1\nb about 3", 2), ("a <= lots", 1), ("a <= 1 frames + ", 1), ("a at big <= 1", 1),
                             ("\n\nfirst_page_ms", 3)] {
            XCTAssertThrowsError(try BudgetFile.parse(text), text) { error in
                XCTAssertEqual((error as? BudgetFile.ParseError)?.line, line, text)
            }
        }
    }

    func testEachComparisonJudgesAtItsEdge() {
        let atMost = Budget(figure: "x", comparison: .atMost, constant: 2)
        XCTAssertTrue(atMost.admits(2, frameMegabytes: 0))
        XCTAssertFalse(atMost.admits(2.01, frameMegabytes: 0))
        let below = Budget(figure: "x", comparison: .below, constant: 1)
        XCTAssertTrue(below.admits(0.99, frameMegabytes: 0))
        XCTAssertFalse(below.admits(1, frameMegabytes: 0))
        let exactly = Budget(figure: "x", comparison: .exactly, constant: 0)
        XCTAssertTrue(exactly.admits(0, frameMegabytes: 0))
        XCTAssertFalse(exactly.admits(1, frameMegabytes: 0))
        let atLeast = Budget(figure: "x", comparison: .atLeast, constant: 10)
        XCTAssertTrue(atLeast.admits(10, frameMegabytes: 0))
        XCTAssertFalse(atLeast.admits(9, frameMegabytes: 0))
    }

    func testAMemoryBudgetGrowsWithTheFrame() {
        let budget = Budget(figure: "peak_rss_mb", comparison: .atMost, frames: 5, constant: 24)
        let frame1280 = Double(1280 * 800 * 4) / 1_048_576  // 3.90625 MB
        XCTAssertEqual(budget.limit(frameMegabytes: frame1280), 5 * frame1280 + 24, accuracy: 1e-9)
        XCTAssertTrue(budget.admits(43, frameMegabytes: frame1280))
        XCTAssertFalse(budget.admits(44, frameMegabytes: frame1280))
        let frame1080 = Double(1920 * 1080 * 4) / 1_048_576
        XCTAssertTrue(budget.admits(63, frameMegabytes: frame1080))
    }

    func testASizesOwnBudgetReplacesTheGeneralOneThere() throws {
        let budgets = try BudgetFile.parse("""
            peak_rss_mb <= 5 frames + 24
            peak_rss_mb at 800x480 <= 5 frames + 20
            render_page_warm_ms at 1920x1080 <= 2
            """)
        XCTAssertEqual(BudgetFile.applicable(budgets, size: "800x480").map(\.constant), [20])
        XCTAssertEqual(BudgetFile.applicable(budgets, size: "1280x800").map(\.figure), ["peak_rss_mb"])
        XCTAssertEqual(BudgetFile.applicable(budgets, size: "1920x1080").map(\.figure), ["peak_rss_mb", "render_page_warm_ms"])
    }

    func testAQuotasOwnBudgetReplacesTheSizesAndTheGeneralOne() throws {
        let budgets = try BudgetFile.parse("""
            first_page_ms <= 60
            first_page_ms at 800x480 <= 50
            first_page_ms at 25% <= 120
            flick_stalls == 0
            peak_rss_mb at 800x480 <= 5 frames + 20
            """)
        XCTAssertEqual(BudgetFile.applicable(budgets, size: "800x480", quota: "25%").map(\.constant), [120, 0, 20])
        XCTAssertEqual(BudgetFile.applicable(budgets, size: "800x480").map(\.constant), [50, 0, 20])
        XCTAssertEqual(BudgetFile.applicable(budgets, size: "1280x800", quota: "50%").map(\.constant), [60, 0])
        XCTAssertThrowsError(try BudgetFile.parse("first_page_ms at 125% <= 1"))
    }

    func testVerdictsPassFailOrSayAFigureWasNotMeasured() throws {
        let budgets = try BudgetFile.parse("first_page_ms <= 60\nflick_stalls == 0\nidle_cpu_ms <= 5")
        let verdicts = BudgetFile.judge(budgets, figures: ["first_page_ms": 31.5, "flick_stalls": 2], size: "1280x800",
                                        frameMegabytes: 3.9)
        XCTAssertEqual(verdicts.map(\.passed), [true, false, nil])
        XCTAssertEqual(verdicts.map(\.limit), [60, 0, 5])
        XCTAssertTrue(verdicts[0].line.hasPrefix("first_page_ms "), verdicts[0].line)
        XCTAssertTrue(verdicts[0].line.contains("31.5"), verdicts[0].line)
        XCTAssertTrue(verdicts[0].line.hasSuffix("pass"), verdicts[0].line)
        XCTAssertTrue(verdicts[1].line.hasSuffix("FAIL"), verdicts[1].line)
        XCTAssertTrue(verdicts[2].line.hasSuffix("not measured"), verdicts[2].line)
    }

    func testTheDefaultFileIsTheNearestAboveTheExecutableElseTheCurrentFolders() {
        let files: Set = ["/src/ebook-fb/Sources/Benchmarks/budgets.txt", "/home/me/budgets.txt"]
        XCTAssertEqual(BudgetFile.defaultPath(executable: "/src/ebook-fb/.build/x86_64-unknown-linux-gnu/release/ebook-fb",
                                              currentFolder: "/home/me", exists: files.contains),
                       "/src/ebook-fb/Sources/Benchmarks/budgets.txt")
        XCTAssertEqual(BudgetFile.defaultPath(executable: "/usr/bin/ebook-fb", currentFolder: "/home/me", exists: files.contains),
                       "/home/me/budgets.txt")
        XCTAssertNil(BudgetFile.defaultPath(executable: "/usr/bin/ebook-fb", currentFolder: "/tmp", exists: files.contains))
    }
}
