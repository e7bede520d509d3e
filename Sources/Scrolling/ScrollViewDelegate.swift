import Geometry

/// Messages a scroll view sends about its motion, as UIScrollViewDelegate.
/// Every method is optional (empty by default).
///
/// Sequences:
/// - drag, stop, lift: willBeginDragging, didScroll..., willEndDragging,
///   didEndDragging(false).
/// - flick or overscrolled release: ..., didEndDragging(true),
///   willBeginDecelerating, didScroll..., didEndDecelerating.
/// - a touch that stops a deceleration: didEndDecelerating at once, then
///   willBeginDragging (the caught scroll view is dragged without slop).
/// - programmatic animated scroll: didScroll..., didEndScrollingAnimation
///   (or didScrollToTop for a scroll to top).
/// - zoom: willBeginZooming, didZoom..., didEndZooming(atScale:) once any
///   bounce back has finished.
/// - a pinch that takes over a drag: willEndDragging,
///   didEndDragging(false), then willBeginZooming.
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `velocity` is the content's velocity in px/ms at the lift; the delegate may
    /// change where the motion comes to rest.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                   targetContentOffset: inout Point)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// The unscaled size of the content to zoom, or nil when the content does not zoom.
    /// It is laid out from the content origin; zooming sets contentSize to it times the scale.
    func viewForZooming(in scrollView: ScrollView) -> Size?
    func scrollViewWillBeginZooming(_ scrollView: ScrollView)
    func scrollViewDidZoom(_ scrollView: ScrollView)
    func scrollViewDidEndZooming(_ scrollView: ScrollView, atScale scale: Double)
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func viewForZooming(in scrollView: ScrollView) -> Size? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView) {}
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, atScale scale: Double) {}
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
}

/// The content inside a scroll view, which receives the touches that are not drags.
///
/// With `delaysContentTouches` a touch reaches the content only after 150 ms
/// without a drag, or at once when the finger lifts before then. A drag that
/// starts after the content has the touch cancels it when
/// `canCancelContentTouches`; otherwise the touch stays with the content and
/// the scroll view does not scroll. Locations are in viewport coordinates.
public protocol ScrollViewContentTouchDelegate: AnyObject {
    func touchesBegan(at location: Point, time: Double)
    func touchesMoved(to location: Point, time: Double)
    func touchesEnded(at location: Point, time: Double)
    func touchesCancelled(time: Double)
}

extension ScrollViewContentTouchDelegate {
    public func touchesBegan(at location: Point, time: Double) {}
    public func touchesMoved(to location: Point, time: Double) {}
    public func touchesEnded(at location: Point, time: Double) {}
    public func touchesCancelled(time: Double) {}
}
