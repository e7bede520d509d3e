import Geometry
import Typesetting

/// Links on a page as a finger finds them: a finger is wider than a
/// note's number, so the nearest link within a third of a target counts.
enum PageLinks {
    /// Follows the link under a tap at `point` on the page on screen (in
    /// page pixels; nil off the page): a note reference, or a link into a
    /// part no page shows, opens the note; any other jumps. False when no
    /// link is there.
    static func follow(at point: Point?, host: ScreenHost) -> Bool {
        let pages = host.knownPages
        guard let point, host.resources.hasLinks(host.book), pages.pages.indices.contains(host.currentPage) else {
            return false
        }
        let links = host.renderer.typesetter.layoutSpread(host.currentSpread, of: pages).links
        let slop = Double(host.resources.metrics(for: host.settings).target) / 3
        guard let link = link(near: point, in: links, slop: slop) else { return false }
        if link.isNoteReference || host.book.isOffPages(link.target) {
            host.open(NoteScreen(noteAt: link.target, host: host))
        } else {
            host.jump(to: link.target)
        }
        return true
    }

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
