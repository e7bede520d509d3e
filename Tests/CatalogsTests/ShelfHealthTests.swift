import XCTest
@testable import Catalogs

final class ShelfHealthTests: XCTestCase {
    func testPassesAreCountedAndTheLastSuccessKept() {
        var health = ShelfHealth()
        var first = ShelfSummary()
        first.added = 2
        health.record(first, at: 1000)
        health.record(nil, at: 1600)
        var third = ShelfSummary()
        third.removed = 1
        third.failed = 1
        health.record(third, at: 2200)
        XCTAssertEqual(health.lastAttemptSeconds, 2200)
        XCTAssertEqual(health.lastSuccessSeconds, 2200)
        XCTAssertFalse(health.lastPassSucceeded, "a book that failed makes the pass not ok")
        XCTAssertEqual(health.passesFailed, 1)
        XCTAssertEqual(health.downloadsFailed, 1)
        XCTAssertEqual(health.booksAdded, 2)
        XCTAssertEqual(health.booksRemoved, 1)
    }

    func testTheTextIsPrometheusExposition() {
        var health = ShelfHealth()
        health.record(nil, at: 42)
        let text = health.text
        XCTAssertTrue(text.contains("# TYPE ebook_fb_shelf_passes_failed_total counter\nebook_fb_shelf_passes_failed_total 1\n"))
        XCTAssertTrue(text.contains("ebook_fb_shelf_last_attempt_timestamp_seconds 42\n"))
        XCTAssertFalse(text.contains("last_success"), "no success yet, no timestamp for it")
        XCTAssertTrue(text.contains("ebook_fb_shelf_last_pass_ok 0\n"))
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            XCTAssertTrue(line.hasPrefix("ebook_fb_shelf_"), String(line))
            XCTAssertEqual(line.split(separator: " ").count, 2, String(line))
        }
    }

    func testRetriesBackOffUpToTheInterval() {
        XCTAssertEqual((0...6).map { ShelfRetry.waitMinutes(afterFailures: $0, interval: 30) }, [30, 1, 2, 4, 8, 16, 30])
        XCTAssertEqual(ShelfRetry.waitMinutes(afterFailures: 100, interval: 60), 60)
        XCTAssertEqual(ShelfRetry.waitMinutes(afterFailures: 3, interval: 1), 1)
    }
}
