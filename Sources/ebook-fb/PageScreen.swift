import Raster
import Typesetting

/// Draws what the screen shows: one page of the book at the screen's size,
/// or that page zoomed around a point and typeset again at the larger size
/// so the text stays sharp.
struct PageScreen {
    let typesetter: Typesetter
    let pagination: Pagination
    let theme: Theme
    let cache = GlyphCache()

    var pageCount: Int { pagination.pages.count }

    /// Page `index` (from 0) at scale 1.
    func draw(page index: Int, into buffer: inout PixelBuffer) {
        let layout = typesetter.layoutPage(index, of: pagination)
        PagePainter(theme: theme).paint(layout, fonts: typesetter.fonts, cache: cache, into: &buffer)
    }

    /// Page `index` magnified `scale` times around the screen point
    /// (`centerX`, `centerY`), which stays where it is: the page is typeset
    /// at `scale` times the geometry and the screen-sized window whose
    /// top-left is (center x (scale - 1)) is copied out.
    func drawZoomed(page index: Int, scale: Int, centerX: Double, centerY: Double,
                    fontFile: String?, language: String?, into buffer: inout PixelBuffer) throws {
        let base = typesetter.geometry
        let geometry = PageGeometry(width: base.width * scale, height: base.height * scale,
                                    fontSize: base.fontSize * scale, lineSpacing: base.lineSpacing)
        let large = try Typesetter(book: typesetter.book, geometry: geometry, font: FontSet.resolve(path: fontFile),
                                   language: language)
        let largePagination = large.paginate()
        var big = PixelBuffer(width: geometry.width, height: geometry.height)
        let layout = large.layoutPage(min(index, largePagination.pages.count - 1), of: largePagination)
        PagePainter(theme: theme).paint(layout, fonts: large.fonts, cache: GlyphCache(), into: &big)
        let originX = Int((centerX * Double(scale - 1)).rounded())
        let originY = Int((centerY * Double(scale - 1)).rounded())
        buffer.fill(theme.background)
        buffer.copy(from: big, sourceRect: PixelRect(x: originX, y: originY, width: base.width, height: base.height), toX: 0, y: 0)
    }
}
