import Devices
/// Reader commands from an evdev keyboard, and Ctrl+Alt+Fn as console switches.
public final class KeyboardInput {
    public let device: EvdevDevice
    public var mapping: KeyboardMapping
    private var consoleKeys = ConsoleSwitchKeys()

    public init(device: EvdevDevice, mapping: KeyboardMapping = KeyboardMapping()) {
        self.device = device
        self.mapping = mapping
    }

    /// What the key events available now ask for, in order, at `time`.
    public func read(at time: Double) throws -> [InputItem] {
        try Self.items(for: device.readEvents(), mapping: mapping, consoleKeys: &consoleKeys, at: time)
    }

    /// Key events as input: Ctrl+Alt+Fn switches consoles, and while Ctrl and
    /// Alt are held no other key reaches the reader.
    public static func items(for events: [InputEvent], mapping: KeyboardMapping, consoleKeys: inout ConsoleSwitchKeys,
                             at time: Double) -> [InputItem] {
        events.compactMap { event in
            if let number = consoleKeys.consoleNumber(for: event) { return .switchConsole(number, time: time) }
            guard !consoleKeys.isChording else { return nil }
            return mapping.command(for: event).map { .command($0, time: time) }
        }
    }
}
