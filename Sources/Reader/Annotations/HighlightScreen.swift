import Devices
import Geometry
import Languages
import Gestures
import Raster
import Typesetting

/// A highlight tapped on the page: a bar over it to change its colour,
/// write or edit its note, or delete it. A tap anywhere else closes it.
final class HighlightScreen: ReaderScreen {
    let index: Int
    private let rects: [PixelRect]

    enum Control: ScreenControlID {
        case color(HighlightColor)
        case note, delete

        var id: String {
            switch self {
            case let .color(color): "highlight.color." + color.rawValue
            case .note: "highlight.note"
            case .delete: "highlight.delete"
            }
        }
    }

    private init(index: Int, rects: [PixelRect]) {
        self.index = index
        self.rects = rects
    }

    /// Opens the highlight under a tap at `point` (page pixels) on the page
    /// on screen; false when none is there.
    static func open(at point: Point?, host: ScreenHost) -> Bool {
        guard let point, host.notesPolicy != .off else { return false }
        let onPage = host.highlights.enumerated().filter { $0.element.range.overlaps(host.offsetRange) }
        guard !onPage.isEmpty, host.knownPages.pages.indices.contains(host.currentPage) else { return false }
        let text = host.renderer.typesetter.layoutSpread(host.currentSpread, of: host.knownPages).text
        for (index, highlight) in onPage.reversed() {
            let rects = text.rects(covering: highlight.range)
            if rects.contains(where: { $0.contains(x: point.x, y: point.y) }) {
                host.open(HighlightScreen(index: index, rects: rects))
                return true
            }
        }
        return false
    }

    var name: String { "highlight" }
    var allowsTapZones: Bool { false }

    func controls(in host: ScreenHost) -> [PlacedControl<Control>] {
        let metrics = host.resources.metrics(for: host.settings)
        let painter = host.resources.painter(for: host.settings)
        let target = metrics.target, pad = metrics.padding
        let hasNote = host.highlights.indices.contains(index) && host.highlights[index].note != nil
        let catalog = host.resources.catalog
        let labels = [(Control.note, hasNote ? catalog.localized("Edit note") : catalog.localized(context: "an action", "Note")),
                      (.delete, catalog.localized("Delete"))]
        let widths = labels.map { max(target, (painter?.width(of: $0.1) ?? $0.1.count * 12) + 2 * pad) }
        let items = HighlightColor.allCases.map { (Control.color($0), $0.name(in: catalog), target) }
            + zip(labels, widths).map { ($0.0, $0.1, $1) }
        // The bar wraps onto more rows when the interface is too large for one across the screen.
        let rows = ControlRows(widths: items.map(\.2), in: PixelRect(x: 0, y: 0, width: metrics.width - 2 * pad, height: target),
                               rowHeight: target, gap: pad, rowGap: pad)
        let width = min(metrics.width, (rows.rects.map(\.maxX).max() ?? 0) + 2 * pad)
        let bar = SelectionLayout.bar(width: width, height: rows.height + 2 * pad, over: rects,
                                      centredOn: Array(rects.prefix(1)), gapBelow: pad, metrics: metrics)
        return zip(items, rows.rects).map { item, rect in
            PlacedControl(item.0, label: item.1, rect: PixelRect(x: bar.x + pad + rect.x, y: bar.y + pad + rect.y,
                                                                 width: rect.width, height: rect.height))
        }
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        let placed = controls(in: host)
        guard let first = placed.first?.rect else { return [] }
        let pad = painter.metrics.padding, theme = host.settings.theme
        let left = placed.map(\.rect.x).min() ?? first.x, right = placed.map(\.rect.maxX).max() ?? first.maxX
        let bottom = placed.map(\.rect.maxY).max() ?? first.maxY
        let bar = PixelRect(x: left - pad, y: first.y - pad, width: right - left + 2 * pad, height: bottom - first.y + 2 * pad)
        frame.fill(bar, with: theme.chrome)
        MenuPainter.outline(bar, thickness: 1, color: theme.secondary, into: &frame)
        let current = host.highlights.indices.contains(index) ? host.highlights[index].color : nil
        var glyphs: [PlacedGlyph] = []
        for item in placed {
            switch item.control {
            case let .color(color):
                let inset = color == current ? 2 : max(3, item.rect.height / 5)
                if color == current { MenuPainter.outline(item.rect, thickness: 2, color: theme.ink, into: &frame) }
                frame.fill(PixelRect(x: item.rect.x + inset + 2, y: item.rect.y + inset + 2, width: item.rect.width - 2 * inset - 4,
                                     height: item.rect.height - 2 * inset - 4), with: SelectionPainter.color(color))
            case .note, .delete:
                MenuPainter.outline(item.rect, thickness: 1, color: theme.secondary, into: &frame)
                glyphs += painter.place(item.label, in: item.rect, alignment: .centre)
            }
        }
        painter.paint(glyphs, theme: theme, into: &frame)
        return [bar.y..<bar.maxY]
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        let control = controls(in: host).hit(x: point.x, y: point.y)
        host.closeScreen()
        switch control {
        case let .color(color)?: host.updateHighlight(at: index, color: color, note: nil)
        case .note?: host.open(NoteEditorScreen(highlight: index, host: host))
        case .delete?: host.removeHighlight(at: index)
        case nil: break
        }
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        default: return .toPage
        }
        return .taken
    }
}
