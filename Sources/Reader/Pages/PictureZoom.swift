import Geometry
import Raster
import Typesetting

/// Levels of detail for a zoomed picture page (a PDF or comic page): the
/// page's buffer at 1x magnified, and over it tiles drawn sharp at the
/// scale on screen by a worker of their own, only those in view plus a
/// margin, kept in a cache bounded in bytes. Tiles are asked for once the
/// scale holds still from one frame to the next (not during a pinch).
final class PictureZoom {
    private let worker: TileWorker
    private(set) var tiles: TileCache
    let viewWidth: Int
    let viewHeight: Int
    /// The scale of the frame composed last.
    private var lastScale: Double?
    /// The scale moved at the last frame: the next one, at the same scale, asks for its tiles.
    private(set) var awaitsSteadyScale = false
    /// The tiles asked of the worker last, in order.
    private(set) var requested: [TileKey] = []

    /// As many tiles as the screen wants at most (in view and in the
    /// margin): a pan lets the tiles it leaves behind go first.
    static func byteBudget(viewWidth: Int, viewHeight: Int) -> Int {
        TileGrid.mostWanted(viewWidth: viewWidth, viewHeight: viewHeight) * TileGrid.side * TileGrid.side
            * MemoryLayout<UInt32>.size
    }

    /// Draws with `renderer`, which becomes the worker's alone.
    init(renderer: PageRenderer, viewWidth: Int, viewHeight: Int) throws {
        worker = try TileWorker(renderer: renderer)
        tiles = TileCache(byteBudget: Self.byteBudget(viewWidth: viewWidth, viewHeight: viewHeight))
        self.viewWidth = viewWidth
        self.viewHeight = viewHeight
    }

    /// Takes the tiles drawn since; true when any came (a frame is due).
    func takeDrawn() -> Bool {
        let drawn = worker.takeResults()
        for tile in drawn {
            if let pixels = tile.pixels { tiles.insert(pixels, for: tile.key) }
        }
        return !drawn.isEmpty
    }

    /// Tiles are being drawn or wait to be taken, or a frame at a steady scale is due to ask for them.
    var isWorking: Bool { awaitsSteadyScale || worker.isWorking }

    func waitUntilIdle() { worker.waitUntilIdle() }

    /// Composes page `page` of `pagination` (its buffer at 1x `base`, nil: none)
    /// magnified by `scale`, the magnified page's point `offset` at the
    /// viewport's top-left, and asks for the tiles missing around it.
    func compose(page: Int, of pagination: Pagination, base: PixelBuffer?, scale: Double, offset: Point,
                 compositor: inout Compositor, into frame: inout PixelBuffer) {
        // A page buffer is the size of the screen.
        let grid = TileGrid(pageWidth: viewWidth, pageHeight: viewHeight, scale: scale)
        let origin = (x: Int(offset.x.rounded()), y: Int(offset.y.rounded()))
        let pageStart = pagination.pages.indices.contains(page) ? pagination.pages[page].start : page
        compositor.composeTiled(base: base, grid: grid, origin: origin, into: &frame) { cell in
            tiles.use(TileKey(pageStart: pageStart, scale: scale, cell: cell))
        }
        let steady = lastScale == scale
        lastScale = scale
        awaitsSteadyScale = !steady
        guard steady else { return }
        let missing = grid.wanted(viewWidth: viewWidth, viewHeight: viewHeight, origin: origin).compactMap { cell in
            let key = TileKey(pageStart: pageStart, scale: scale, cell: cell)
            return tiles.contains(key) ? nil : TileJob(key: key, page: page, pagination: pagination,
                                                             rect: grid.rect(of: cell))
        }
        let keys = missing.map(\.key)
        guard keys != requested else { return }
        requested = keys
        worker.request(missing)
    }

    /// The zoom ended: the tiles go (their memory with them) and nothing more is drawn.
    func forget() {
        guard lastScale != nil || tiles.count > 0 || !requested.isEmpty else { return }
        worker.request([])
        requested = []
        lastScale = nil
        awaitsSteadyScale = false
        tiles.removeAll()
    }

    func stop() { worker.stop() }
}
