import ArgumentParser
import Devices
import Reader

extension DisplayMode: ExpressibleByArgument {}

/// `--display-mode`: how frames reach the panel (a kiosk's `DISPLAY_MODE=`).
struct DisplayModeOptions: ParsableArguments {
    @Option(name: .customLong("display-mode"),
            help: "standard, or eink: no animation, 16 greys, partial updates the size of what changed, a full refresh every 6 turns, the interface in fast black and white.")
    var displayMode: DisplayMode = .standard

    /// `display` under the mode's policy.
    func applied(to display: Display) -> Display {
        switch displayMode {
        case .standard: display
        case .eink: EinkDisplay(over: display)
        }
    }

    /// The headless final line's `updates`: the refreshes an e-ink panel was asked for.
    func report(_ display: Display, into result: inout JSONLine) {
        guard let eink = display as? EinkDisplay else { return }
        result.add("updates", objects: eink.updates.map(\.json))
    }
}
