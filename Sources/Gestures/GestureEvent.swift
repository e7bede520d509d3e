import Geometry

/// Which third of the screen a tap fell in. Side thirds turn pages, the
/// middle third opens the menu and takes double taps.
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
    case fingerDown(id: Int, at: Point)
    case fingerMoved(id: Int, to: Point)
    case fingerUp(id: Int, at: Point)

    case tap(at: Point, zone: TapZone)
    case doubleTap(at: Point)
    case twoFingerTap(at: Point)
    case longPress(at: Point)

    /// `at` is the centroid of the fingers, `translation` is measured from where they first touched.
    case panBegan(at: Point, translation: Point)
    case panChanged(at: Point, translation: Point, velocity: Point)
    case panEnded(at: Point, translation: Point, velocity: Point)

    /// `scale` is the finger spread relative to when the pinch started; `focus` is the fingers' centroid.
    case pinchBegan(focus: Point, scale: Double)
    case pinchChanged(focus: Point, scale: Double)
    case pinchEnded(focus: Point, scale: Double)
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
