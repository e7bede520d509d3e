import Threading
import XCTest

/// A worker that does the jobs asked for last: a new request replaces the
/// waiting ones, and nothing asked for again is done twice.
final class LatestJobsWorkerTests: XCTestCase {
    /// A gate the first job waits at, so that later requests meet a busy worker.
    private final class Gate: @unchecked Sendable {
        let condition = Condition()
        var open = false
        var started: [Int] = []

        func pass(_ job: Int) {
            condition.withLock {
                started.append(job)
                condition.broadcast()
                while !open { condition.wait() }
            }
        }

        func waitForStart(of job: Int) {
            condition.withLock { while !started.contains(job) { condition.wait() } }
        }

        func release() {
            condition.withLock {
                open = true
                condition.broadcast()
            }
        }
    }

    private func worker(_ gate: Gate) throws -> LatestJobsWorker<Int, Int, Int> {
        try LatestJobsWorker(name: "test jobs", niceness: 0, key: { $0 }, resultKey: { $0 / 10 }) { job in
            gate.pass(job)
            return job * 10
        }
    }

    func testANewRequestReplacesTheJobsStillWaiting() throws {
        let gate = Gate()
        let worker = try worker(gate)
        defer { worker.stop() }
        worker.request([1, 2, 3])
        gate.waitForStart(of: 1)
        // 1 is being done: asked again, it is not done twice; 2 and 3 are no longer wanted.
        worker.request([1, 4])
        gate.release()
        worker.waitUntilIdle()
        XCTAssertEqual(worker.takeResults().sorted(), [10, 40])
        XCTAssertEqual(gate.started, [1, 4])
        XCTAssertFalse(worker.isWorking)
    }

    func testAResultNotYetTakenIsNotDoneAgain() throws {
        let gate = Gate()
        gate.release()
        let worker = try worker(gate)
        defer { worker.stop() }
        worker.request([5])
        worker.waitUntilIdle()
        XCTAssertTrue(worker.isWorking, "a result waits to be taken")
        worker.request([5, 6])
        worker.waitUntilIdle()
        XCTAssertEqual(worker.takeResults(), [50, 60])
        worker.request([5])
        worker.waitUntilIdle()
        XCTAssertEqual(worker.takeResults(), [50], "once taken, asked again, it is done again")
        XCTAssertEqual(gate.started, [5, 6, 5])
    }

    func testAStoppedWorkerDropsWhatWaits() throws {
        let gate = Gate()
        let worker = try worker(gate)
        worker.request([1, 2])
        gate.waitForStart(of: 1)
        worker.stop()
        gate.release()
        worker.waitUntilIdle()
        XCTAssertEqual(worker.takeResults(), [10])
        XCTAssertEqual(gate.started, [1])
    }
}
