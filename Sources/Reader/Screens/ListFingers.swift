import Geometry
import Gestures
import Scrolling

/// The finger that scrolls a vertical list: the first one down on its
/// rows (not on a header above them) moves its scroll view until it lifts.
struct ListFingers {
    private var fingers: Set<Int> = []

    /// Feeds a finger event to `scrollView` (whose view starts at screen
    /// row `top`); false for events that are not a finger's.
    mutating func route(_ event: GestureEvent, to scrollView: ScrollView, top: Double) -> Bool {
        switch event.kind {
        case let .fingerDown(id, at):
            guard at.y >= top, fingers.isEmpty else { return true }
            fingers.insert(id)
            scrollView.touchBegan(at: Point(x: at.x, y: at.y - top), time: event.time)
        case let .fingerMoved(id, to):
            if fingers.contains(id) { scrollView.touchMoved(to: Point(x: to.x, y: to.y - top), time: event.time) }
        case let .fingerUp(id, _):
            if fingers.remove(id) != nil { scrollView.touchEnded(time: event.time) }
        default:
            return false
        }
        return true
    }
}
