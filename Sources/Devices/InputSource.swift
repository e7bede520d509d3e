import Gestures

/// One thing from the input side, with its time (ms, the loop's clock).
public enum InputItem: Equatable, Sendable {
    /// Every finger on the touchscreen, in screen pixels.
    case touches(TouchFrame)
    /// A key's command.
    case command(ReaderCommand, time: Double)
    /// A key that types: into a text field open on screen, else its command.
    case typed(TypedKey, command: ReaderCommand?, time: Double)
    /// A device came or went (said in the log).
    case deviceChanged(String)
    /// Ctrl+Alt+Fn: a switch to console n asked for.
    case switchConsole(Int, time: Double)
}

/// Where input comes from: evdev devices followed through hotplug, or a
/// recording replayed in virtual time.
public protocol InputSource: AnyObject {
    /// Descriptors that become readable when input arrives; none for a recording.
    var pollDescriptors: [Int32] { get }
    /// For a recording: when its next input falls; nil for live devices or when it is over.
    var nextInputTime: Double? { get }
    /// A recording that has delivered everything; never for live devices.
    var isExhausted: Bool { get }
    /// Everything available now (live) or recorded up to `time` (a recording), in order.
    func read(upTo time: Double) -> [InputItem]
    /// Problems for the log (a device that failed), each said once.
    func drainWarnings() -> [String]
}
