import Geometry
import Languages
import Raster
import Typesetting

/// Draws the search screen's results and its bar over them (the keyboard
/// draws itself after, over the rows it covers).
enum SearchPainter {
    struct Texts {
        var query: String
        var placeholder: String
        var close: String
        /// The interface's words for what the painter writes itself.
        var catalog: MessageCatalog
    }

    static func draw(_ layout: SearchLayout, texts: Texts, results: SearchResults?, offset: Double,
                     pageLabel: (Int) -> String, isTyping: Bool, theme: Theme, painter: InterfacePainter,
                     into frame: inout PixelBuffer) {
        if let results { drawRows(layout, results: results, offset: offset, pageLabel: pageLabel, catalog: texts.catalog,
                                  theme: theme, painter: painter, into: &frame) }
        drawBar(layout, texts: texts, isTyping: isTyping, theme: theme, painter: painter, into: &frame)
    }

    private static func drawRows(_ layout: SearchLayout, results: SearchResults, offset: Double,
                                 pageLabel: (Int) -> String, catalog: MessageCatalog, theme: Theme,
                                 painter: InterfacePainter, into frame: inout PixelBuffer) {
        let pad = painter.metrics.padding
        let rows = layout.rows(count: results.rows.count, offset: offset)
        var glyphs: [PlacedGlyph] = [], secondary: [PlacedGlyph] = []
        let half = layout.rowHeight / 2, width = layout.viewport.width - 2 * pad
        for (index, _) in rows {
            let row = results.rows[index]
            let top = layout.viewport.y + index * layout.rowHeight - Int(offset.rounded())
            glyphs += painter.place(row.context.text, in: PixelRect(x: pad, y: top + pad / 2, width: width, height: half - pad / 2))
            let place = [catalog.localized("Page %s", pageLabel(row.hit.scalars.lowerBound)), row.chapter ?? ""]
                .filter { !$0.isEmpty }.joined(separator: " · ")
            secondary += painter.place(place, in: PixelRect(x: pad, y: top + half, width: width, height: half - pad / 2),
                                       role: .secondary)
            if let rule = PixelRect(x: pad, y: top + layout.rowHeight - 1, width: width, height: 1).intersection(layout.viewport) {
                frame.fill(rule, with: theme.secondary)
            }
        }
        if rows.isEmpty {
            let note = results.isComplete ? catalog.localized("No match for “%s”", results.query)
                : catalog.localized("Searching…")
            secondary += painter.place(note, in: PixelRect(x: pad, y: layout.viewport.y + pad, width: width,
                                                           height: painter.metrics.target), role: .secondary, alignment: .centre)
        }
        painter.paint(glyphs, theme: theme, into: &frame)
        painter.paint(secondary, theme: theme, into: &frame)
    }

    /// The bar goes over the rows: a row scrolled under it is hidden there.
    private static func drawBar(_ layout: SearchLayout, texts: Texts, isTyping: Bool, theme: Theme,
                                painter: InterfacePainter, into frame: inout PixelBuffer) {
        let pad = painter.metrics.padding
        frame.fill(layout.bar, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: layout.bar.maxY - 2, width: layout.bar.width, height: 2), with: theme.secondary)
        MenuPainter.outline(layout.field, thickness: isTyping ? 2 : 1, color: isTyping ? theme.ink : theme.secondary,
                            into: &frame)
        let inside = PixelRect(x: layout.field.x + pad, y: layout.field.y, width: max(0, layout.field.width - 2 * pad),
                               height: layout.field.height)
        var glyphs = painter.place(texts.close, in: layout.close, alignment: .centre)
        if texts.query.isEmpty {
            painter.paint(painter.place(texts.placeholder, in: inside, role: .secondary), theme: theme, into: &frame)
        } else {
            // The end of a long query shows, where typing goes on.
            let width = painter.width(of: texts.query)
            glyphs += painter.place(texts.query, in: inside, alignment: width > inside.width ? .end : .start)
            if isTyping {
                let caretX = min(inside.maxX, inside.x + width) + 1
                frame.fill(PixelRect(x: caretX, y: inside.y + pad / 2, width: 2, height: max(1, inside.height - pad)),
                           with: theme.ink)
            }
        }
        painter.paint(glyphs, theme: theme, into: &frame)
    }
}
