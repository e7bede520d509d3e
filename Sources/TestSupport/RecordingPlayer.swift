import LinuxInput

/// Plays a recording back in its own time: events are released as the
/// caller's clock passes their (rebased) timestamps.
public struct RecordingPlayer: Sendable {
    public let recording: EvemuRecording
    private var index = 0

    public init(recording: EvemuRecording) {
        self.recording = recording
    }

    /// When the next event is due (ms from the start), or nil at the end.
    public var nextEventTime: Double? {
        index < recording.events.count ? recording.events[index].time : nil
    }

    public var isFinished: Bool { index >= recording.events.count }

    /// Events due at or before `time` (ms from the start of playback).
    public mutating func events(through time: Double) -> [InputEvent] {
        let start = index
        while index < recording.events.count, recording.events[index].time <= time { index += 1 }
        return Array(recording.events[start..<index])
    }
}
