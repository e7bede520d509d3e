#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// What the content knows of the finger currently down.
enum ContentTouchPhase: Equatable {
    /// Held back until `deadline` in case the touch becomes a drag.
    case pending(deadline: Double)
    /// The content has the touch.
    case delivered
    /// The content had the touch and a drag took it.
    case cancelled
    /// The content never sees this touch.
    case withheld
}

/// The finger currently down.
struct TouchState: Equatable {
    var location: Point
    let startLocation: Point
    var content: ContentTouchPhase
    /// The content has the touch and may not lose it, so the scroll view never scrolls.
    var ownedByContent = false
    var drag: DragState?
}

/// A touch that moves the content.
struct DragState: Equatable {
    /// The finger location that corresponds to `anchorRawOffset`.
    var anchorLocation: Point
    /// Offset before the rubber band, at the anchor.
    var anchorRawOffset: Point
    /// Offset when the drag began; paging moves at most one page from it.
    var startOffset: Point
    /// With directional lock, the only axis that moves; nil moves both.
    var lockedAxis: Axis?
    var lockDecided: Bool
}

extension ScrollView {
    /// A finger went down. Stops any motion in place (closing it with
    /// didEndDecelerating or didEndScrollingAnimation; a zoom animation jumps to
    /// its end). A scroll view caught while moving is dragged from here at once,
    /// without slop, and the content never sees the touch.
    public func touchBegan(at location: Point, time: Double) {
        advance(to: time)
        if touch != nil { touchCancelled(time: time) }
        guard pinch == nil else { return }
        let caught = motion != .none
        interruptMotion()
        isTracking = true
        velocityFitter.reset()
        velocityFitter.add(location, at: time)
        if caught {
            touch = TouchState(location: location, startLocation: location, content: .withheld)
            beginDrag(anchor: location, initialTranslation: nil)
        } else if delaysContentTouches {
            let deadline = time + ScrollPhysics.contentTouchDelay
            touch = TouchState(location: location, startLocation: location, content: .pending(deadline: deadline))
        } else {
            touch = TouchState(location: location, startLocation: location, content: .delivered)
            contentTouchDelegate?.touchesBegan(at: location, time: time)
        }
    }

    /// The finger moved. Past the 10 px slop it becomes a drag; the slop is not
    /// applied to the content, so it does not jump.
    public func touchMoved(to location: Point, time: Double) {
        advance(to: time)
        guard touch != nil else { return }
        velocityFitter.add(location, at: time)
        touch?.location = location
        if touch?.drag == nil {
            startDragIfPastSlop(at: location, time: time)
        }
        guard let current = touch else { return }
        if current.drag != nil {
            updateDrag(to: location)
        } else if current.content == .delivered {
            contentTouchDelegate?.touchesMoved(to: location, time: time)
        }
    }

    /// The finger lifted. A touch still held back reaches the content at once.
    public func touchEnded(time: Double) {
        advance(to: time)
        guard let ended = touch else { return }
        touch = nil
        isTracking = false
        switch ended.content {
        case .pending:
            contentTouchDelegate?.touchesBegan(at: ended.location, time: time)
            contentTouchDelegate?.touchesEnded(at: ended.location, time: time)
        case .delivered:
            contentTouchDelegate?.touchesEnded(at: ended.location, time: time)
        case .cancelled, .withheld:
            break
        }
        if let drag = ended.drag {
            release(velocity: contentVelocity(at: time, drag: drag), time: time, drag: drag)
        }
    }

    /// The system took the touch away: the content loses it and a drag ends without momentum.
    public func touchCancelled(time: Double) {
        advance(to: time)
        guard let cancelled = touch else { return }
        touch = nil
        isTracking = false
        if cancelled.content == .delivered {
            contentTouchDelegate?.touchesCancelled(time: time)
        }
        if let drag = cancelled.drag {
            release(velocity: .zero, time: time, drag: drag)
        }
    }

    // MARK: Content touches

    /// Hands a held-back touch to the content once 150 ms passed without a drag.
    func deliverDueContentTouch(at time: Double) {
        guard let current = touch, case .pending(let deadline) = current.content,
              current.drag == nil, time >= deadline else { return }
        touch?.content = .delivered
        contentTouchDelegate?.touchesBegan(at: current.location, time: deadline)
    }

    // MARK: Dragging

    private func startDragIfPastSlop(at location: Point, time: Double) {
        guard let current = touch, !current.ownedByContent else { return }
        let translation = location - current.startLocation
        let distance = translation.length
        guard distance > ScrollPhysics.touchSlop, canScroll(.horizontal) || canScroll(.vertical) else { return }
        switch current.content {
        case .delivered:
            guard canCancelContentTouches else {
                touch?.ownedByContent = true
                return
            }
            touch?.content = .cancelled
            contentTouchDelegate?.touchesCancelled(time: time)
        case .pending:
            touch?.content = .withheld
        case .cancelled, .withheld:
            break
        }
        let anchor = current.startLocation + translation * (ScrollPhysics.touchSlop / distance)
        beginDrag(anchor: anchor, initialTranslation: translation)
    }

    func beginDrag(anchor: Point, initialTranslation: Point?) {
        var drag = DragState(anchorLocation: anchor, anchorRawOffset: rawOffset(for: offset),
                             startOffset: offset, lockedAxis: nil, lockDecided: !directionalLockEnabled)
        if let initialTranslation, directionalLockEnabled {
            decideLock(&drag, translation: initialTranslation)
        }
        touch?.drag = drag
        isDragging = true
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// Locks onto an axis when the motion is within about 27 degrees of it.
    private func decideLock(_ drag: inout DragState, translation: Point) {
        drag.lockDecided = true
        guard canScroll(.horizontal) && canScroll(.vertical) else { return }
        if abs(translation.x) > 2 * abs(translation.y) {
            drag.lockedAxis = .horizontal
        } else if abs(translation.y) > 2 * abs(translation.x) {
            drag.lockedAxis = .vertical
        }
    }

    private func updateDrag(to location: Point) {
        guard var drag = touch?.drag else { return }
        let translation = location - drag.anchorLocation
        if !drag.lockDecided && translation.length > ScrollPhysics.touchSlop {
            decideLock(&drag, translation: translation)
        }
        touch?.drag = drag
        var target = offset
        for axis in Axis.allCases where canScroll(axis) && (drag.lockedAxis == nil || drag.lockedAxis == axis) {
            target[axis] = rubberBandedOffset(raw: drag.anchorRawOffset[axis] - translation[axis], axis: axis)
        }
        moveContent(to: target)
    }

    /// Keeps a drag going from `target` after the offset was set during it.
    func rebaseDrag(onto target: Point) {
        guard let location = touch?.location else { return }
        touch?.drag?.anchorLocation = location
        touch?.drag?.anchorRawOffset = rawOffset(for: target)
    }

    /// The content velocity of a drag at lift: the finger's, reversed, on the axes that move.
    private func contentVelocity(at time: Double, drag: DragState) -> Point {
        let finger = velocityFitter.velocity(at: time)
        var velocity = Point.zero
        for axis in Axis.allCases where canScroll(axis) && (drag.lockedAxis == nil || drag.lockedAxis == axis) {
            velocity[axis] = -finger[axis]
        }
        return velocity
    }

    // MARK: Rubber band

    func rubberBandedOffset(raw: Double, axis: Axis) -> Double {
        let (low, high) = dragLimits(axis)
        let dimension = viewportSize[axis]
        if raw < low {
            return bounces ? low + ScrollPhysics.rubberBand(overshoot: raw - low, dimension: dimension) : low
        }
        if raw > high {
            return bounces ? high + ScrollPhysics.rubberBand(overshoot: raw - high, dimension: dimension) : high
        }
        return raw
    }

    /// Where the rubber band starts on `axis`: the scrollable range widened by `dragRoom`.
    private func dragLimits(_ axis: Axis) -> (low: Double, high: Double) {
        let low = minimumOffset[axis] - (axis == .horizontal ? dragRoom.left : dragRoom.top)
        let high = maximumOffset[axis] + (axis == .horizontal ? dragRoom.right : dragRoom.bottom)
        return (low, high)
    }

    /// The raw offset whose rubber band is `point`, so a drag resumes an overscroll without a jump.
    func rawOffset(for point: Point) -> Point {
        var raw = point
        for axis in Axis.allCases {
            let (low, high) = dragLimits(axis)
            let dimension = viewportSize[axis]
            if point[axis] < low {
                raw[axis] = low + ScrollPhysics.rawOvershoot(rubberBanded: point[axis] - low, dimension: dimension)
            } else if point[axis] > high {
                raw[axis] = high + ScrollPhysics.rawOvershoot(rubberBanded: point[axis] - high, dimension: dimension)
            }
        }
        return raw
    }
}
