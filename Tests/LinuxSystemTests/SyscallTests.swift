import Foundation
import LinuxSystem
import XCTest

final class SyscallTests: XCTestCase {
    func testAFailureNamesTheOperationPathAndErrno() {
        XCTAssertThrowsError(try Syscall.retrying(operation: "open", path: "/nonexistent/file") { open("/nonexistent/file", O_RDONLY) }) {
            let error = $0 as? SystemError
            XCTAssertEqual(error, SystemError(operation: "open", path: "/nonexistent/file", errno: ENOENT))
            XCTAssertEqual(error?.isNotFound, true)
            XCTAssertEqual(error?.description, "open /nonexistent/file: No such file or directory (errno 2)")
        }
    }

    func testANegatedErrnoAndANilPointerAreFailuresToo() {
        XCTAssertThrowsError(try Syscall.retryingNegatedErrno(operation: "shim", path: "x") { -ENODEV }) {
            XCTAssertEqual(($0 as? SystemError)?.isDeviceGone, true)
        }
        XCTAssertEqual(try Syscall.retryingNegatedErrno(operation: "shim", path: "x") { 7 }, 7)
        XCTAssertThrowsError(try Syscall.retryingPointer(operation: "opendir", path: "/nonexistent") { opendir("/nonexistent") }) {
            XCTAssertEqual(($0 as? SystemError)?.errno, ENOENT)
        }
        XCTAssertThrowsError(try Syscall.checkingReturnedError(operation: "spawn", path: "y") { EACCES }) {
            XCTAssertEqual(($0 as? SystemError)?.isPermissionDenied, true)
        }
    }

    /// A blocking read hit by a signal fails with EINTR; the funnel makes
    /// it again, and the caller sees only the byte that came after.
    func testAnInterruptedCallIsMadeAgain() throws {
        let signal = InterruptingSignal()
        defer { signal.restore() }
        let pipe = try Pipe()
        defer { pipe.close() }
        let writeEnd = pipe.writeEnd
        InterruptingSignal.send(to: pthread_self(), count: 5, interval: 20) {
            var byte: UInt8 = 42
            _ = write(writeEnd, &byte, 1)
        }
        var attempts = 0
        var byte: UInt8 = 0
        let count = try Syscall.retrying(operation: "read", path: "pipe") { () -> Int in
            attempts += 1
            return read(pipe.readEnd, &byte, 1)
        }
        XCTAssertEqual(count, 1)
        XCTAssertEqual(byte, 42)
        XCTAssertGreaterThan(attempts, 1, "the signals interrupted the read")
    }
}
