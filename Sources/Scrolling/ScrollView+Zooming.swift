#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// A pinch in progress.
struct PinchState: Equatable {
    /// The unscaled content point under the fingers' focus when the pinch began.
    let anchor: Point
    /// The scale the pinch's relative scale multiplies (before the rubber band).
    let baseScale: Double
    var focus: Point
    let unscaledSize: Size
}

extension ScrollView {
    // MARK: Pinch

    /// Two fingers went down. Ends a one-finger drag, catches a zoom bounce
    /// where it is, and starts zooming (willBeginZooming) unless a zoom
    /// session is still open. Ignored when the content cannot zoom or owns
    /// the touch.
    public func pinchBegan(focus: Point, time: Double) {
        advance(to: time)
        guard pinch == nil, maximumZoomScale > minimumZoomScale,
              delegate?.viewForZooming(in: self) != nil else { return }
        if let current = touch {
            if current.ownedByContent || (current.content == .delivered && !canCancelContentTouches) { return }
            touch = nil
            if current.content == .delivered {
                contentTouchDelegate?.touchesCancelled(time: time)
            }
            if current.drag != nil {
                var target = offset
                delegate?.scrollViewWillEndDragging(self, withVelocity: .zero, targetContentOffset: &target)
                delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
                isDragging = false
            }
        }
        if case .zooming = motion {
            // The fingers take over the running zoom: same session, no messages.
            motion = .none
            isZoomBouncing = false
        } else {
            interruptMotion()
        }
        isTracking = true
        isZooming = true
        if !zoomSessionActive {
            zoomSessionActive = true
            delegate?.scrollViewWillBeginZooming(self)
        }
        // Asked again: the delegate may have rearranged the content in willBeginZooming.
        guard let unscaledSize = delegate?.viewForZooming(in: self) else {
            isTracking = false
            isZooming = false
            endZoomSession()
            return
        }
        pinch = PinchState(anchor: (offset + focus) / scale, baseScale: rawZoomScale(for: scale),
                           focus: focus, unscaledSize: unscaledSize)
    }

    /// The fingers moved: `scale` is relative to the pinch start, `focus` the
    /// point between them. The content point under the focus stays under it.
    public func pinchChanged(scale relativeScale: Double, focus: Point, time: Double) {
        guard var current = pinch, relativeScale > 0 else { return }
        current.focus = focus
        pinch = current
        let raw = current.baseScale * relativeScale
        let newScale = bouncesZoom
            ? ScrollPhysics.rubberBandedZoomScale(raw, minimum: minimumZoomScale, maximum: maximumZoomScale)
            : clampedZoomScale(raw)
        applyZoom(scale: newScale, offset: current.anchor * newScale - focus, unscaledSize: current.unscaledSize)
    }

    /// The fingers lifted: bounces back inside the zoom limits and the content
    /// edges (to the minimum scale from below `minimumKeptZoomScale`), about
    /// the last focus, for the measured duration; didEndZooming follows the bounce.
    public func pinchEnded(time: Double) {
        guard let ended = pinch else { return }
        pinch = nil
        isTracking = false
        isZooming = false
        var targetScale = clampedZoomScale(scale)
        if targetScale < minimumKeptZoomScale { targetScale = minimumZoomScale }
        let targetOffset = clampedOffset(ended.anchor * targetScale - ended.focus,
                                         contentSize: ended.unscaledSize * targetScale)
        if targetScale == scale && targetOffset == offset {
            endZoomSession()
            return
        }
        isZoomBouncing = targetScale != scale
        let bounce = ZoomAnimation(fromScale: scale, toScale: targetScale, fromOffset: offset, toOffset: targetOffset,
                                   duration: ScrollPhysics.zoomBounceDuration(from: scale, to: targetScale),
                                   easesOut: true, startTime: time)
        motion = .zooming(bounce, unscaledSize: ended.unscaledSize)
    }

    // MARK: Programmatic zoom

    /// Zooms about the viewport centre to `newScale` (clamped to the limits).
    public func setZoomScale(_ newScale: Double, animated: Bool) {
        setZoomScale(newScale, about: Point(x: viewportSize.width / 2, y: viewportSize.height / 2), animated: animated)
    }

    /// Zooms to `newScale` (clamped to the limits) keeping the content under
    /// `focus` (viewport coordinates) where it is, as far as the content edges allow.
    public func setZoomScale(_ newScale: Double, about focus: Point, animated: Bool) {
        guard let unscaledSize = delegate?.viewForZooming(in: self) else { return }
        let target = clampedZoomScale(newScale)
        let anchor = (offset + focus) / scale
        let targetOffset = clampedOffset(anchor * target - focus, contentSize: unscaledSize * target)
        zoom(toScale: target, offset: targetOffset, unscaledSize: unscaledSize, animated: animated)
    }

    /// Zooms so that `rect` (unscaled content coordinates) fills the viewport as
    /// far as the zoom limits allow, centred on it.
    public func zoom(to rect: Rect, animated: Bool) {
        guard let unscaledSize = delegate?.viewForZooming(in: self), rect.width > 0, rect.height > 0 else { return }
        let target = clampedZoomScale(min(viewportSize.width / rect.width, viewportSize.height / rect.height))
        let center = Point(x: viewportSize.width / 2, y: viewportSize.height / 2)
        let targetOffset = clampedOffset(rect.center * target - center, contentSize: unscaledSize * target)
        zoom(toScale: target, offset: targetOffset, unscaledSize: unscaledSize, animated: animated)
    }

    /// The rect to pass to `zoom(to:animated:)` to reach `scale` centred on
    /// `center` (unscaled content coordinates), as the Scroll View Programming
    /// Guide's Listing 3-2.
    public func zoomRect(forScale scale: Double, center: Point) -> Rect {
        let size = viewportSize / scale
        return Rect(origin: Point(x: center.x - size.width / 2, y: center.y - size.height / 2), size: size)
    }

    /// The unscaled content point shown at `location` in the viewport (for instance under a tap).
    public func unscaledContentPoint(at location: Point) -> Point {
        (offset + location) / scale
    }

    private func zoom(toScale target: Double, offset targetOffset: Point, unscaledSize: Size, animated: Bool) {
        guard pinch == nil else { return }
        interruptMotion()
        guard animated else {
            applyZoom(scale: target, offset: targetOffset, unscaledSize: unscaledSize)
            return
        }
        guard target != scale || targetOffset != offset else { return }
        if !zoomSessionActive {
            zoomSessionActive = true
            delegate?.scrollViewWillBeginZooming(self)
        }
        let animation = ZoomAnimation(fromScale: scale, toScale: target, fromOffset: offset, toOffset: targetOffset,
                                      duration: ScrollPhysics.scrollAnimationDuration, easesOut: false, startTime: nil)
        motion = .zooming(animation, unscaledSize: unscaledSize)
    }

    // MARK: Shared

    /// Sets scale, content size and offset together, then sends didZoom and didScroll for what changed.
    func applyZoom(scale newScale: Double, offset newOffset: Point, unscaledSize: Size) {
        let scaleChanged = newScale != scale
        let offsetChanged = newOffset != offset
        scale = newScale
        contentSize = unscaledSize * newScale
        offset = newOffset
        if scaleChanged { delegate?.scrollViewDidZoom(self) }
        if offsetChanged { delegate?.scrollViewDidScroll(self) }
    }

    func finishZoomAnimation(_ animation: ZoomAnimation, unscaledSize: Size) {
        applyZoom(scale: animation.toScale, offset: animation.toOffset, unscaledSize: unscaledSize)
        isZoomBouncing = false
        endZoomSession()
    }

    func endZoomSession() {
        guard zoomSessionActive else { return }
        zoomSessionActive = false
        delegate?.scrollViewDidEndZooming(self, atScale: scale)
    }

    func clampedZoomScale(_ value: Double) -> Double {
        min(max(value, minimumZoomScale), maximumZoomScale)
    }

    /// The scale before the rubber band that gives `visible`, so a pinch that
    /// catches a bounce continues without a jump.
    func rawZoomScale(for visible: Double) -> Double {
        guard bouncesZoom else { return visible }
        let low = minimumZoomScale
        let high = maximumZoomScale
        if visible > high { return high / (2 - min(visible / high, 1.999)) }
        if visible < low { return low * (2 - low / max(visible, low / 1.999)) }
        return visible
    }
}
