/// Replays input in virtual time: between inputs it steps a 60 Hz frame
/// clock, so recognizer timeouts and scroll animations see the times they
/// would on a screen, as fast as the machine can go. Frames are counted as
/// integers so the clock never stalls on rounding.
struct VirtualTimeline {
    static let frameInterval = 1000.0 / 60.0
    /// Longest a replay waits for animations to settle after the last input.
    static let settleLimit = 20_000.0

    /// The last frame stepped, on the grid that starts at time 0.
    private var frameIndex: Int
    private(set) var now: Double

    init(start: Double) {
        now = start
        frameIndex = Int((start / Self.frameInterval).rounded(.down))
    }

    static func time(ofFrame index: Int) -> Double { Double(index) * frameInterval }

    /// Frame times after the last one stepped, up to `time`.
    mutating func frames(upTo time: Double) -> [Double] {
        var times: [Double] = []
        while Self.time(ofFrame: frameIndex + 1) <= time {
            frameIndex += 1
            times.append(Self.time(ofFrame: frameIndex))
        }
        now = max(now, time)
        return times
    }

    /// The next frame time, advancing the clock to it.
    mutating func nextFrame() -> Double {
        frameIndex += 1
        now = max(now, Self.time(ofFrame: frameIndex))
        return Self.time(ofFrame: frameIndex)
    }
}
