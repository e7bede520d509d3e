import Geometry
import Gestures

/// A right-to-left book's pages on screen: the next page lies to the left,
/// a flick to the right turns forward and the left third turns forward.
/// The scroll view is the same as for any book; what it sees is the mirror
/// image of the screen, and what the screen shows is placed mirrored: no
/// picture is ever flipped, and the three page buffers stay three.
extension PagingController {
    /// A gesture as the scroll view sees it: mirrored left to right.
    func mirrored(_ event: GestureEvent) -> GestureEvent {
        let width = pageSize.width
        func flip(_ point: Point) -> Point { Point(x: width - point.x, y: point.y) }
        func flip(_ zone: TapZone) -> TapZone { zone == .left ? .right : zone == .right ? .left : .middle }
        let kind: GestureKind
        switch event.kind {
        case let .fingerDown(id, at): kind = .fingerDown(id: id, at: flip(at))
        case let .fingerMoved(id, to): kind = .fingerMoved(id: id, to: flip(to))
        case let .fingerUp(id, at): kind = .fingerUp(id: id, at: flip(at))
        case let .tap(at, zone): kind = .tap(at: flip(at), zone: flip(zone))
        case let .doubleTap(at): kind = .doubleTap(at: flip(at))
        case let .twoFingerTap(at): kind = .twoFingerTap(at: flip(at))
        case let .longPress(at): kind = .longPress(at: flip(at))
        case let .panBegan(at, translation):
            kind = .panBegan(at: flip(at), translation: Point(x: -translation.x, y: translation.y))
        case let .panChanged(at, translation, velocity):
            kind = .panChanged(at: flip(at), translation: Point(x: -translation.x, y: translation.y),
                               velocity: Point(x: -velocity.x, y: velocity.y))
        case let .panEnded(at, translation, velocity):
            kind = .panEnded(at: flip(at), translation: Point(x: -translation.x, y: translation.y),
                             velocity: Point(x: -velocity.x, y: velocity.y))
        case let .pinchBegan(focus, scale): kind = .pinchBegan(focus: flip(focus), scale: scale)
        case let .pinchChanged(focus, scale): kind = .pinchChanged(focus: flip(focus), scale: scale)
        case let .pinchEnded(focus, scale): kind = .pinchEnded(focus: flip(focus), scale: scale)
        }
        return GestureEvent(time: event.time, kind: kind)
    }

    /// The paging offset as the screen lays pages out left to right: page
    /// `page(atScreenIndex: i)` lies at `i` page widths from the origin.
    public var screenPagingOffsetX: Double { isRightToLeft ? -scrollView.contentOffset.x : scrollView.contentOffset.x }

    /// The book's page at position `index` of the screen's left-to-right order.
    public func page(atScreenIndex index: Int) -> Int { isRightToLeft ? -index : index }

    /// The zoomed page's offset as the screen shows it (mirrored within the zoomed content).
    public var screenZoomOffset: Point {
        let offset = scrollView.contentOffset
        guard isRightToLeft else { return offset }
        return Point(x: scrollView.contentSize.width - pageSize.width - offset.x, y: offset.y)
    }

    /// A point on the screen as a point of the page on screen (unzoomed
    /// pixels), or nil while pages move.
    public func pagePoint(atScreen point: Point, fingerHeld: Bool = false) -> Point? {
        guard zoomedPage != nil else {
            // A finger held still is tracked, but the page under it has not moved.
            guard !scrollView.isAnimating, fingerHeld || !scrollView.isTracking else { return nil }
            return point
        }
        let offset = screenZoomOffset, scale = zoomScale
        return Point(x: (offset.x + point.x) / scale, y: (offset.y + point.y) / scale)
    }
}
