import Geometry
import Scrolling

/// Photos-style paging out of a zoomed page with the one scroll view: a
/// drag past the zoomed page's left or right edge moves one to one into a
/// page's width of room where the neighbouring page slides in, and a
/// release there turns to it at 1x when past the midpoint or flicked
/// towards it; otherwise the zoomed page bounces back to its edge.
extension PagingController {
    /// Room past the zoomed page's sides that have a neighbour.
    func updateDragRoom() {
        guard let page = zoomedPage else {
            scrollView.dragRoom = .zero
            return
        }
        scrollView.dragRoom = EdgeInsets(top: 0, left: page > 0 ? pageSize.width : 0, bottom: 0,
                                         right: page + 1 < pageCount ? pageSize.width : 0)
    }

    /// How far the zoomed view shows into a neighbour: -1 or 1 for the page
    /// before or after, with the width shown; nil within the zoomed page.
    public var zoomedEdgeOvershoot: (direction: Int, width: Double)? {
        guard zoomedPage != nil else { return nil }
        let offset = scrollView.contentOffset.x
        let maximum = scrollView.contentSize.width - pageSize.width
        if offset > maximum, scrollView.dragRoom.right > 0 { return (1, min(offset - maximum, pageSize.width)) }
        if offset < 0, scrollView.dragRoom.left > 0 { return (-1, min(-offset, pageSize.width)) }
        return nil
    }

    /// At a release past the zoomed page's edge: when it turns, lays the
    /// pages out side by side at 1x with the neighbour where it shows now
    /// and aims the settle at it.
    func turnPastZoomedEdge(velocity: Point, target: inout Point) {
        guard let page = zoomedPage, let (direction, shown) = zoomedEdgeOvershoot else { return }
        let towards = velocity.x * Double(direction)
        let turns = abs(velocity.x) > ScrollPhysics.pagingVelocityThreshold ? towards > 0 : shown > pageSize.width / 2
        guard turns else { return }
        zoomedPage = nil
        scrollView.zoomScale = 1
        layOutPaging(page: page)
        let width = pageSize.width
        scrollView.contentOffset = Point(x: Double(page) * width + Double(direction) * shown, y: 0)
        target = Point(x: Double(page + direction) * width, y: 0)
    }
}
