import XCTest
@testable import Benchmarks

/// The governor's budget of CPU time: a quarter of one core earned as time
/// goes, a burst spent at once, and a process that owes stopped until it
/// has paid (pure, times given).
final class CPUBudgetTests: XCTestCase {
    func testAProcessThatRunsFlatOutGetsItsShareAndNoMore() {
        var budget = CPUBudget(share: 0.25, burst: 2.5)
        var processor = 0.0, ran = 0.0
        var running = budget.mayRun(wall: 0, processor: 0)
        // Each half millisecond the process uses all of it while it may run.
        for step in 1...20_000 {
            if running {
                processor += 0.5
                ran += 0.5
            }
            running = budget.mayRun(wall: Double(step) * 0.5, processor: processor)
        }
        XCTAssertEqual(ran / 10_000, 0.25, accuracy: 0.01, "a quarter of 10 s")
        XCTAssertGreaterThanOrEqual(budget.balance, -0.5, "never owes more than a tick")
    }

    func testAnIdleProcessSavesOnlyItsBurst() {
        var budget = CPUBudget(share: 0.25, burst: 2.5)
        XCTAssertTrue(budget.mayRun(wall: 0, processor: 0))
        XCTAssertTrue(budget.mayRun(wall: 1000, processor: 1), "idle: it may run")
        XCTAssertEqual(budget.balance, 2.5, "saved no more than the burst")
        XCTAssertTrue(budget.mayRun(wall: 1001, processor: 3.5), "the burst spent, and the quarter of 1 ms earned")
        XCTAssertEqual(budget.balance, 0.25, accuracy: 1e-9)
        XCTAssertFalse(budget.mayRun(wall: 1002, processor: 4.5), "owes: stopped")
        XCTAssertFalse(budget.mayRun(wall: 1003, processor: 4.5), "a stopped process earns a quarter of each ms")
        XCTAssertTrue(budget.mayRun(wall: 1004, processor: 4.5), "paid back: it runs again")
    }

    func testAQuotaIsAWholePercentageOfOneCore() throws {
        XCTAssertEqual(try CPUQuota(percent: 25).burst, 2.5)
        XCTAssertThrowsError(try CPUQuota(percent: 0))
        XCTAssertThrowsError(try CPUQuota(percent: 150))
    }
}
