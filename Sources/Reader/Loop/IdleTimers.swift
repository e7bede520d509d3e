/// A kiosk's timers for a screen nobody touches: the panel turned off
/// after `blankAfter` ms and the reader sent back to its start after
/// `resetAfter` ms, both counted from the last input, each once a spell of
/// idleness, and neither while a finger rests on the glass. The touch that
/// wakes a blank panel only wakes it: nothing of it reaches the reader,
/// from its first finger down until its last finger up; a key only wakes
/// it too. Pure: the loop hands it every time, and it is armed only while
/// something is still to come (no periodic wake-up).
public struct IdleTimers: Equatable, Sendable {
    /// Turn the panel off this long (ms) after the last input; nil: never.
    public var blankAfter: Double?
    /// Go back to the start this long (ms) after the last input; nil: never.
    public var resetAfter: Double?
    /// The latest input's time (ms).
    public private(set) var lastInput: Double
    /// The panel is off.
    public private(set) var isBlank = false
    /// The reader went back to the start since the last input.
    private var hasReset = false
    /// The touch that woke the panel: its frames are held back until its fingers are up.
    private var isHoldingWakingTouch = false
    private var fingersDown = 0

    public enum Action: Equatable, Sendable {
        /// Turn the panel off.
        case blank
        /// Go back to the start (the book's, or the library's).
        case resetForIdle
    }

    /// What becomes of one input.
    public enum Verdict: Equatable, Sendable {
        /// It goes to the reader.
        case deliver
        /// It turns the panel on and goes no further.
        case wake
        /// It is the rest of the touch that woke the panel: dropped.
        case drop
    }

    public init(blankAfter: Double? = nil, resetAfter: Double? = nil, start: Double) {
        self.blankAfter = blankAfter
        self.resetAfter = resetAfter
        lastInput = start
    }

    /// When the next timer falls due, or nil when none is to come.
    /// `canBlank`: the panel can be turned off now (no flip pending, the
    /// screen is ours); otherwise blanking waits for the flip, which wakes the loop.
    public func nextDeadline(canBlank: Bool) -> Double? {
        guard fingersDown == 0 else { return nil }
        var due: Double?
        if let blankAfter, !isBlank, canBlank { due = lastInput + blankAfter }
        if let resetAfter, !hasReset { due = min(due ?? .infinity, lastInput + resetAfter) }
        return due
    }

    /// The timers due by `time`, each given once until the next input.
    public mutating func due(at time: Double, canBlank: Bool) -> [Action] {
        guard fingersDown == 0 else { return [] }
        var actions: [Action] = []
        if let resetAfter, !hasReset, time >= lastInput + resetAfter {
            hasReset = true
            actions.append(.resetForIdle)
        }
        if let blankAfter, !isBlank, canBlank, time >= lastInput + blankAfter {
            isBlank = true
            actions.append(.blank)
        }
        return actions
    }

    /// A touch frame with `fingers` on the glass at `time`.
    public mutating func touch(fingers: Int, at time: Double) -> Verdict {
        noteInput(at: time)
        fingersDown = fingers
        if isHoldingWakingTouch {
            if fingers == 0 { isHoldingWakingTouch = false }
            return .drop
        }
        guard isBlank else { return .deliver }
        isBlank = false
        isHoldingWakingTouch = fingers > 0
        return .wake
    }

    /// A key at `time`.
    public mutating func key(at time: Double) -> Verdict {
        noteInput(at: time)
        guard isBlank else { return .deliver }
        isBlank = false
        return .wake
    }

    /// The panel is on again for another reason (the console came back):
    /// counts as input.
    public mutating func wake(at time: Double) {
        noteInput(at: time)
        isBlank = false
    }

    /// The panel cannot be turned off: blanking stops for good.
    public mutating func stopBlanking() {
        blankAfter = nil
        isBlank = false
    }

    private mutating func noteInput(at time: Double) {
        lastInput = max(lastInput, time)
        hasReset = false
    }
}
