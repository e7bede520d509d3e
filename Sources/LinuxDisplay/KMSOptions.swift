import Geometry

/// How the KMS display is chosen (`--card`, `--connector`, `--mode`, `--rotate`).
public struct KMSOptions: Equatable, Sendable {
    /// A card to use (e.g. /dev/dri/card1); nil tries every /dev/dri/card* in order.
    public var devicePath: String?
    public var connector: String?
    public var mode: ModeRequest?
    public var rotation: Rotation
    /// Where the cards are (tests point it elsewhere).
    public var directory: String

    public init(devicePath: String? = nil, connector: String? = nil, mode: ModeRequest? = nil,
                rotation: Rotation = .none, directory: String = "/dev/dri") {
        self.devicePath = devicePath
        self.connector = connector
        self.mode = mode
        self.rotation = rotation
        self.directory = directory
    }
}
