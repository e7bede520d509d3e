import Geometry
import Languages
import Raster
import Typesetting

/// The list of the languages offered, each by its own name ("Deutsch",
/// "العربية"), the one shown marked. `language.<code>` chooses one.
public enum LanguageControl: ScreenControlID {
    case close
    case language(String)

    public var id: String {
        switch self {
        case .close: "close"
        case let .language(code): "language." + code
        }
    }
}

/// Where the language list goes: a header with its title and Close, then
/// a row a finger high for each language, scrolling. Pure.
public struct LanguageListLayout: Equatable, Sendable {
    public var header: PixelRect
    public var titleArea: PixelRect
    public var close: PlacedControl<LanguageControl>
    public var strip: RowStrip
    public var codes: [String]
    public var names: [String]
    public var metrics: InterfaceMetrics

    public init(metrics: InterfaceMetrics, languages: [(code: String, name: String)], catalog: MessageCatalog,
                measure: (String) -> Int) {
        let target = metrics.target, pad = metrics.padding
        header = PixelRect(x: 0, y: 0, width: metrics.width, height: target + 2 * pad)
        let closeLabel = catalog.localized("Close")
        let closeWidth = max(target, measure(closeLabel) + 2 * pad)
        let closeRect = PixelRect(x: metrics.width - pad - closeWidth, y: pad, width: closeWidth, height: target)
        close = PlacedControl(.close, label: closeLabel, rect: metrics.placed(closeRect))
        titleArea = metrics.placed(PixelRect(x: 2 * pad, y: pad, width: max(0, closeRect.x - 3 * pad), height: target))
        strip = RowStrip(viewport: PixelRect(x: 0, y: header.maxY, width: metrics.width,
                                             height: max(0, metrics.height - header.maxY)), rowHeight: target + pad)
        codes = languages.map(\.code)
        names = languages.map(\.name)
        self.metrics = metrics
    }

    /// The header's Close, then the rows in view (rows span the width, so mirroring leaves them).
    public func placedControls(offsetY: Double) -> [PlacedControl<LanguageControl>] {
        [close] + strip.controls(count: codes.count, offsetY: offsetY, minimumHeight: metrics.target,
                                 control: { .language(codes[$0]) }, label: { names[$0] })
    }
}

/// Draws the language list over the whole frame.
enum LanguageListPainter {
    static func draw(_ layout: LanguageListLayout, title: String, current: String, offsetY: Double, theme: Theme,
                     painter: InterfacePainter, into frame: inout PixelBuffer) {
        let pad = painter.metrics.padding
        frame.fill(theme.background)
        var glyphs: [PlacedGlyph] = []
        for index in layout.strip.visibleRows(count: layout.codes.count, offsetY: offsetY) {
            let rect = layout.strip.rowRect(index, offsetY: offsetY)
            // Each name is set in its own direction; the row's start follows the interface's.
            glyphs += painter.place(layout.names[index], in: layout.metrics.placed(
                PixelRect(x: 2 * pad, y: rect.y, width: max(0, rect.width - 4 * pad), height: rect.height)))
            frame.fill(PixelRect(x: pad, y: rect.maxY - 1, width: rect.width - 2 * pad, height: 1), with: theme.secondary)
            if layout.codes[index] == current {
                frame.fill(layout.metrics.placed(PixelRect(x: 0, y: rect.y + pad / 2, width: max(4, pad / 2),
                                                           height: rect.height - pad)), with: theme.ink)
            }
        }
        painter.paint(glyphs, theme: theme, into: &frame)
        frame.fill(layout.header, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: layout.header.maxY - 2, width: layout.header.width, height: 2), with: theme.secondary)
        let header = painter.place(title, in: layout.titleArea, role: .title)
            + painter.place(layout.close.label, in: layout.close.rect, alignment: .centre)
        painter.paint(header, theme: theme, into: &frame)
    }
}
