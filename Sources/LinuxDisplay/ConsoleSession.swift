import Devices
import Geometry
import Glibc
import LinuxSystem

/// The KMS display together with its virtual terminal and the signals that
/// govern both: what a reader on a console or kiosk runs inside. The
/// reader loop uses it as its display (below); the owner calls `restore()`
/// on the way out (deinit does too).
public final class ConsoleSession {
    public let display: KMSDisplay
    public let terminal: VirtualTerminal?
    public let signals: SignalChannel
    /// Refuse every switch away from our VT (a kiosk's `--lock-vt`): with
    /// VT_PROCESS the kernel asks first, and we say no. Needs no capability,
    /// unlike VT_LOCKSWITCH.
    public var refusesSwitching = false
    private var isRestored = false

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

/// The console session is the reader loop's display on a screen: frames go
/// to the KMS display (composed straight into its back buffer when upright),
/// and console switches and termination signals come back as display events.
extension ConsoleSession: ScanoutDisplay {
    public var backBuffer: ScanoutTarget? { display.backBuffer }

    public func presentBackBuffer(written: FrameDamage, at time: Double) throws -> Bool {
        try display.presentBackBuffer(written: written)
    }

    public var width: Int { display.width }
    public var height: Int { display.height }
    public var canPresent: Bool { display.isActive && !display.isFlipPending }
    public var nextEventTime: Double? { nil }
    public var physicalSize: Size? { display.physicalSize }

    public func setPowered(_ on: Bool) throws {
        try display.setPowered(on)
    }

    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) throws -> Bool {
        try display.present(pixels: pixels, stride: stride, damage: damage)
    }

    /// Signals first (a switch or a quit), then a completed flip. A flip's
    /// vblank time far from `time` is not trusted (a driver without vblank
    /// timestamps reports 0): `time` stands in.
    public func handleEvents(at time: Double) throws -> [DisplayEvent] {
        var events = try ConsoleSignalEvents.read(from: signals, terminal: terminal, refusesSwitching: refusesSwitching)
        if display.isFlipPending, try !PollSet([display.eventDescriptor]).waitForReadable(timeout: 0).isEmpty,
           let vblank = try display.handleEvents() {
            events.append(.flipCompleted(vblank: abs(vblank - time) < Self.plausibleVblankAge ? vblank : time))
        }
        return events
    }

    /// The console is being switched away: finish the flip, give up master, let the switch go ahead.
    public func giveUp() throws {
        try display.releaseForSwitch()
        try terminal?.allowRelease()
    }

    /// The console is ours again: take master back; the next present sets the mode.
    public func takeBack() throws {
        try terminal?.acknowledgeAcquire()
        try display.reacquireAfterSwitch()
    }

    /// Ctrl+Alt+Fn read from evdev: the switch the muted console keyboard
    /// would have made. A locked kiosk refuses it, as it refuses `chvt`.
    public func switchConsole(to number: Int) throws -> Bool {
        guard !refusesSwitching, let terminal, number > 0 else { return false }
        try terminal.activate(number)
        return true
    }

    /// A flip's vblank time further than this from the clock is not trusted (ms).
    static let plausibleVblankAge = 1000.0
}
