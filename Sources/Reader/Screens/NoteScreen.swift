import Geometry
import Raster
import Scrolling
import Typesetting

/// A note shown in a panel over the bottom of the page (a note reference
/// tapped, or a link into a part of the book no page shows): the note's
/// blocks set by the reader's own typesetter at the page's measure, in a
/// panel as tall as they need up to half the screen, scrolled like the
/// lists when they need more.
final class NoteScreen {
    let panel: PixelRect
    /// Where the text shows, inside the panel.
    let viewport: PixelRect
    let content: PageLayout
    let contentHeight: Int
    /// The note's text, for `--describe`.
    let text: String
    let scrollView: ScrollView
    /// Fingers that went down on the panel.
    var fingers: Set<Int> = []
    /// The panel as last drawn, kept while it is open, with the scroll
    /// offset and theme it was drawn at.
    var picture: (pixels: PixelBuffer, offsetY: Double, theme: Theme)?

    /// The panel's share of the screen at most.
    static let maximumShare = 0.5

    init(content: PageLayout, height contentHeight: Int, text: String, metrics: InterfaceMetrics) {
        self.content = content
        self.contentHeight = contentHeight
        self.text = text
        let padding = metrics.padding * 2
        let separator = 2
        let tallest = Int(Double(metrics.height) * Self.maximumShare)
        let height = max(metrics.target * 2, min(tallest, contentHeight + 2 * padding + separator))
        panel = PixelRect(x: 0, y: metrics.height - height, width: metrics.width, height: height)
        viewport = PixelRect(x: 0, y: panel.y + separator + padding, width: metrics.width,
                             height: max(1, height - separator - 2 * padding))
        scrollView = ScrollView(viewportSize: Size(width: Double(viewport.width), height: Double(viewport.height)),
                                contentSize: Size(width: Double(viewport.width),
                                                  height: Double(max(contentHeight, viewport.height))))
        scrollView.alwaysBounceVertical = contentHeight > viewport.height
    }

    var offsetY: Double { scrollView.contentOffset.y }

    var controls: [ScreenControl] {
        [ScreenControl(id: "note.text", label: text, rect: panel)]
    }

    /// Draws the panel (again only when it scrolled or the theme changed) into `frame`.
    func draw(theme: Theme, fonts: FontSet, cache: GlyphCache, into frame: inout PixelBuffer) {
        let offset = offsetY.rounded()
        if picture?.offsetY != offset || picture?.theme != theme || picture?.pixels.width != panel.width {
            var pixels = picture?.pixels.width == panel.width ? picture?.pixels ?? blank : blank
            picture = nil
            pixels.fill(theme.background)
            let shift = viewport.y - panel.y - Int(offset)
            var shown = content
            shown.glyphs = content.glyphs.map { glyph in
                var moved = glyph
                moved.y += Int32(shift * 64)
                return moved
            }
            shown.images = content.images.map { image in
                var moved = image
                moved.box.y += shift
                moved.alternative = image.alternative.map { glyph in
                    var moved = glyph
                    moved.y += Int32(shift * 64)
                    return moved
                }
                return moved
            }
            shown.rules = content.rules.map { PixelRect(x: $0.x, y: $0.y + shift, width: $0.width, height: $0.height) }
            shown.underlines = content.underlines.map { PixelRect(x: $0.x, y: $0.y + shift, width: $0.width, height: $0.height) }
            PagePainter(theme: theme).paint(shown, fonts: fonts, cache: cache, into: &pixels, clearing: false)
            // The text stops at the padding: the panel's own edges stay clear.
            let bottomPad = panel.height - (viewport.maxY - panel.y)
            pixels.fill(PixelRect(x: 0, y: 0, width: panel.width, height: viewport.y - panel.y), with: theme.background)
            pixels.fill(PixelRect(x: 0, y: panel.height - bottomPad, width: panel.width, height: bottomPad),
                        with: theme.background)
            pixels.fill(PixelRect(x: 0, y: 0, width: panel.width, height: 2), with: theme.secondary)
            picture = (pixels, offset, theme)
        }
        if let picture { frame.copy(from: picture.pixels, toX: panel.x, y: panel.y) }
    }

    private var blank: PixelBuffer { PixelBuffer(width: panel.width, height: panel.height) }
}
