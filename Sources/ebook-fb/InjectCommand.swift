import ArgumentParser
import DeveloperTools

/// Replays a touch recording through a uinput touchscreen, in real time:
/// the reader sees it in /dev/input like a panel being touched.
struct InjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inject",
        abstract: "Replay an evemu touch recording through a virtual (uinput) touchscreen.",
        discussion: """
            With --control the device stays until standard input ends, and a script drives it: \
            the device's node is printed first ("device /dev/input/eventN"); each line "play FILE" \
            replays that recording's events through the device and prints "played FILE" when done. \
            A recording cut off mid-gesture then leaves its fingers down when the device goes away, \
            as when a touchscreen is unplugged.
            """,
        shouldDisplay: false)

    @Argument(help: "The recording (evemu .events); with --control, the device it describes.")
    var recording: String

    @Option(help: "The device description (.desc) when the recording has no header.")
    var desc: String?

    @Option(help: "Milliseconds to wait after creating the device before replaying, so readers can open it.")
    var settle: Int = 1000

    @Option(help: "Milliseconds to keep the device after the last event.")
    var linger: Int = 300

    @Flag(help: "Take play commands from standard input instead of replaying once.")
    var control = false

    func run() throws {
        try TouchInjection(recording: recording, desc: desc, settle: settle, linger: linger).run(controlled: control)
    }
}
