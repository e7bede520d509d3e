import Geometry

extension GestureRecognizer {
    /// Pan follows the centroid of all fingers. When fingers join or leave,
    /// the centroid jumps, so an offset keeps the pan position continuous.
    mutating func updatePan(at now: Double, into events: inout [GestureEvent]) {
        guard let centroid = fingerCentroid else {
            if let ended = pan, ended.began {
                let velocity = ended.velocityFitter.velocity(at: now)
                events.append(GestureEvent(time: now, kind: .panEnded(
                    at: ended.position, translation: ended.position - ended.origin, velocity: velocity)))
            }
            pan = nil
            return
        }
        let ids = Set(fingers.keys)
        var current = pan ?? Pan(origin: centroid, fingerIDs: ids, position: centroid, velocityFitter: VelocityFitter(
            window: configuration.velocityWindow, maximumSamples: configuration.velocitySampleLimit,
            stillness: configuration.velocityStillness))
        if current.fingerIDs != ids {
            current.offset = current.position - centroid
            current.fingerIDs = ids
        }
        let previous = current.position
        current.position = centroid + current.offset
        current.velocityFitter.add(current.position, at: now)
        let translation = current.position - current.origin
        if !current.began {
            if translation.length >= configuration.touchSlop {
                current.began = true
                events.append(GestureEvent(time: now, kind: .panBegan(at: current.position, translation: translation)))
            }
        } else if current.position != previous {
            events.append(GestureEvent(time: now, kind: .panChanged(
                at: current.position, translation: translation, velocity: current.velocityFitter.velocity(at: now))))
        }
        pan = current
    }

    /// Pinch scale is the fingers' mean distance from their centroid relative
    /// to when they touched; joining or leaving fingers re-anchor it.
    mutating func updatePinch(at now: Double, into events: inout [GestureEvent]) {
        guard fingers.count >= 2, let focus = fingerCentroid else {
            if let ended = pinch, ended.began {
                events.append(GestureEvent(time: now, kind: .pinchEnded(focus: ended.focus, scale: ended.scale)))
            }
            pinch = nil
            return
        }
        let ids = Set(fingers.keys)
        let span = fingers.values.reduce(0) { $0 + $1.current.distance(to: focus) } / Double(fingers.count)
        var current = pinch ?? Pinch(fingerIDs: ids, anchorSpan: span, focus: focus)
        if current.fingerIDs != ids {
            current.fingerIDs = ids
            current.anchorSpan = span
            current.anchorScale = current.scale
        }
        let previousScale = current.scale
        current.focus = focus
        current.scale = current.anchorSpan > 0 ? current.anchorScale * span / current.anchorSpan : current.anchorScale
        if !current.began {
            // Spread is measured finger to finger: twice the distance from the centroid.
            if abs(span - current.anchorSpan) * 2 >= configuration.pinchSlop {
                current.began = true
                events.append(GestureEvent(time: now, kind: .pinchBegan(focus: focus, scale: current.scale)))
            }
        } else if current.scale != previousScale {
            events.append(GestureEvent(time: now, kind: .pinchChanged(focus: focus, scale: current.scale)))
        }
        pinch = current
    }
}
