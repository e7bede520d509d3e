import Threading
import XCTest

/// A worker's results kept for the asking thread: the ones used last stay,
/// and what is kept is not asked for again.
final class KeptResultsTests: XCTestCase {
    /// Jobs are numbers; a result is the number ten times over, known by its job.
    private final class Counter: @unchecked Sendable {
        let condition = Condition()
        var done: [Int] = []
    }

    private func kept(capacity: Int, counter: Counter) throws -> KeptResults<Int, Int, Int> {
        let worker = try LatestJobsWorker<Int, Int, Int>(name: "test kept", niceness: 0, key: { $0 }, resultKey: { $0 / 10 }) { job in
            counter.condition.withLock { counter.done.append(job) }
            return job * 10
        }
        return KeptResults(worker: worker, capacity: capacity)
    }

    func testTheResultsUsedLastStayAndKeptOnesAreNotDoneAgain() throws {
        let counter = Counter()
        let kept = try kept(capacity: 2, counter: counter)
        defer { kept.stop() }
        kept.want([1, 2])
        XCTAssertTrue(kept.finishWork())
        XCTAssertEqual(kept.result(for: 1), 10, "1 is now the one used last")
        kept.want([1, 2, 3])
        XCTAssertTrue(kept.finishWork())
        XCTAssertEqual(counter.condition.withLock { counter.done }, [1, 2, 3], "what was kept is not done again")
        XCTAssertEqual(kept.result(for: 3), 30)
        XCTAssertEqual(kept.result(for: 1), 10)
        XCTAssertFalse(kept.contains(2), "the one used longest ago left")
        kept.want([1, 3])
        XCTAssertFalse(kept.finishWork(), "nothing to do")
    }
}
