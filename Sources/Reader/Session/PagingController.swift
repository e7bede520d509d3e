import Geometry
import Gestures
import Scrolling

/// What the controller asks of the reader around it.
public protocol PagingControllerObserver: AnyObject {
    /// A message of the scroll view.
    func pagingController(_ controller: PagingController, sent message: ScrollMessage)
    /// A tap in the middle third (the menu) at a screen point.
    func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point)
}

extension PagingControllerObserver {
    public func pagingController(_ controller: PagingController, sent message: ScrollMessage) {}
    public func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point) {}
}

/// The reader's one scroll view and what gestures do to it: in paging mode
/// the pages lie side by side and side taps turn them; a double tap or a
/// pinch switches to a zoomed view of the current page (Photos style),
/// which pans with momentum and bounces, and back at scale 1 the view
/// returns to paging on the same page. Dragged past the zoomed page's edge
/// it shows the neighbour and may turn to it at 1x; a pinch released below
/// 1.15x goes back to 1x. Every side tap counts, even during a turn, and
/// a touch that stops a moving page is not a tap.
public final class PagingController: ScrollViewDelegate {
    public let scrollView: ScrollView
    public weak var observer: PagingControllerObserver?
    public private(set) var pageCount: Int
    public let pageSize: Size
    /// The page shown zoomed, while zoomed.
    public internal(set) var zoomedPage: Int?
    public static let maximumZoom = 4.0
    /// Pictures (PDF and comic pages) zoom further: a map or a score read at full detail.
    public static let maximumPictureZoom = 8.0
    public static let doubleTapZoom = 2.0
    /// A pinch released below this was not meant to zoom: it goes back to 1x and paging.
    public static let minimumKeptZoom = 1.15

    /// Time of the input or frame being handled, in ms; stamps messages.
    public private(set) var now: Double = 0
    /// The finger the scroll view follows.
    private var primary: PrimaryFinger?
    /// The last one-finger touch to lift stopped a moving page: its tap is not one.
    private var lastTouchCaughtMotion = false
    /// The page the running turn goes to, while a turn runs.
    private var turnTarget: Int?
    /// The pages go right to left (a right-to-left book): the scroll view
    /// keeps its pages left to right and the screen shows their mirror
    /// image, touches mirrored on the way in and pictures placed mirrored
    /// on the way out (see `screenPagingOffsetX`).
    public var isRightToLeft = false

    public init(pageSize: Size, pageCount: Int, startPage: Int = 0) {
        self.pageSize = pageSize
        self.pageCount = max(1, pageCount)
        scrollView = ScrollView(viewportSize: pageSize)
        scrollView.pagingEnabled = true
        scrollView.bounces = true
        scrollView.alwaysBounceHorizontal = true
        scrollView.minimumZoomScale = 1
        scrollView.maximumZoomScale = Self.maximumZoom
        scrollView.minimumKeptZoomScale = Self.minimumKeptZoom
        scrollView.delaysContentTouches = false
        scrollView.delegate = self
        layOutPaging(page: min(max(0, startPage), self.pageCount - 1))
    }

    /// The page on screen (0-based); while zoomed, the zoomed page.
    public var currentPage: Int { zoomedPage ?? min(max(0, scrollView.currentPage), pageCount - 1) }
    public var zoomScale: Double { scrollView.zoomScale }
    public var isZoomed: Bool { zoomedPage != nil }
    public var isAnimating: Bool { scrollView.isAnimating || scrollView.isTracking }

    /// More pages became known (pagination runs on in the background).
    public func setPageCount(_ count: Int) {
        pageCount = max(1, count)
        if zoomedPage == nil {
            scrollView.contentSize = Size(width: pageSize.width * Double(pageCount), height: pageSize.height)
        } else {
            updateDragRoom()
        }
    }

    /// `count` pages were put in front of the others (the pages before became
    /// known): page indices and the content offset move by the same whole
    /// pages, so the picture stays as it is, in the middle of a drag or a turn too.
    public func insertPagesInFront(_ count: Int, pageCount total: Int) {
        guard count > 0 else { return setPageCount(total) }
        pageCount = max(1, total)
        if let zoomed = zoomedPage {
            // The zoomed content is that page alone: only its index changes.
            zoomedPage = zoomed + count
            updateDragRoom()
            return
        }
        scrollView.contentSize = Size(width: pageSize.width * Double(pageCount), height: pageSize.height)
        scrollView.shiftContent(by: Point(x: Double(count) * pageSize.width, y: 0))
    }

    /// Jumps to a page without animation (resume, menu jumps, relayout).
    public func show(page: Int) {
        turnTarget = nil
        if zoomedPage != nil { scrollView.setZoomScale(1, animated: false); leaveZoom() }
        layOutPaging(page: min(max(0, page), pageCount - 1))
    }

    /// Turns one page with the animated scroll, as a side tap or a key does.
    /// During a turn the target moves one page from the running turn's
    /// target, so no tap is lost however fast they come.
    public func turn(by delta: Int, at time: Double) {
        now = max(now, time)
        guard zoomedPage == nil else { return }
        scrollView.advance(to: time)
        let base = isTurning ? turnTarget ?? currentPage : currentPage
        let target = min(max(0, base + delta), pageCount - 1)
        scrollView.setContentOffset(Point(x: Double(target) * pageSize.width, y: 0), animated: true)
        turnTarget = scrollView.isAnimating ? target : nil
    }

    /// A turn of a tap or a key runs.
    private var isTurning: Bool { turnTarget != nil && scrollView.isAnimating }

    /// Runs animations up to `time` (a frame).
    public func advance(to time: Double) {
        now = max(now, time)
        scrollView.advance(to: time)
    }

    public func handle(_ events: [GestureEvent]) {
        for event in events { handle(event) }
    }

    public func handle(_ event: GestureEvent) {
        let event = isRightToLeft ? mirrored(event) : event
        now = max(now, event.time)
        let time = event.time
        switch event.kind {
        case let .fingerDown(id, at):
            fingerDown(id: id, at: at, time: time)
        case let .fingerMoved(id, to):
            fingerMoved(id: id, to: to, time: time)
        case let .fingerUp(id, _):
            guard let finger = primary, finger.id == id else { return }
            primary = nil
            lastTouchCaughtMotion = finger.caughtMotion
            if !finger.isHeldBack { scrollView.touchEnded(time: time) }
        case let .tap(at, zone):
            // A touch that stopped a moving page only stopped it, as the scroll view withholds it from content.
            guard zoomedPage == nil, !lastTouchCaughtMotion else { return }
            switch zone {
            case .left: turn(by: -1, at: time)
            case .right: turn(by: 1, at: time)
            case .middle: observer?.pagingControllerDidTapMiddle(self, at: at)
            }
        case let .doubleTap(at):
            turnTarget = nil
            if scrollView.zoomScale > 1.01 {
                scrollView.setZoomScale(1, animated: true)
            } else {
                enterZoom()
                let center = scrollView.unscaledContentPoint(at: at)
                scrollView.zoom(to: scrollView.zoomRect(forScale: Self.doubleTapZoom, center: center), animated: true)
            }
        case let .twoFingerTap(at):
            // About the fingers, so the text under them stays there.
            if scrollView.zoomScale > 1.01 {
                scrollView.setZoomScale(max(1, scrollView.zoomScale / 2), about: at, animated: true)
            }
        case let .pinchBegan(focus, _):
            // The pinch takes over from the one-finger scroll: the scroll
            // view ends its drag where it is, without momentum.
            primary = nil
            turnTarget = nil
            scrollView.pinchBegan(focus: focus, time: time)
        case let .pinchChanged(focus, scale):
            scrollView.pinchChanged(scale: scale, focus: focus, time: time)
        case .pinchEnded:
            scrollView.pinchEnded(time: time)
        case .longPress, .panBegan, .panChanged, .panEnded:
            break // the scroll view follows the fingers itself
        }
    }

    // MARK: Fingers

    private func fingerDown(id: Int, at point: Point, time: Double) {
        guard primary == nil else { return }
        if isTurning {
            // A tap must not stop the turn it adds to; the finger reaches the scroll view if it drags.
            primary = PrimaryFinger(id: id, start: point, isHeldBack: true, caughtMotion: false)
            return
        }
        scrollView.touchBegan(at: point, time: time)
        // Only a touch that catches a moving view starts dragging at once.
        primary = PrimaryFinger(id: id, start: point, isHeldBack: false, caughtMotion: scrollView.isDragging)
    }

    private func fingerMoved(id: Int, to point: Point, time: Double) {
        guard var finger = primary, finger.id == id else { return }
        guard finger.isHeldBack else { return scrollView.touchMoved(to: point, time: time) }
        guard point.distance(to: finger.start) > ScrollPhysics.touchSlop else { return }
        finger.isHeldBack = false
        primary = finger
        turnTarget = nil
        scrollView.advance(to: time)
        if scrollView.isAnimating {
            // Caught from where the finger is now, so the page does not jump.
            scrollView.touchBegan(at: point, time: time)
        } else {
            scrollView.touchBegan(at: finger.start, time: time)
            scrollView.touchMoved(to: point, time: time)
        }
    }

    // MARK: Mode switching

    func layOutPaging(page: Int) {
        scrollView.pagingEnabled = true
        scrollView.dragRoom = .zero
        scrollView.contentSize = Size(width: pageSize.width * Double(pageCount), height: pageSize.height)
        scrollView.contentOffset = Point(x: Double(page) * pageSize.width, y: 0)
    }

    /// The zoomed content is the current page alone, at the origin.
    private func enterZoom() {
        guard zoomedPage == nil else { return }
        let page = currentPage
        zoomedPage = page
        scrollView.pagingEnabled = false
        scrollView.contentSize = pageSize
        scrollView.contentOffset = Point(x: 0, y: 0)
        updateDragRoom()
    }

    private func leaveZoom() {
        guard let page = zoomedPage else { return }
        zoomedPage = nil
        layOutPaging(page: page)
    }

    // MARK: ScrollViewDelegate

    private func send(_ message: ScrollMessage) {
        observer?.pagingController(self, sent: message)
    }

    public func scrollViewDidScroll(_ scrollView: ScrollView) { send(.didScroll) }
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) { send(.willBeginDragging) }
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, withVelocity velocity: Point,
                                          targetContentOffset: inout Point) {
        turnPastZoomedEdge(velocity: velocity, target: &targetContentOffset)
        send(.willEndDragging(velocity: velocity, targetContentOffset: targetContentOffset))
    }
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
        send(.didEndDragging(willDecelerate: decelerate))
    }
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { send(.willBeginDecelerating) }
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { send(.didEndDecelerating) }
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
        turnTarget = nil
        send(.didEndScrollingAnimation)
    }
    public func viewForZooming(in scrollView: ScrollView) -> Size? { pageSize }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView) {
        enterZoom()
        send(.willBeginZooming)
    }
    public func scrollViewDidZoom(_ scrollView: ScrollView) { send(.didZoom) }
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, atScale scale: Double) {
        send(.didEndZooming(scale: scale))
        if scale <= 1.0001 { leaveZoom() }
    }
}

/// The finger the reader's scroll view follows.
private struct PrimaryFinger {
    let id: Int
    let start: Point
    /// Kept from the scroll view while a turn runs, until it drags.
    var isHeldBack: Bool
    /// It stopped a moving page when it touched.
    var caughtMotion: Bool
}
