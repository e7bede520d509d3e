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
        let loaded = try EvemuRecording.load(events: recording, description: desc)
        let device = try VirtualTouchscreen(copying: loaded.device)
        defer { device.destroy() }
        if control { return try runControlled(device) }
        sleepMilliseconds(Double(settle))
        try replay(loaded.events, through: device)
        sleepMilliseconds(Double(linger))
        print("injected \(loaded.events.count) events from \(recording)")
    }

    private func replay(_ events: [InputEvent], through device: VirtualTouchscreen) throws {
        let start = monotonicMilliseconds()
        for event in events {
            let wait = event.time - (monotonicMilliseconds() - start)
            if wait > 0 { sleepMilliseconds(wait) }
            try device.send(event)
        }
    }

    /// The script's commands, one a line, until standard input ends.
    private func runControlled(_ device: VirtualTouchscreen) throws {
        say("device \(try device.eventNode())")
        while let line = readLine() {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2, words[0] == "play" else {
                say("error: \(line): expected \"play FILE\"")
                continue
            }
            do {
                try replay(try EvemuRecording.load(events: words[1], description: desc).events, through: device)
                say("played \(words[1])")
            } catch {
                say("error: \(words[1]): \(error)")
            }
        }
    }

    /// Written at once (unbuffered): the script waits for each line.
    private func say(_ text: String) { StandardStreams.printLine(text) }
}
