import ArgumentParser
import Glibc
import LinuxInput
import LinuxSystem

/// Replays a touch recording through a uinput touchscreen, in real time:
/// the reader sees it in /dev/input like a panel being touched.
struct InjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Replay an evemu touch recording through a virtual (uinput) touchscreen.",
        shouldDisplay: false)

    @Argument(help: "The recording (evemu .events).")
    var recording: String

    @Option(help: "The device description (.desc) when the recording has no header.")
    var desc: String?

    @Option(help: "Milliseconds to wait after creating the device before replaying, so readers can open it.")
    var settle: Int = 1000

    @Option(help: "Milliseconds to keep the device after the last event.")
    var linger: Int = 300

    func run() throws {
        let loaded = try EvemuRecording.load(events: recording, description: desc)
        let device = try VirtualTouchscreen(copying: loaded.device)
        defer { device.destroy() }
        sleepMilliseconds(Double(settle))
        let start = monotonicMilliseconds()
        for event in loaded.events {
            let wait = event.time - (monotonicMilliseconds() - start)
            if wait > 0 { sleepMilliseconds(wait) }
            try device.send(event)
        }
        sleepMilliseconds(Double(linger))
        print("injected \(loaded.events.count) events from \(recording)")
    }
}
