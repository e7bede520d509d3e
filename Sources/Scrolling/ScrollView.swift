#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry

/// A model of UIScrollView: drag, flick with momentum, rubber band and bounce,
/// paging, zoom and the delegate messages, driven entirely by the caller.
///
/// It never reads a clock. Touches and pinches arrive with their times, and
/// `advance(to:)` moves animations to a frame time; any frame interval gives
/// the same motion. All times are in ms, distances in px, velocities in px/ms.
/// While `isAnimating` is true the event loop should keep sending frames;
/// `contentTouchDeadline` names the one other time it must call `advance(to:)`.
public final class ScrollView {
    public weak var delegate: ScrollViewDelegate?
    public weak var contentTouchDelegate: ScrollViewContentTouchDelegate?

    // MARK: Configuration

    /// The size of the visible area (bounds.size).
    public var viewportSize: Size
    /// The size of the content at the current zoom scale.
    public var contentSize: Size
    public var contentInset: EdgeInsets = .zero
    /// Settle on multiples of the viewport size after a release.
    public var pagingEnabled = false
    /// Rubber band and bounce past the edges; when false the edges are hard stops.
    public var bounces = true
    /// Drag horizontally (with rubber band) even when the content is not wider than the viewport.
    public var alwaysBounceHorizontal = false
    /// Drag vertically (with rubber band) even when the content is not taller than the viewport.
    public var alwaysBounceVertical = false
    /// Room past each content edge that a drag moves into one to one, before
    /// the rubber band (as a neighbouring photo slides in beside a zoomed
    /// one). A release there bounces back unless the delegate moves the
    /// content in `scrollViewWillEndDragging`.
    public var dragRoom: EdgeInsets = .zero
    /// A drag that starts mostly along one axis moves only along that axis.
    public var directionalLockEnabled = false
    /// Per-millisecond velocity retention of a flick.
    public var decelerationRate = ScrollPhysics.normalDecelerationRate
    public var minimumZoomScale = 1.0
    public var maximumZoomScale = 1.0
    /// Rubber band past the zoom limits during a pinch, and bounce back after.
    public var bouncesZoom = true
    /// A pinch released below this scale was not meant: it bounces back to
    /// `minimumZoomScale`. At `minimumZoomScale` or below, every scale is kept.
    public var minimumKeptZoomScale = 1.0
    /// Hold touches back from the content for 150 ms in case they become drags.
    public var delaysContentTouches = true
    /// A drag may take a touch the content already has (sending it touchesCancelled).
    public var canCancelContentTouches = true
    public var scrollsToTop = true

    // MARK: State

    public internal(set) var isTracking = false
    public internal(set) var isDragging = false
    public internal(set) var isDecelerating = false
    public internal(set) var isZooming = false
    public internal(set) var isZoomBouncing = false

    /// Setting it stops any motion and sends one didScroll when it changes.
    public var contentOffset: Point {
        get { offset }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The visible area in content coordinates.
    public var bounds: Rect { Rect(origin: offset, size: viewportSize) }

    /// Setting it zooms about the viewport centre without animation.
    public var zoomScale: Double {
        get { scale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// True while momentum, a bounce, a paging settle or an animated scroll or zoom runs.
    public var isAnimating: Bool { motion != .none }

    /// When a held-back touch is due to reach the content, if one is waiting.
    public var contentTouchDeadline: Double? {
        if case .pending(let deadline)? = touch?.content { return deadline }
        return nil
    }

    /// The horizontal page under the viewport's midpoint, pages being one viewport wide.
    public var currentPage: Int {
        PagingRule.nearestPage(offset: offset.x, pageSize: viewportSize.width)
    }

    // MARK: Internal state

    var offset: Point = .zero
    var scale = 1.0
    var motion: Motion = .none {
        didSet { motionGeneration &+= 1 }
    }
    /// Changes with every change of `motion`, so a step can tell whether a delegate replaced it.
    var motionGeneration = 0
    var touch: TouchState?
    var pinch: PinchState?
    /// True from willBeginZooming to didEndZooming, across a pinch and its bounce.
    var zoomSessionActive = false
    var velocityFitter = VelocityFitter()

    enum Motion: Equatable {
        case none
        case decelerating(horizontal: AxisDeceleration, vertical: AxisDeceleration, time: Double)
        case pagingSettle(horizontal: AxisSpring, vertical: AxisSpring, time: Double)
        case scrolling(OffsetAnimation, toTop: Bool)
        case zooming(ZoomAnimation, unscaledSize: Size)
    }

    public init(viewportSize: Size, contentSize: Size = .zero) {
        self.viewportSize = viewportSize
        self.contentSize = contentSize
    }

    // MARK: Offset range

    /// Written as a subtraction so that no inset gives 0, not -0, in offsets and traces.
    var minimumOffset: Point { Point(x: 0 - contentInset.left, y: 0 - contentInset.top) }

    var maximumOffset: Point { maximumOffset(contentSize: contentSize) }

    func maximumOffset(contentSize size: Size) -> Point {
        let minimum = minimumOffset
        return Point(x: max(minimum.x, size.width + contentInset.right - viewportSize.width),
                     y: max(minimum.y, size.height + contentInset.bottom - viewportSize.height))
    }

    /// `point` moved into the scrollable range (of `size`, by default the current content size).
    func clampedOffset(_ point: Point, contentSize size: Size? = nil) -> Point {
        let minimum = minimumOffset
        let maximum = maximumOffset(contentSize: size ?? contentSize)
        return Point(x: min(max(point.x, minimum.x), maximum.x), y: min(max(point.y, minimum.y), maximum.y))
    }

    /// Whether a drag moves the content along `axis`.
    func canScroll(_ axis: Axis) -> Bool {
        if maximumOffset[axis] > minimumOffset[axis] { return true }
        return bounces && (axis == .horizontal ? alwaysBounceHorizontal : alwaysBounceVertical)
    }

    /// Sets the offset and reports it, if it changed.
    func moveContent(to point: Point) {
        guard point != offset else { return }
        offset = point
        delegate?.scrollViewDidScroll(self)
    }

    // MARK: Programmatic scrolling

    /// Moves the content. Without animation: stops any motion and sends one
    /// didScroll. With animation: didScroll on each frame from the next
    /// `advance(to:)`, then didEndScrollingAnimation; nothing when already there.
    /// During a drag the finger owns the motion, so an animated set applies at once.
    public func setContentOffset(_ target: Point, animated: Bool) {
        if animated && !isDragging {
            if target == offset && motion == .none { return }
            interruptMotion()
            motion = .scrolling(OffsetAnimation(from: offset, to: target,
                                                duration: ScrollPhysics.scrollAnimationDuration), toTop: false)
            return
        }
        interruptMotion()
        if isDragging { rebaseDrag(onto: target) }
        moveContent(to: target)
    }

    /// Scrolls the least distance that shows `rect` (content coordinates);
    /// nothing when it is already visible.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let visible = bounds
        guard !visible.contains(rect) else { return }
        var target = offset
        for axis in Axis.allCases {
            let low = axis == .horizontal ? rect.minX : rect.minY
            let high = axis == .horizontal ? rect.maxX : rect.maxY
            let length = viewportSize[axis]
            if low < target[axis] || high - low > length {
                target[axis] = low
            } else if high > target[axis] + length {
                target[axis] = high - length
            }
        }
        target = clampedOffset(target)
        guard target != offset else { return }
        setContentOffset(target, animated: animated)
    }

    /// The status-bar tap of iOS: asks scrollViewShouldScrollToTop, animates to
    /// the top, then sends didScrollToTop (at once when already there).
    /// Returns false when refused or while a finger is down.
    @discardableResult
    public func scrollToTop() -> Bool {
        guard scrollsToTop, touch == nil, pinch == nil else { return false }
        guard delegate?.scrollViewShouldScrollToTop(self) ?? true else { return false }
        let top = Point(x: offset.x, y: minimumOffset.y)
        interruptMotion()
        if top == offset {
            delegate?.scrollViewDidScrollToTop(self)
            return true
        }
        motion = .scrolling(OffsetAnimation(from: offset, to: top,
                                            duration: ScrollPhysics.scrollAnimationDuration), toTop: true)
        return true
    }

    // MARK: Stopping motion

    /// Stops whatever moves the content, in place, sending the message that
    /// closes it: didEndDecelerating, didEndScrollingAnimation, or, for a zoom
    /// animation, its end state at once and didEndZooming.
    func interruptMotion() {
        let stopped = motion
        switch stopped {
        case .none:
            return
        case .decelerating, .pagingSettle:
            motion = .none
            isDecelerating = false
            delegate?.scrollViewDidEndDecelerating(self)
        case .scrolling:
            motion = .none
            delegate?.scrollViewDidEndScrollingAnimation(self)
        case .zooming(let animation, let unscaledSize):
            motion = .none
            finishZoomAnimation(animation, unscaledSize: unscaledSize)
        }
    }
}
