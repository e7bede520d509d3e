import Devices
import Geometry
import Gestures
import Raster
import Scrolling
import Typesetting

/// A note shown in a panel over the bottom of the page (a note reference
/// tapped, or a link into a part of the book no page shows): the note's
/// blocks set by the reader's own typesetter at the page's measure, in a
/// panel as tall as they need up to half the screen, scrolled like the
/// lists when they need more. A tap above it, Escape or a page key closes it.
final class NoteScreen: ReaderScreen {
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

    /// The panel with the note at scalar offset `target` of the host's book.
    convenience init(noteAt target: Int, host: ScreenHost) {
        let paragraphs = host.book.noteParagraphs(at: target)
        let (content, height) = host.renderer.typesetter.layoutExcerpt(paragraphs: paragraphs)
        self.init(content: content, height: height, text: content.lines.joined(separator: " "),
                  metrics: host.resources.metrics(for: host.settings))
    }

    var offsetY: Double { scrollView.contentOffset.y }

    // MARK: Screen

    /// The note's one control: its text.
    enum Control: String, ScreenControlID {
        case text

        var id: String { "note." + rawValue }
    }

    var name: String { "note" }
    func isAnimating(at time: Double) -> Bool { scrollView.isAnimating }

    func controls(in host: ScreenHost) -> [PlacedControl<Control>] {
        [PlacedControl(.text, label: text, rect: panel)]
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        scrollView.advance(to: host.screenTime)
        draw(theme: host.settings.theme, fonts: host.renderer.typesetter.fonts, cache: host.renderer.cache, into: &frame)
        return [panel.y..<panel.maxY]
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        if point.y < Double(panel.y) { host.closeScreen() }
    }

    /// Fingers on the panel scroll it.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        let top = Double(viewport.y)
        switch event.kind {
        case let .fingerDown(id, at):
            guard at.y >= Double(panel.y), fingers.isEmpty else { break }
            fingers.insert(id)
            scrollView.touchBegan(at: Point(x: at.x, y: at.y - top), time: event.time)
        case let .fingerMoved(id, to):
            if fingers.contains(id) { scrollView.touchMoved(to: Point(x: to.x, y: to.y - top), time: event.time) }
        case let .fingerUp(id, _):
            if fingers.remove(id) != nil { scrollView.touchEnded(time: event.time) }
        default:
            break
        }
        return true
    }

    /// Escape closes the note; a page key closes it and turns the page.
    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        case .nextPage, .previousPage, .firstPage, .lastPage: return .toPage
        default: break
        }
        return .taken
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
