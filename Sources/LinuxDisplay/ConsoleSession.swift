import Glibc
import LinuxSystem

/// The KMS display together with its virtual terminal and the signals that
/// govern both: what a reader on a console or kiosk runs inside. The
/// caller polls `pollDescriptors`, calls `handleSignals()` when the signal
/// descriptor is readable and `display.handleEvents()` when the card is,
/// and calls `restore()` on the way out (deinit does too).
public final class ConsoleSession {
    public let display: KMSDisplay
    public let terminal: VirtualTerminal?
    public let signals: SignalChannel
    /// Refuse every switch away from our VT (a kiosk's `--lock-vt`): with
    /// VT_PROCESS the kernel asks first, and we say no. Needs no capability,
    /// unlike VT_LOCKSWITCH.
    public var refusesSwitching = false
    private var isRestored = false

    public enum Event: Equatable, Sendable {
        /// The console is ours again: draw the whole frame.
        case redraw
        /// Switched away: nothing is shown until `.redraw`.
        case suspended
        /// SIGTERM, SIGINT or SIGHUP: restore and exit.
        case quit(signal: Int32)
    }

    /// Takes over the screen. `terminalPath` names the VT (else the one we
    /// run on, if any); `muteKeyboard` stops the console from reading keys
    /// typed while we read them from evdev.
    public init(options: KMSOptions, terminalPath: String? = nil, muteKeyboard: Bool = true) throws(DisplayError) {
        let signals = try DisplayError.wrapping { () throws(SystemError) in try SignalChannel() }
        let display: KMSDisplay
        do {
            display = try KMSDisplay.open(options)
        } catch {
            signals.close()
            throw error
        }
        let terminal: VirtualTerminal?
        do {
            terminal = try terminalPath.map { (path: String) throws(DisplayError) in try VirtualTerminal.open(path: path) }
                ?? VirtualTerminal.current()
            try terminal?.enterGraphics(muteKeyboard: muteKeyboard)
        } catch {
            display.restore()
            signals.close()
            throw error
        }
        self.display = display
        self.terminal = terminal
        self.signals = signals
    }

    deinit { restore() }

    /// The display's event descriptor and the signal descriptor.
    public var pollDescriptors: [Int32] { [display.eventDescriptor, signals.fileDescriptor] }

    /// Acts on the signals received: a switch away finishes the flip, drops
    /// master and lets the switch go ahead; a switch back takes master and
    /// asks for a redraw; a termination signal asks the caller to quit.
    public func handleSignals() throws(DisplayError) -> [Event] {
        var events: [Event] = []
        for signal in signals.receivedSignals() {
            switch signal {
            case VirtualTerminal.releaseSignal where refusesSwitching && terminal != nil:
                try terminal?.refuseRelease()
            case VirtualTerminal.releaseSignal:
                try display.releaseForSwitch()
                try terminal?.allowRelease()
                events.append(.suspended)
            case VirtualTerminal.acquireSignal:
                try terminal?.acknowledgeAcquire()
                try display.reacquireAfterSwitch()
                events.append(.redraw)
            default:
                events.append(.quit(signal: signal))
            }
        }
        return events
    }

    /// The saved CRTC, text mode, keyboard and VT_AUTO back; signals
    /// unblocked. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        display.restore()
        terminal?.restore()
        signals.close()
    }
}
