import Devices
import Glibc
import LinuxSystem

/// The signals a reader on a console receives, as display events: the
/// VT's release and acquire requests (a release refused outright on a
/// locked kiosk), SIGHUP and the termination signals. Shared by the KMS and the
/// fbdev console sessions.
enum ConsoleSignalEvents {
    static func read(from signals: SignalChannel, terminal: VirtualTerminal?, refusesSwitching: Bool) throws -> [DisplayEvent] {
        var events: [DisplayEvent] = []
        for signal in signals.receivedSignals() {
            switch signal {
            case VirtualTerminal.releaseSignal where refusesSwitching && terminal != nil:
                try terminal?.refuseRelease()
            case VirtualTerminal.releaseSignal:
                events.append(.releaseRequested)
            case VirtualTerminal.acquireSignal:
                events.append(.acquireRequested)
            case SIGHUP:
                events.append(.reloadRequested)
            default:
                events.append(.quit(reason: "signal \(signal)"))
            }
        }
        return events
    }
}
