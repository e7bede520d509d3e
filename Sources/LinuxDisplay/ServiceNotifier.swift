import CLinux
import Glibc
import LinuxSystem

/// A notification systemd could not be sent, with the socket and reason.
public struct ServiceNotifyError: Error, CustomStringConvertible {
    public let socketPath: String
    public let code: Int32
    public var description: String {
        "\(socketPath): cannot send the service notification: \(String(cString: strerror(code)))"
    }
}

/// When a service must tell systemd it is alive: systemd's watchdog
/// (`WatchdogSec=`) passes the limit as `WATCHDOG_USEC` and the process it
/// watches as `WATCHDOG_PID`; pinging at half the limit leaves a margin.
/// Pure: times are milliseconds given by the caller.
public struct WatchdogSchedule: Equatable, Sendable {
    /// The limit systemd enforces (ms).
    public let limit: Double
    public private(set) var lastPing: Double?

    public init(limit: Double) { self.limit = limit }

    /// The schedule for this process, or nil when systemd watches nothing
    /// (no or a malformed `WATCHDOG_USEC`, or `WATCHDOG_PID` names another process).
    public init?(environment: [String: String], pid: Int32) {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text), microseconds > 0 else {
            return nil
        }
        if let watched = environment["WATCHDOG_PID"], Int32(watched) != pid { return nil }
        self.init(limit: Double(microseconds) / 1000)
    }

    public var interval: Double { limit / 2 }

    /// When the next ping is due: at once before the first one.
    public func nextPing(now: Double) -> Double { lastPing.map { $0 + interval } ?? now }

    public func isDue(now: Double) -> Bool { now >= nextPing(now: now) }

    public mutating func pinged(at time: Double) { lastPing = time }
}

/// systemd's notification socket (`$NOTIFY_SOCKET`, `Type=notify`):
/// READY=1 once the first page is on screen, WATCHDOG=1 from a running
/// event loop, STATUS= lines for `systemctl status`.
public struct ServiceNotifier: Sendable {
    public let socketPath: String

    /// Nil when the process was not started with a notification socket.
    public init?(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        socketPath = path
    }

    public func send(_ message: String) throws(ServiceNotifyError) {
        do throws(SystemError) {
            _ = try Syscall.retryingNegatedErrno(operation: "sendto", path: socketPath) {
                message.withCString { bytes in CLinux_notify_send(socketPath, bytes, strlen(bytes)) }
            }
        } catch {
            throw ServiceNotifyError(socketPath: socketPath, code: error.errno)
        }
    }

    public func ready(status: String) throws(ServiceNotifyError) { try send("READY=1\nSTATUS=\(status)") }

    public func watchdog() throws(ServiceNotifyError) { try send("WATCHDOG=1") }
}
