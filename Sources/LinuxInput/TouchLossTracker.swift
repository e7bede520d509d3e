import Gestures

/// Remembers whether fingers are down, so that when a touchscreen goes away
/// mid-gesture (unplugged, or its reads fail) the gesture can still end:
/// the kernel sends no release for a device that is gone, and without one
/// a drag would stay held forever and the page never settle.
public struct TouchLossTracker: Sendable {
    public private(set) var touchesDown = false
    private var lastTime = 0.0

    public init() {}

    public mutating func observe(_ frames: [TouchFrame]) {
        guard let last = frames.last else { return }
        touchesDown = !last.touches.isEmpty
        lastTime = last.time
    }

    /// The frame that lifts every finger of a lost device, or nil when none
    /// was down. Its time is `time`, never earlier than the last frame seen.
    public mutating func deviceLost(at time: Double) -> TouchFrame? {
        guard touchesDown else { return nil }
        touchesDown = false
        return TouchFrame(time: max(time, lastTime), touches: [])
    }
}
