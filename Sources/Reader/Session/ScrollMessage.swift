import Geometry

/// A message of the reader's paging scroll view, as UIScrollViewDelegate
/// sends it, with what it carries.
public enum ScrollMessage: Equatable, Sendable {
    case didScroll
    case willBeginDragging
    case willEndDragging(velocity: Point, targetContentOffset: Point)
    case didEndDragging(willDecelerate: Bool)
    case willBeginDecelerating
    case didEndDecelerating
    case didEndScrollingAnimation
    case willBeginZooming
    case didZoom
    case didEndZooming(scale: Double)

    /// The delegate method's name (the trace prints it).
    public var name: String {
        switch self {
        case .didScroll: "didScroll"
        case .willBeginDragging: "willBeginDragging"
        case .willEndDragging: "willEndDragging"
        case .didEndDragging: "didEndDragging"
        case .willBeginDecelerating: "willBeginDecelerating"
        case .didEndDecelerating: "didEndDecelerating"
        case .didEndScrollingAnimation: "didEndScrollingAnimation"
        case .willBeginZooming: "willBeginZooming"
        case .didZoom: "didZoom"
        case .didEndZooming: "didEndZooming"
        }
    }

    /// The view came to rest with this message: a settled page.
    public var endsMotion: Bool {
        switch self {
        case .didEndDecelerating, .didEndScrollingAnimation, .didEndDragging(willDecelerate: false): true
        default: false
        }
    }
}
