import Glibc
import Threading
import XCTest

final class CurrentThreadTests: XCTestCase {
    /// A line of /proc/thread-self (or another thread's folder) read on the thread itself.
    private static func read(_ path: String) -> String {
        var text = [CChar](repeating: 0, count: 512)
        guard let file = fopen(path, "r") else { return "" }
        _ = fgets(&text, 512, file)
        fclose(file)
        return String(cString: text)
    }

    private final class Handover: @unchecked Sendable {
        let condition = Condition()
        var stat: String?
        var kernelID = 0
        var failure: String?
    }

    func testABackgroundThreadIsNicerAndIdleOnlyItself() throws {
        let handover = Handover()
        try DetachedThread.start(name: "nicer") {
            var failure: String?
            do {
                try CurrentThread.setNiceness(7)
                try CurrentThread.runOnlyWhenIdle()
            } catch {
                failure = "\(error)"
            }
            let stat = Self.read("/proc/thread-self/stat")
            handover.condition.withLock {
                handover.stat = stat
                handover.kernelID = CurrentThread.kernelID
                handover.failure = failure
                handover.condition.broadcast()
            }
        }
        let stat = handover.condition.withLock {
            while handover.stat == nil { handover.condition.wait() }
            return handover.stat ?? ""
        }
        XCTAssertNil(handover.failure)
        // After "(comm)": state is field 3, nice field 19, policy field 41 (SCHED_IDLE is 5).
        let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        XCTAssertEqual(Int(stat.prefix { $0 != " " }), handover.kernelID)
        XCTAssertEqual(fields[19 - 3], "7")
        XCTAssertEqual(fields[41 - 3], "5")
        let mine = Self.read("/proc/thread-self/stat")
        let myFields = mine[mine.index(after: try XCTUnwrap(mine.lastIndex(of: ")")))...].split(separator: " ")
        XCTAssertEqual(myFields[19 - 3], "0", "the test's own thread keeps its niceness")
        XCTAssertEqual(Int(mine.prefix { $0 != " " }), CurrentThread.kernelID)
    }
}
