import CLinux
import Glibc
import LinuxSystem

/// The Linux virtual terminal the display belongs to. In graphics mode the
/// console stops drawing text over our frames; in VT_PROCESS mode a console
/// switch asks us first (release and acquire signals, read by the caller
/// through a SignalChannel); the keyboard is muted (K_OFF) because keys are
/// read from evdev. `restore()` puts back text mode, the keyboard mode and
/// VT_AUTO; after a crash a C signal handler does the same.
public final class VirtualTerminal {
    public static let releaseSignal = SIGUSR1
    public static let acquireSignal = SIGUSR2

    public var path: String { terminal.path }
    private let terminal: TerminalDevice
    private let ownsDescriptor: Bool
    private var savedDisplayMode: Int32?
    private var savedKeyboardMode: Int32?
    private var savedSwitchMode: CLinux_VTMode?

    private init(terminal: TerminalDevice, ownsDescriptor: Bool) {
        self.terminal = terminal
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        restore()
        if ownsDescriptor { terminal.close() }
    }

    /// The VT we run on: standard input when it is one (a console login, a
    /// systemd unit with TTYPath), else the foreground VT found through
    /// /dev/tty0. Nil when there is no VT (ssh, a container, CI).
    public static func current() -> VirtualTerminal? {
        let input = TerminalDevice(file: FileDescriptor(rawValue: 0, path: "standard input"))
        if isVirtualTerminal(input) { return VirtualTerminal(terminal: input, ownsDescriptor: false) }
        guard let active = activeTerminalNumber(), let terminal = try? TerminalDevice.open("/dev/tty\(active)") else {
            return nil
        }
        guard isVirtualTerminal(terminal) else {
            terminal.close()
            return nil
        }
        return VirtualTerminal(terminal: terminal, ownsDescriptor: true)
    }

    /// Opens a VT by path (`--tty /dev/tty1`).
    public static func open(path: String) throws(DisplayError) -> VirtualTerminal {
        let terminal = try TerminalDevice.open(path)
        guard isVirtualTerminal(terminal) else {
            terminal.close()
            throw .invalidOption("\(path) is not a Linux virtual terminal (KDGETMODE failed)")
        }
        return VirtualTerminal(terminal: terminal, ownsDescriptor: true)
    }

    /// The number of the foreground VT (VT_GETSTATE on /dev/tty0).
    public static func activeTerminalNumber() -> Int? {
        guard let console = try? TerminalDevice.open("/dev/tty0") else { return nil }
        defer { console.close() }
        var state = CLinux_VTState()
        guard (try? console.control(CLinux_VT_GETSTATE(), "VT_GETSTATE", &state)) != nil else { return nil }
        return Int(state.active)
    }

    /// The first free VT (VT_OPENQRY), to tell a person where to switch to.
    public static func freeTerminalNumber() -> Int? {
        guard let console = try? TerminalDevice.open("/dev/tty0") else { return nil }
        defer { console.close() }
        var number: Int32 = -1
        guard (try? console.control(CLinux_VT_OPENQRY(), "VT_OPENQRY", &number)) != nil, number > 0 else { return nil }
        return Int(number)
    }

    private static func isVirtualTerminal(_ terminal: TerminalDevice) -> Bool {
        var mode: Int32 = 0
        return (try? terminal.control(CLinux_KDGETMODE(), "KDGETMODE", &mode)) != nil
    }

    /// KD_GRAPHICS, VT_PROCESS switching with our signals, and (when
    /// `muteKeyboard`) K_OFF. What was there before is saved for restore().
    public func enterGraphics(muteKeyboard: Bool) throws(DisplayError) {
        var keyboardMode: Int32 = 0
        try terminal.control(CLinux_KDGKBMODE(), "KDGKBMODE", &keyboardMode)
        // A crash must not leave the console dark and deaf.
        _ = CLinux_installCrashRestore(terminal.fileDescriptor, muteKeyboard ? keyboardMode : -1)
        var displayMode: Int32 = 0
        try terminal.control(CLinux_KDGETMODE(), "KDGETMODE", &displayMode)
        savedDisplayMode = displayMode
        try terminal.control(CLinux_KDSETMODE(), "KDSETMODE KD_GRAPHICS", value: CLinux_KD_GRAPHICS())

        var switchMode = CLinux_VTMode()
        try terminal.control(CLinux_VT_GETMODE(), "VT_GETMODE", &switchMode)
        savedSwitchMode = switchMode
        var process = CLinux_VTMode(mode: CChar(CLinux_VT_PROCESS()), waitv: 0,
                                    releaseSignal: Int16(Self.releaseSignal), acquireSignal: Int16(Self.acquireSignal), frsig: 0)
        try terminal.control(CLinux_VT_SETMODE(), "VT_SETMODE VT_PROCESS", &process)

        if muteKeyboard {
            savedKeyboardMode = keyboardMode
            try terminal.control(CLinux_KDSKBMODE(), "KDSKBMODE K_OFF", value: CLinux_K_OFF())
        }
    }

    /// Lets the pending switch away go ahead (after master was dropped).
    public func allowRelease() throws(DisplayError) {
        try terminal.control(CLinux_VT_RELDISP(), "VT_RELDISP 1", value: 1)
    }

    /// Refuses the pending switch away (a kiosk keeps its VT): the kernel
    /// stays on this console and we keep master.
    public func refuseRelease() throws(DisplayError) {
        try terminal.control(CLinux_VT_RELDISP(), "VT_RELDISP 0", value: 0)
    }

    /// Asks the kernel to switch to console `number`; with VT_PROCESS it
    /// first sends us the release signal, as for any other switch.
    public func activate(_ number: Int) throws(DisplayError) {
        try terminal.control(CLinux_VT_ACTIVATE(), "VT_ACTIVATE \(number)", value: Int32(number))
    }

    /// Acknowledges that the VT is ours again.
    public func acknowledgeAcquire() throws(DisplayError) {
        try terminal.control(CLinux_VT_RELDISP(), "VT_RELDISP VT_ACKACQ", value: CLinux_VT_ACKACQ())
    }

    /// Text mode, the saved keyboard mode and automatic switching again.
    /// Errors are ignored: this runs on the way out, also after failures.
    public func restore() {
        if let mode = savedKeyboardMode {
            try? terminal.control(CLinux_KDSKBMODE(), "KDSKBMODE", value: mode)
            savedKeyboardMode = nil
        }
        if savedSwitchMode != nil {
            var automatic = CLinux_VTMode(mode: CChar(CLinux_VT_AUTO()), waitv: 0, releaseSignal: 0, acquireSignal: 0, frsig: 0)
            try? terminal.control(CLinux_VT_SETMODE(), "VT_SETMODE VT_AUTO", &automatic)
            savedSwitchMode = nil
        }
        if let mode = savedDisplayMode {
            try? terminal.control(CLinux_KDSETMODE(), "KDSETMODE", value: mode == CLinux_KD_GRAPHICS() ? CLinux_KD_TEXT() : mode)
            savedDisplayMode = nil
        }
        CLinux_removeCrashRestore()
    }
}
