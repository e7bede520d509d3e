import LinuxSystem
import XCTest
@testable import Threading

final class StartGateTests: XCTestCase {
    /// Work behind the gate waits for it, then goes; later work goes at once.
    func testWorkBehindTheGateStartsOnlyOnceItOpens() throws {
        let gate = StartGate()
        let done = Condition()
        nonisolated(unsafe) var started = 0
        for _ in 0..<2 {
            try DetachedThread.start(name: "gated") {
                gate.wait()
                done.withLock { started += 1; done.broadcast() }
            }
        }
        sleepMilliseconds(50)
        XCTAssertEqual(done.withLock { started }, 0, "nothing starts before the gate opens")
        gate.open()
        done.withLock { while started < 2 { done.wait() } }
        gate.wait() // open: returns at once
        XCTAssertEqual(done.withLock { started }, 2)
    }
}
