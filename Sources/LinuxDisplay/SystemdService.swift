import Devices

/// systemd as the reader loop's service manager: READY=1 once the first
/// page is on the glass, and while `WatchdogSec=` is set, WATCHDOG=1 at
/// half the limit: the only periodic wake-up, and only from a loop that
/// runs; STATUS= with what is on screen, RELOADING=1 on SIGHUP.
public final class SystemdService: ServiceManager {
    private let notifier: ServiceNotifier
    private var watchdog: WatchdogSchedule?

    /// Nil when the process was not started with a notification socket.
    public init?(environment: [String: String], pid: Int32) {
        guard let notifier = ServiceNotifier(environment: environment) else { return nil }
        self.notifier = notifier
        watchdog = WatchdogSchedule(environment: environment, pid: pid)
    }

    public func ready(status: String) throws { try notifier.ready(status: status) }

    public func status(_ text: String) throws { try notifier.send("STATUS=\(text)") }

    public func reloading() throws { try notifier.send("RELOADING=1\nSTATUS=Reloading the settings") }

    public func nextPing(now: Double) -> Double? { watchdog?.nextPing(now: now) }

    public func ping(at time: Double) throws {
        guard watchdog != nil else { return }
        watchdog?.pinged(at: time)
        try notifier.watchdog()
    }
}
