import FoundationEssentials

/// The live loop's decisions that need no hardware: when to wake without
/// input, and how a settled frame is announced. Times are ms.
public enum LivePacing {
    /// Frame interval when no flip completion will wake the loop.
    public static let fallbackFrameInterval = 1000.0 / 60.0
    /// How often a resting view is looked at while pagination grows the book.
    public static let paginationPollInterval = 100.0

    /// What the loop knows when it is about to sleep.
    public struct State: Equatable {
        /// When a pending gesture times out (a double-tap window closing).
        public var gestureDeadline: Double?
        /// A frame can be presented now: the screen is ours and no flip is pending.
        public var canPresent: Bool
        /// The view animates or follows a finger.
        public var isMoving: Bool
        /// Input changed the session since the last frame was composed.
        public var hasChanges: Bool
        public var isPaginating: Bool

        public init(gestureDeadline: Double?, canPresent: Bool, isMoving: Bool, hasChanges: Bool, isPaginating: Bool) {
            self.gestureDeadline = gestureDeadline
            self.canPresent = canPresent
            self.isMoving = isMoving
            self.hasChanges = hasChanges
            self.isPaginating = isPaginating
        }
    }

    /// When to wake without input, or nil to sleep until input, a signal or
    /// a flip. A pending flip paces frames itself, so only the gesture
    /// deadline counts then; at rest nothing does.
    public static func wakeTime(now: Double, state: State) -> Double? {
        var frameDue: Double?
        if state.canPresent {
            if state.isMoving || state.hasChanges {
                frameDue = nextFrameTime(after: now)
            } else if state.isPaginating {
                frameDue = now + paginationPollInterval
            }
        }
        switch (state.gestureDeadline, frameDue) {
        case let (gesture?, frame?): return min(gesture, frame)
        case let (gesture, frame): return gesture ?? frame
        }
    }

    /// The next time on the 60 Hz grid that starts at 0, as a screen's
    /// vblanks would fall, so frames paced by a timer and frames paced by
    /// flips step the view at the same times.
    public static func nextFrameTime(after time: Double) -> Double {
        // A time on the grid, give or take rounding, counts as that frame: the next one is a whole frame later.
        let index = (time / fallbackFrameInterval + 1e-6).rounded(.down) + 1
        return index * fallbackFrameInterval
    }

    /// The line a settled frame is announced with: `presented page N`, or
    /// zoomed `presented page N zoom S at X Y` with (X, Y) the page point
    /// at the screen's centre (where a double tap zoomed in).
    public static func announcement(page: Int, zoomScale: Double, isZoomed: Bool, offsetX: Double, offsetY: Double,
                                    width: Int, height: Int) -> String {
        guard isZoomed, zoomScale > 1.001 else { return "presented page \(page + 1)" }
        let centreX = Int((offsetX + Double(width) / 2) / zoomScale)
        let centreY = Int((offsetY + Double(height) / 2) / zoomScale)
        let hundredths = Int((zoomScale * 100).rounded())
        let scale = abs(zoomScale - zoomScale.rounded()) < 0.001
            ? String(Int(zoomScale.rounded()))
            : "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
        return "presented page \(page + 1) zoom \(scale) at \(centreX) \(centreY)"
    }
}
