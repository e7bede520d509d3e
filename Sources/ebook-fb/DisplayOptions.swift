import ArgumentParser
import Geometry
import LinuxDisplay

/// The options that choose and set up the screen (KMS or fbdev).
struct DisplayOptions: ParsableArguments {
    @Option(help: "The DRM card to use (default: the first /dev/dri/card* that can be driven).")
    var card: String?

    @Option(help: "The output to drive, by its kernel name (HDMI-A-1, eDP-1, Virtual-1).")
    var connector: String?

    @Option(help: "The mode, WIDTHxHEIGHT (default: the screen's preferred mode).")
    var mode: String?

    @Option(help: "The virtual terminal to take over (default: the one we run on).")
    var tty: String?

    @Option(help: "The fbdev device for --display fbdev, and for auto when no DRM card can be driven.")
    var framebuffer: String = "/dev/fb0"

    @Option(name: .customLong("panel-mm"),
            help: "The panel's size on the glass in millimetres, WIDTHxHEIGHT, which sizes the menus' targets and text (default: as KMS reports it; headless: unknown).")
    var panelMillimetres: String?

    /// `--panel-mm` as a size, upright (after the rotation); nil when not given.
    func panelSize() throws -> Size? {
        guard let panelMillimetres else { return nil }
        let parts = panelMillimetres.lowercased().split(separator: "x").map { Double($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0,
              width.isFinite, height.isFinite else {
            throw ValidationError("--panel-mm \"\(panelMillimetres)\": WIDTHxHEIGHT in millimetres, e.g. 217x136")
        }
        return Size(width: width, height: height)
    }

    /// The KMS settings, with the picture turned by `rotation` (`--rotate`).
    func kmsOptions(rotation: Rotation) throws -> KMSOptions {
        KMSOptions(devicePath: card, connector: connector, mode: try mode.map { try ModeRequest(parsing: $0) },
                   rotation: rotation)
    }
}
