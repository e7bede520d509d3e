import Foundation
import LinuxDisplay
import XCTest

final class ServiceNotifierTests: XCTestCase {
    /// A datagram socket bound like systemd's notification socket.
    private final class Listener {
        let fd: Int32
        let path: String

        init(path: String, abstract: Bool) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            self.path = path
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in bytes.enumerated() { raw[index] = byte }
                if abstract { raw[0] = 0 }
            }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            guard fd >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        func receive() -> String? {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = recv(fd, &buffer, buffer.count, 0)
            return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
        }

        deinit {
            close(fd)
            if !path.hasPrefix("@") { unlink(path) }
        }
    }

    func testReadyAndWatchdogArriveAsDatagrams() throws {
        let path = NSTemporaryDirectory() + "notify-\(getpid()).sock"
        unlink(path)
        let listener = try Listener(path: path, abstract: false)
        let notifier = try XCTUnwrap(ServiceNotifier(environment: ["NOTIFY_SOCKET": path]))
        try notifier.ready(status: "page 1 of book.txt")
        XCTAssertEqual(listener.receive(), "READY=1\nSTATUS=page 1 of book.txt")
        try notifier.watchdog()
        XCTAssertEqual(listener.receive(), "WATCHDOG=1")
    }

    /// `systemctl status` hears what is on screen, and a reload is said as one.
    func testStatusAndReloadingArriveAsDatagrams() throws {
        let path = NSTemporaryDirectory() + "notify-status-\(getpid()).sock"
        unlink(path)
        let listener = try Listener(path: path, abstract: false)
        let service = try XCTUnwrap(SystemdService(environment: ["NOTIFY_SOCKET": path], pid: getpid()))
        try service.status("Reading Emma, page 12")
        XCTAssertEqual(listener.receive(), "STATUS=Reading Emma, page 12")
        try service.reloading()
        XCTAssertEqual(listener.receive(), "RELOADING=1\nSTATUS=Reloading the settings")
    }

    func testAbstractSocketNamesWork() throws {
        let name = "@ebook-fb-notify-test-\(getpid())"
        let listener = try Listener(path: name, abstract: true)
        try XCTUnwrap(ServiceNotifier(environment: ["NOTIFY_SOCKET": name])).watchdog()
        XCTAssertEqual(listener.receive(), "WATCHDOG=1")
    }

    func testNoSocketMeansNoNotifierAndAMissingSocketIsNamed() {
        XCTAssertNil(ServiceNotifier(environment: [:]))
        XCTAssertNil(ServiceNotifier(environment: ["NOTIFY_SOCKET": ""]))
        let missing = "/nonexistent/notify.sock"
        XCTAssertThrowsError(try ServiceNotifier(environment: ["NOTIFY_SOCKET": missing])?.watchdog()) { error in
            XCTAssertTrue("\(error)".hasPrefix(missing + ": cannot send the service notification"), "\(error)")
        }
        let tooLong = "/" + String(repeating: "x", count: 200)
        XCTAssertThrowsError(try ServiceNotifier(environment: ["NOTIFY_SOCKET": tooLong])?.watchdog())
    }

    func testWatchdogScheduleFromTheEnvironment() {
        XCTAssertNil(WatchdogSchedule(environment: [:], pid: 42))
        XCTAssertNil(WatchdogSchedule(environment: ["WATCHDOG_USEC": "ten"], pid: 42))
        XCTAssertNil(WatchdogSchedule(environment: ["WATCHDOG_USEC": "0"], pid: 42))
        XCTAssertNil(WatchdogSchedule(environment: ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "7"], pid: 42))
        let schedule = WatchdogSchedule(environment: ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "42"], pid: 42)
        XCTAssertEqual(schedule?.limit, 10_000)
        XCTAssertEqual(schedule?.interval, 5_000)
        XCTAssertEqual(WatchdogSchedule(environment: ["WATCHDOG_USEC": "4000000"], pid: 1)?.limit, 4_000)
    }

    func testPingsAreDueAtHalfTheLimit() {
        var schedule = WatchdogSchedule(limit: 10_000)
        XCTAssertTrue(schedule.isDue(now: 100), "the first ping is due at once")
        schedule.pinged(at: 100)
        XCTAssertEqual(schedule.nextPing(now: 200), 5_100)
        XCTAssertFalse(schedule.isDue(now: 5_099))
        XCTAssertTrue(schedule.isDue(now: 5_100))
        schedule.pinged(at: 5_300)
        XCTAssertEqual(schedule.nextPing(now: 5_300), 10_300)
    }
}
