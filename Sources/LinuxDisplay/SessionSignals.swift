import Glibc
import LinuxSystem

extension SignalChannel {
    /// The signals a display session handles: termination and the VT switch pair.
    public static let sessionSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, VirtualTerminal.releaseSignal, VirtualTerminal.acquireSignal]

    /// Blocks the session's signals and opens the descriptor that reads them.
    public convenience init() throws(SystemError) {
        try self.init(signals: Self.sessionSignals)
    }
}
