import Devices
/// Reader commands from an evdev keyboard.
public final class KeyboardInput {
    public let device: EvdevDevice
    public var mapping: KeyboardMapping

    public init(device: EvdevDevice, mapping: KeyboardMapping = KeyboardMapping()) {
        self.device = device
        self.mapping = mapping
    }

    /// Commands from the key events available now.
    public func readCommands() throws -> [ReaderCommand] {
        try device.readEvents().compactMap(mapping.command(for:))
    }
}
