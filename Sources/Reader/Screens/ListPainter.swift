import Geometry
import Raster
import Typesetting

/// Draws a list screen over the whole frame: rows under a header with
/// the tabs (the open one underlined) and Close.
enum ListPainter {
    static func draw(_ list: ListScreen, emptyText: String, theme: Theme, painter: InterfacePainter,
                     into frame: inout PixelBuffer) {
        let layout = list.layout
        let pad = painter.metrics.padding
        frame.fill(theme.background)
        var glyphs: [PlacedGlyph] = []
        let offsetY = list.offsetY
        for index in layout.visibleRows(count: list.rows.count, offsetY: offsetY) {
            let row = list.rows[index]
            let rect = layout.rowRect(index, offsetY: offsetY)
            let numberWidth = painter.width(of: row.pageLabel)
            let indent = pad * 2 + row.level * painter.metrics.target / 2
            // Laid out left to right; `placed` mirrors the parts for a language written right to left.
            let placed = layout.metrics.placed
            glyphs += painter.place(row.title, in: placed(PixelRect(x: indent, y: rect.y,
                                                                    width: max(0, rect.width - indent - numberWidth - 3 * pad),
                                                                    height: rect.height)))
            glyphs += painter.place(row.pageLabel, in: placed(PixelRect(x: rect.maxX - 2 * pad - numberWidth, y: rect.y,
                                                                        width: numberWidth, height: rect.height)), alignment: .end)
            frame.fill(PixelRect(x: pad, y: rect.maxY - 1, width: rect.width - 2 * pad, height: 1), with: theme.secondary)
            if index == list.selected {
                MenuPainter.outline(PixelRect(x: pad / 2, y: rect.y + 2, width: rect.width - pad, height: rect.height - 4),
                                    thickness: 2, color: theme.ink, into: &frame)
            }
            if row.isCurrent {
                frame.fill(layout.metrics.placed(PixelRect(x: 0, y: rect.y + pad / 2, width: max(4, pad / 2),
                                                           height: rect.height - pad)), with: theme.ink)
            }
        }
        if list.rows.isEmpty {
            let viewport = layout.viewport
            glyphs += painter.place(emptyText, in: PixelRect(x: 2 * pad, y: viewport.y + pad, width: viewport.width - 4 * pad,
                                                             height: layout.rowHeight))
        }
        painter.paint(glyphs, theme: theme, into: &frame)

        // The header over any row scrolled up under it.
        let header = layout.header
        frame.fill(header, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: header.maxY - 2, width: header.width, height: 2), with: theme.secondary)
        var headerGlyphs: [PlacedGlyph] = []
        for (tab, rect) in layout.tabAreas {
            headerGlyphs += painter.place(layout.tabLabels[tab] ?? "", in: rect, alignment: .centre)
            if tab == list.tab {
                frame.fill(PixelRect(x: rect.x + pad, y: rect.maxY - 3, width: rect.width - 2 * pad, height: 3), with: theme.ink)
            }
        }
        if let close = layout.headerControls.last {
            headerGlyphs += painter.place(close.label, in: close.rect, alignment: .centre)
        }
        painter.paint(headerGlyphs, theme: theme, into: &frame)
    }
}
