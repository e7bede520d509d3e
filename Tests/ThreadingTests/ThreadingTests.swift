import Glibc
import Threading
import XCTest

final class ThreadingTests: XCTestCase {
    /// A result handed from a started thread through the condition.
    private final class Handover: @unchecked Sendable {
        let condition = Condition()
        var values: [Int] = []
        var threadName = ""
    }

    func testStartedThreadsRunAndHandTheirResultsOver() throws {
        let handover = Handover()
        for index in 0..<8 {
            try DetachedThread.start(name: "worker-\(index)") {
                handover.condition.withLock {
                    handover.values.append(index)
                    handover.condition.broadcast()
                }
            }
        }
        handover.condition.withLock {
            while handover.values.count < 8 { handover.condition.wait() }
        }
        XCTAssertEqual(handover.values.sorted(), Array(0..<8))
    }

    func testAThreadCarriesItsNameCutToWhatTheKernelKeeps() throws {
        let handover = Handover()
        try DetachedThread.start(name: "a-rather-long-thread-name") {
            var name = [CChar](repeating: 0, count: 64)
            let file = fopen("/proc/thread-self/comm", "r")
            if let file { _ = fgets(&name, 64, file); fclose(file) }
            let text = String(cString: name).trimmingCharacters(in: .newlines)
            handover.condition.withLock {
                handover.threadName = text
                handover.condition.broadcast()
            }
        }
        handover.condition.withLock {
            while handover.threadName.isEmpty { handover.condition.wait() }
        }
        XCTAssertEqual(handover.threadName, "a-rather-long-t")
    }

    func testWaitingReleasesTheLockSoAnotherThreadCanSignal() throws {
        let handover = Handover()
        handover.condition.lock()
        try DetachedThread.start(name: "signaller") {
            // Gets the lock only while the test thread waits.
            handover.condition.withLock {
                handover.values = [1]
                handover.condition.signal()
            }
        }
        while handover.values.isEmpty { handover.condition.wait() }
        handover.condition.unlock()
        XCTAssertEqual(handover.values, [1])
    }

    func testStartupJobsRunInTheOrderAddedOnOneThreadOfTheirOwn() {
        let handover = Handover()
        let work = StartupWork()
        for index in 0..<5 {
            work.add {
                var name = [CChar](repeating: 0, count: 64)
                if let file = fopen("/proc/thread-self/comm", "r") { _ = fgets(&name, 64, file); fclose(file) }
                let thread = String(cString: name).trimmingCharacters(in: .newlines)
                handover.condition.withLock {
                    handover.values.append(index)
                    handover.threadName += thread + ";"
                    handover.condition.broadcast()
                }
            }
        }
        work.start(name: "loads")
        handover.condition.withLock {
            while handover.values.count < 5 { handover.condition.wait() }
        }
        XCTAssertEqual(handover.values, [0, 1, 2, 3, 4])
        XCTAssertEqual(handover.threadName, String(repeating: "loads;", count: 5))
    }
}
