import Devices
import Glibc
import LinuxSystem

/// Keys typed on the terminal the reader was started from, for a console
/// whose evdev keyboards cannot be read (no permission for /dev/input):
/// the terminal is put in raw mode, its bytes decoded into reader commands,
/// and its settings put back by `restore()`.
public final class TerminalKeys {
    public let fileDescriptor: Int32
    private var saved = termios()
    private var decoder: TerminalKeyDecoder
    private var restored = false

    /// Nil when `descriptor` is not a terminal.
    public init?(descriptor: Int32 = STDIN_FILENO, mapping: KeyboardMapping) {
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &saved) == 0 else { return nil }
        fileDescriptor = descriptor
        decoder = TerminalKeyDecoder(mapping: mapping)
        var raw = saved
        // Bytes as they are typed, not echoed; signals from ^C stay on.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        raw.c_cc.6 = 0 // VMIN: a read returns what is there
        raw.c_cc.5 = 0 // VTIME
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    deinit { restore() }

    /// Key presses for the bytes available now. A lone Esc arrives in a read
    /// of its own, an escape sequence all in one read.
    public func readKeys() -> [KeyPress] {
        let terminal = FileDescriptor(rawValue: fileDescriptor, path: "the terminal")
        var buffer = [UInt8](repeating: 0, count: 256)
        var presses: [KeyPress] = []
        // Until nothing is left (nil); a failed read leaves the rest for the next readiness.
        while let count = buffer.withUnsafeMutableBytes({ try? terminal.read(into: $0) }), count > 0 {
            presses += decoder.decode(buffer[0..<count])
        }
        if decoder.hasPendingEscape { presses += decoder.flush() }
        return presses
    }

    public func restore() {
        guard !restored else { return }
        restored = true
        _ = tcsetattr(fileDescriptor, TCSANOW, &saved)
        let flags = fcntl(fileDescriptor, F_GETFL)
        _ = fcntl(fileDescriptor, F_SETFL, flags & ~O_NONBLOCK)
    }
}
