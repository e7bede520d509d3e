import Geometry

/// Turns touch frames (screen pixels, time in ms) into gestures. Pure: it
/// never reads a clock; timeouts (long press, the end of the double-tap
/// window) fire from `advance(to:)` or from the next frame's time.
public struct GestureRecognizer: Sendable {
    public var configuration: GestureConfiguration
    /// With zones on, taps in the side thirds are reported at once and only
    /// the middle third waits for a possible double tap. With zones off
    /// (for example while zoomed), every tap waits.
    public var tapZonesEnabled = true

    struct Finger {
        var start: Point
        var current: Point
    }

    /// One touch sequence: from the first finger down to the last finger up.
    struct TouchSequence {
        var startTime: Double
        var maxFingers = 0
        var moved = false
        var longPressFired = false
        var startPoints: [Point] = []
        /// The first finger landed close to a pending middle tap, in time for a double tap.
        var continuesDoubleTap = false
    }

    struct PendingTap {
        var point: Point
        var liftTime: Double
    }

    struct Pan {
        var origin: Point
        var offset = Point.zero
        var fingerIDs: Set<Int>
        var position: Point
        var began = false
        var velocityFitter: VelocityFitter
    }

    struct Pinch {
        var fingerIDs: Set<Int>
        var anchorSpan: Double
        var anchorScale = 1.0
        var scale = 1.0
        var focus: Point
        var began = false
    }

    var fingers: [Int: Finger] = [:]
    var sequence: TouchSequence?
    var pendingTap: PendingTap?
    var pan: Pan?
    var pinch: Pinch?

    public init(configuration: GestureConfiguration) {
        self.configuration = configuration
    }

    /// How many fingers are down.
    public var fingersDown: Int { fingers.count }

    /// The next time at which `advance(to:)` would report something, if any.
    public var nextDeadline: Double? {
        var deadlines: [Double] = []
        if let sequence, sequence.maxFingers == 1, !sequence.moved, !sequence.longPressFired {
            deadlines.append(sequence.startTime + configuration.longPressDuration)
        }
        if sequence == nil, let pendingTap {
            deadlines.append(pendingTap.liftTime + configuration.doubleTapInterval)
        }
        return deadlines.min()
    }

    /// Fires timeouts due at or before `time`.
    public mutating func advance(to time: Double) -> [GestureEvent] {
        var events: [GestureEvent] = []
        if var current = sequence, current.maxFingers == 1, !current.moved, !current.longPressFired,
           time >= current.startTime + configuration.longPressDuration {
            let fireTime = current.startTime + configuration.longPressDuration
            if current.continuesDoubleTap {
                flushPendingTap(at: fireTime, into: &events)
                current.continuesDoubleTap = false
            }
            current.longPressFired = true
            sequence = current
            if let point = fingers.values.first?.start ?? current.startPoints.first {
                events.append(GestureEvent(time: fireTime, kind: .longPress(at: point)))
            }
        }
        if sequence == nil, let pending = pendingTap, time >= pending.liftTime + configuration.doubleTapInterval {
            flushPendingTap(at: pending.liftTime + configuration.doubleTapInterval, into: &events)
        }
        return events
    }

    /// Fires every pending timeout, as if time ran on with no new input
    /// (the end of a replay): a waiting middle tap is reported, and a finger
    /// still held becomes a long press.
    public mutating func settle() -> [GestureEvent] {
        var events: [GestureEvent] = []
        while let deadline = nextDeadline {
            events += advance(to: deadline)
        }
        return events
    }

    /// Feeds one frame: every finger on the surface at `frame.time`.
    public mutating func process(_ frame: TouchFrame) -> [GestureEvent] {
        let now = frame.time
        var events = advance(to: now)
        let added = updateFingers(with: frame, into: &events)
        updateSequence(added: added, at: now, into: &events)
        updatePan(at: now, into: &events)
        updatePinch(at: now, into: &events)
        if fingers.isEmpty, let finished = sequence {
            sequence = nil
            finishSequence(finished, at: now, into: &events)
        }
        return events
    }

    /// Raw finger events; returns the points of fingers that just touched.
    private mutating func updateFingers(with frame: TouchFrame, into events: inout [GestureEvent]) -> [Point] {
        let present = Set(frame.touches.map(\.id))
        for id in fingers.keys.sorted() where !present.contains(id) {
            if let finger = fingers.removeValue(forKey: id) {
                events.append(GestureEvent(time: frame.time, kind: .fingerUp(id: id, at: finger.current)))
            }
        }
        var added: [Point] = []
        for touch in frame.touches {
            let point = touch.point
            if var finger = fingers[touch.id] {
                guard finger.current != point else { continue }
                finger.current = point
                fingers[touch.id] = finger
                events.append(GestureEvent(time: frame.time, kind: .fingerMoved(id: touch.id, to: point)))
                if finger.start.distance(to: point) >= configuration.touchSlop {
                    sequence?.moved = true
                }
            } else {
                fingers[touch.id] = Finger(start: point, current: point)
                added.append(point)
                events.append(GestureEvent(time: frame.time, kind: .fingerDown(id: touch.id, at: point)))
            }
        }
        return added
    }

    /// The centroid of the fingers down, in a stable order.
    var fingerCentroid: Point? {
        guard !fingers.isEmpty else { return nil }
        let points = fingers.keys.sorted().compactMap { fingers[$0]?.current }
        let count = Double(points.count)
        return Point(x: points.reduce(0) { $0 + $1.x } / count, y: points.reduce(0) { $0 + $1.y } / count)
    }
}
