import Geometry
import Typesetting

/// Links on a page as a finger finds them: a finger is wider than a
/// note's number, so the nearest link within a third of a target counts.
enum PageLinks {
    /// The link nearest `point` (in page pixels) among `links`, within `slop`.
    static func link(near point: Point, in links: [PageLink], slop: Double) -> PageLink? {
        let near = links.filter { $0.box.contains(x: point.x, y: point.y, slop: slop) }
        return near.min { distance($0, point) < distance($1, point) }
    }

    private static func distance(_ link: PageLink, _ point: Point) -> Double {
        let dx = max(Double(link.box.x) - point.x, 0, point.x - Double(link.box.maxX))
        let dy = max(Double(link.box.y) - point.y, 0, point.y - Double(link.box.maxY))
        return dx * dx + dy * dy
    }

}
