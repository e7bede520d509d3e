/// The service manager watching the reader (systemd with `Type=notify`):
/// told once the first page is on the glass, and pinged while the loop runs.
public protocol ServiceManager: AnyObject {
    /// The reader is up; `status` is what `systemctl status` shows.
    func ready(status: String) throws
    /// What the reader shows now, for `systemctl status` ("Reading Emma, page 12").
    func status(_ text: String) throws
    /// The reader is reloading its settings: up again at the next `ready`.
    func reloading() throws
    /// When the next watchdog ping is due, nil when nothing is watched.
    func nextPing(now: Double) -> Double?
    /// Pings the watchdog.
    func ping(at time: Double) throws
}

extension ServiceManager {
    public func status(_ text: String) throws {}
    public func reloading() throws {}
}
