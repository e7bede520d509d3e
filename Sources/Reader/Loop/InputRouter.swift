import Gestures

/// The reader's input path: touch frames through the gesture recognizer,
/// with the tap zones the scene allows at that moment, to the scene.
public struct InputRouter {
    private var recognizer: GestureRecognizer

    public init(screenWidth: Int) {
        recognizer = GestureRecognizer(configuration: GestureConfiguration(screenWidth: Double(screenWidth)))
    }

    /// When a pending gesture times out (a double-tap window, a long press).
    public var nextDeadline: Double? { recognizer.nextDeadline }
    public var fingersDown: Int { recognizer.fingersDown }

    /// Fires the timeouts due by `time`; true when the scene was given anything.
    @discardableResult
    public mutating func advance(to time: Double, scene: LoopScene) -> Bool {
        deliver(recognizer.advance(to: time), to: scene)
    }

    /// One touch frame: the timeouts before it, then the frame.
    @discardableResult
    public mutating func route(_ frame: TouchFrame, to scene: LoopScene) -> Bool {
        let timedOut = advance(to: frame.time, scene: scene)
        recognizer.tapZonesEnabled = scene.tapZonesEnabled
        return deliver(recognizer.process(frame), to: scene) || timedOut
    }

    /// Fires every pending timeout, as if time ran on with no input (a
    /// replay that ended with a finger down or a tap waiting).
    @discardableResult
    public mutating func settle(scene: LoopScene) -> Bool {
        recognizer.tapZonesEnabled = scene.tapZonesEnabled
        return deliver(recognizer.settle(), to: scene)
    }

    private func deliver(_ events: [GestureEvent], to scene: LoopScene) -> Bool {
        guard !events.isEmpty else { return false }
        scene.handle(events)
        return true
    }
}
