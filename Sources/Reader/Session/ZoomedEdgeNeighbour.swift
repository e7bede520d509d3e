import Geometry
import Raster
import Typesetting

/// The page beside a zoomed page, drawn at 1x into the columns a drag past
/// the zoomed page's edge shows, where it will sit once the turn lands.
enum ZoomedEdgeNeighbour {
    static func draw(controller: PagingController, cache: PageCache, pagination: Pagination, pageCount: Int,
                     into frame: inout PixelBuffer) {
        guard let zoomed = controller.zoomedPage, let (direction, shown) = controller.zoomedEdgeOvershoot else { return }
        let neighbour = zoomed + direction
        let columns = min(frame.width, Int(shown.rounded()))
        guard columns > 0, neighbour >= 0, neighbour < pageCount else { return }
        let width = frame.width
        // A right-to-left book's next page comes in from the left.
        let side = controller.isRightToLeft ? -direction : direction
        _ = cache.withPage(neighbour, pagination: pagination) { page in
            let sourceX = side > 0 ? 0 : page.width - columns
            frame.copy(from: page, sourceRect: PixelRect(x: sourceX, y: 0, width: columns, height: page.height),
                       toX: side > 0 ? width - columns : 0, y: 0)
        }
    }
}
