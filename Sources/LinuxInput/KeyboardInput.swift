import Devices
/// Reader commands from an evdev keyboard, and Ctrl+Alt+Fn as console switches.
public final class KeyboardInput {
    public let device: EvdevDevice
    public var mapping: KeyboardMapping
    private var consoleKeys = ConsoleSwitchKeys()
    private var typing = KeyboardTyping()

    public init(device: EvdevDevice, mapping: KeyboardMapping = KeyboardMapping()) {
        self.device = device
        self.mapping = mapping
    }

    /// What the key events available now ask for, in order, at `time`.
    public func read(at time: Double) throws -> [InputItem] {
        try Self.items(for: device.readEvents(), mapping: mapping, consoleKeys: &consoleKeys, typing: &typing, at: time)
    }

    /// Key events as input: Ctrl+Alt+Fn switches consoles, and while Ctrl and
    /// Alt are held no other key reaches the reader. A key that types
    /// carries its text and its command both (a text field open on screen
    /// takes the text, the page the command).
    public static func items(for events: [InputEvent], mapping: KeyboardMapping, consoleKeys: inout ConsoleSwitchKeys,
                             typing: inout KeyboardTyping, at time: Double) -> [InputItem] {
        events.compactMap { event in
            if let number = consoleKeys.consoleNumber(for: event) { return .switchConsole(number, time: time) }
            let typed = typing.typed(by: event)
            guard !consoleKeys.isChording else { return nil }
            return KeyPress(typed: typed, command: mapping.command(for: event)).item(at: time)
        }
    }
}
