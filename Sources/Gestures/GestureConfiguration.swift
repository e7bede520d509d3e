/// Thresholds of the recognizer. The defaults are iOS's, measured, so
/// taps, long presses and flicks feel as they do on a phone.
public struct GestureConfiguration: Equatable, Sendable {
    /// Screen width in pixels, for the tap zones.
    public var screenWidth: Double
    /// The second tap of a double tap must touch less than this (ms) after the first tap's lift.
    public var doubleTapInterval: Double = 350
    /// Farthest (px) the second tap of a double tap may land from the first.
    public var doubleTapDistance: Double = 45
    /// How long (ms) a still finger must stay down to be a long press.
    public var longPressDuration: Double = 500
    /// Movement (px) that turns a touch from a tap or long press into a pan.
    public var touchSlop: Double = 10
    /// Change of finger spread (px) that starts a pinch.
    public var pinchSlop: Double = 10
    /// Longest two-finger touch (ms) that still counts as a two-finger tap.
    public var twoFingerTapDuration: Double = 500
    /// Velocity estimate: window (ms), sample limit, and stillness (ms) after which the finger counts as stopped.
    public var velocityWindow: Double = 100
    public var velocitySampleLimit: Int = 20
    public var velocityStillness: Double = 40

    public init(screenWidth: Double) {
        self.screenWidth = screenWidth
    }
}
