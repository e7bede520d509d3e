import Geometry

extension GestureRecognizer {
    /// Starts a sequence on the first touch and keeps its tap bookkeeping.
    mutating func updateSequence(added: [Point], at now: Double, into events: inout [GestureEvent]) {
        if sequence == nil, let first = added.first {
            var started = TouchSequence(startTime: now)
            if let pending = pendingTap {
                // The window closes at liftTime + interval, when advance(to:) reports the single tap.
                let inTime = now - pending.liftTime < configuration.doubleTapInterval
                let near = first.distance(to: pending.point) <= configuration.doubleTapDistance
                let zoneAllows = !tapZonesEnabled || TapZone(x: first.x, width: configuration.screenWidth) == .middle
                if inTime && near && zoneAllows && added.count == 1 {
                    started.continuesDoubleTap = true
                } else {
                    flushPendingTap(at: now, into: &events)
                }
            }
            sequence = started
        }
        guard var current = sequence else { return }
        current.startPoints += added
        current.maxFingers = max(current.maxFingers, fingers.count)
        if current.continuesDoubleTap && (current.maxFingers > 1 || current.moved) {
            flushPendingTap(at: now, into: &events)
            current.continuesDoubleTap = false
        }
        sequence = current
    }

    /// All fingers are up: decide between tap, double tap and two-finger tap.
    mutating func finishSequence(_ finished: TouchSequence, at now: Double, into events: inout [GestureEvent]) {
        let duration = now - finished.startTime
        let still = !finished.moved && !finished.longPressFired
        if still && finished.maxFingers == 1 && duration < configuration.longPressDuration,
           let point = finished.startPoints.first {
            let zone = TapZone(x: point.x, width: configuration.screenWidth)
            if finished.continuesDoubleTap && pendingTap != nil {
                pendingTap = nil
                events.append(GestureEvent(time: now, kind: .doubleTap(at: point)))
            } else if tapZonesEnabled && zone != .middle {
                events.append(GestureEvent(time: now, kind: .tap(at: point, zone: zone)))
            } else {
                pendingTap = PendingTap(point: point, liftTime: now)
            }
            return
        }
        if finished.continuesDoubleTap {
            flushPendingTap(at: now, into: &events)
        }
        if still && finished.maxFingers == 2 && duration <= configuration.twoFingerTapDuration,
           finished.startPoints.count == 2 {
            let a = finished.startPoints[0]
            let b = finished.startPoints[1]
            let center = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            events.append(GestureEvent(time: now, kind: .twoFingerTap(at: center)))
        }
    }

    /// Reports the waiting middle tap as a single tap: no double tap can follow any more.
    mutating func flushPendingTap(at time: Double, into events: inout [GestureEvent]) {
        guard let pending = pendingTap else { return }
        pendingTap = nil
        let zone = TapZone(x: pending.point.x, width: configuration.screenWidth)
        events.append(GestureEvent(time: time, kind: .tap(at: pending.point, zone: zone)))
    }
}
