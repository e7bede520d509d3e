/// Which third of the screen a tap fell in. Side thirds turn pages, the
/// middle third opens the overlay and takes double taps.
public enum TapZone: String, Equatable, Sendable {
    case left, middle, right

    /// The zone of a horizontal position on a screen `width` pixels wide.
    public init(x: Double, width: Double) {
        if x < width / 3 {
            self = .left
        } else if x >= width * 2 / 3 {
            self = .right
        } else {
            self = .middle
        }
    }
}

/// What the recognizer saw. Raw finger events come first for every frame,
/// so a scroll view can track fingers itself; recognized gestures follow.
public enum GestureKind: Equatable, Sendable {
    case fingerDown(id: Int, at: TouchPoint)
    case fingerMoved(id: Int, to: TouchPoint)
    case fingerUp(id: Int, at: TouchPoint)

    case tap(at: TouchPoint, zone: TapZone)
    case doubleTap(at: TouchPoint)
    case twoFingerTap(at: TouchPoint)
    case longPress(at: TouchPoint)

    /// `at` is the centroid of the fingers, `translation` is measured from where they first touched.
    case panBegan(at: TouchPoint, translation: TouchVector)
    case panChanged(at: TouchPoint, translation: TouchVector, velocity: TouchVector)
    case panEnded(at: TouchPoint, translation: TouchVector, velocity: TouchVector)

    /// `scale` is the finger spread relative to when the pinch started; `focus` is the fingers' centroid.
    case pinchBegan(focus: TouchPoint, scale: Double)
    case pinchChanged(focus: TouchPoint, scale: Double)
    case pinchEnded(focus: TouchPoint, scale: Double)
}

/// A gesture event at a time in milliseconds.
public struct GestureEvent: Equatable, Sendable {
    public var time: Double
    public var kind: GestureKind

    public init(time: Double, kind: GestureKind) {
        self.time = time
        self.kind = kind
    }
}
