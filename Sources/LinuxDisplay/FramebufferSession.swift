import Devices
import Geometry
import Glibc
import LinuxSystem

/// The fbdev display with its virtual terminal and signals: what a reader
/// on a board without a DRM driver runs inside, as ConsoleSession is for
/// KMS. fbdev reports no flips, so a timer stands in for the vblank: a
/// presented frame counts as on the glass one refresh period later, which
/// paces animation as a 60 Hz flip would. The owner calls `restore()` on
/// the way out (deinit does too).
public final class FramebufferSession {
    public let display: FramebufferDisplay
    public let terminal: VirtualTerminal?
    public let signals: SignalChannel
    /// Refuse every switch away from our VT (a kiosk's `--lock-vt`).
    public var refusesSwitching = false
    /// The refresh period frames are paced at (ms).
    public static let framePeriod = 1000.0 / 60
    private let frameTimer: WakeTimer
    private var isRestored = false

    public init(path: String, terminalPath: String? = nil, muteKeyboard: Bool = true) throws(DisplayError) {
        let signals = try DisplayError.wrapping { () throws(SystemError) in try SignalChannel() }
        let frameTimer: WakeTimer
        let display: FramebufferDisplay
        do {
            frameTimer = try DisplayError.wrapping { () throws(SystemError) in try WakeTimer() }
            display = try FramebufferDisplay(path: path)
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
            frameTimer.close()
            signals.close()
            throw error
        }
        self.display = display
        self.terminal = terminal
        self.signals = signals
        self.frameTimer = frameTimer
    }

    deinit { restore() }

    /// The console's picture back (pan offset, panel on), then text mode,
    /// keyboard and VT_AUTO; signals unblocked. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        display.restore()
        terminal?.restore()
        frameTimer.close()
        signals.close()
    }
}

/// The fbdev session is the reader loop's display on a framebuffer: frames
/// go to the fbdev display, the frame timer's expiry is the flip event, and
/// console switches and termination signals come back as display events.
extension FramebufferSession: Display {
    public var width: Int { display.width }
    public var height: Int { display.height }
    public var canPresent: Bool { display.isActive && frameTimer.deadline == nil }
    public var pollDescriptors: [Int32] { [frameTimer.fileDescriptor, signals.fileDescriptor] }
    public var nextEventTime: Double? { nil }
    public var physicalSize: Size? { display.physicalSize }

    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage, at time: Double) throws -> Bool {
        guard canPresent, try display.present(pixels: pixels, stride: stride, damage: damage) else { return false }
        try frameTimer.arm(at: time + Self.framePeriod, now: time)
        return true
    }

    /// Signals first (a switch or a quit), then the frame timer's expiry as a completed flip.
    public func handleEvents(at time: Double) throws -> [DisplayEvent] {
        var events = try ConsoleSignalEvents.read(from: signals, terminal: terminal, refusesSwitching: refusesSwitching)
        if let due = frameTimer.deadline, try !PollSet([frameTimer.fileDescriptor]).waitForReadable(timeout: 0).isEmpty {
            frameTimer.acknowledge()
            events.append(.flipCompleted(vblank: due))
        }
        return events
    }

    public func giveUp() throws {
        display.releaseForSwitch()
        try terminal?.allowRelease()
    }

    public func takeBack() throws {
        try terminal?.acknowledgeAcquire()
        display.reacquireAfterSwitch()
    }

    public func setPowered(_ on: Bool) throws {
        try display.setPowered(on)
    }

    /// Ctrl+Alt+Fn read from evdev; a locked kiosk refuses it.
    public func switchConsole(to number: Int) throws -> Bool {
        guard !refusesSwitching, let terminal, number > 0 else { return false }
        try terminal.activate(number)
        return true
    }
}
