import Geometry

extension GestureKind {
    /// The name of a recognized gesture, as traces and logs print it
    /// ("tap", "pan-begin", ...), or nil for raw finger events and the
    /// "changed" steps of pans and pinches.
    public var recognizedName: String? {
        switch self {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .twoFingerTap: "two-finger-tap"
        case .longPress: "long-press"
        case .panBegan: "pan-begin"
        case .panEnded: "pan-end"
        case .pinchBegan: "pinch-begin"
        case .pinchEnded: "pinch-end"
        case .fingerDown, .fingerMoved, .fingerUp, .panChanged, .pinchChanged: nil
        }
    }

    /// Where the event happened: the finger, the fingers' centroid or the pinch focus.
    public var location: Point {
        switch self {
        case .fingerDown(_, let point), .fingerMoved(_, let point), .fingerUp(_, let point),
             .tap(let point, _), .doubleTap(let point), .twoFingerTap(let point), .longPress(let point),
             .panBegan(let point, _), .panChanged(let point, _, _), .panEnded(let point, _, _),
             .pinchBegan(let point, _), .pinchChanged(let point, _), .pinchEnded(let point, _):
            point
        }
    }
}
