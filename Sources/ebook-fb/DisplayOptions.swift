import ArgumentParser
import Geometry
import LinuxDisplay

/// The options that choose and set up the KMS screen.
struct DisplayOptions: ParsableArguments {
    @Option(help: "The DRM card to use (default: the first /dev/dri/card* that can be driven).")
    var card: String?

    @Option(help: "The output to drive, by its kernel name (HDMI-A-1, eDP-1, Virtual-1).")
    var connector: String?

    @Option(help: "The mode, WIDTHxHEIGHT (default: the screen's preferred mode).")
    var mode: String?

    @Option(help: "The virtual terminal to take over (default: the one we run on).")
    var tty: String?

    /// The KMS settings, with the picture turned by `rotation` (`--rotate`).
    func kmsOptions(rotation: Rotation) throws -> KMSOptions {
        KMSOptions(devicePath: card, connector: connector, mode: try mode.map { try ModeRequest(parsing: $0) },
                   rotation: rotation)
    }
}
