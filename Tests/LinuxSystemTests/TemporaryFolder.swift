import Foundation
import XCTest

/// A folder of one test's own under /tmp, removed with its contents.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/linuxsystem-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("cannot make a temporary folder") }
        path = String(cString: made)
    }

    var entries: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func contents(of name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path + "/" + name).map(Array.init)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// A pipe's two ends, closed by the test.
struct Pipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw XCTSkip("cannot make a pipe") }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func close() {
        _ = Glibc.close(readEnd)
        _ = Glibc.close(writeEnd)
    }
}

/// SIGUSR1 handled by doing nothing and without SA_RESTART, so a blocking
/// call it lands in fails with EINTR; the previous handling comes back at the end.
final class InterruptingSignal {
    private var previous = sigaction()

    init() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGUSR1, &action, &previous)
    }

    /// Sends the signal to `thread` `count` times, `interval` ms apart, then runs `after`.
    static func send(to thread: pthread_t, count: Int, interval: UInt32, then after: @escaping @Sendable () -> Void) {
        let sender = Thread {
            for _ in 0..<count {
                usleep(interval * 1000)
                pthread_kill(thread, SIGUSR1)
            }
            after()
        }
        sender.start()
    }

    func restore() { sigaction(SIGUSR1, &previous, nil) }
}
