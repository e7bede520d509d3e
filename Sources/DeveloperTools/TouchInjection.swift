import LinuxInput
import LinuxSystem

/// A touch recording replayed through a uinput touchscreen, in real time:
/// readers see it in /dev/input like a panel being touched. Controlled, the
/// device stays until standard input ends and each line "play FILE"
/// replays a recording through it.
public struct TouchInjection {
    /// The recording (evemu .events); controlled, the device it describes.
    public var recording: String
    /// The device description when the recording has no header.
    public var desc: String?
    /// Milliseconds between creating the device and replaying, so readers can open it.
    public var settle: Int
    /// Milliseconds the device stays after the last event.
    public var linger: Int

    public init(recording: String, desc: String?, settle: Int, linger: Int) {
        self.recording = recording
        self.desc = desc
        self.settle = settle
        self.linger = linger
    }

    /// Replays the recording once, or with `controlled` takes play
    /// commands from standard input until it ends.
    public func run(controlled: Bool) throws {
        let loaded = try EvemuRecording.load(events: recording, description: desc)
        let device = try VirtualTouchscreen(copying: loaded.device)
        defer { device.destroy() }
        if controlled { return try runControlled(device) }
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
