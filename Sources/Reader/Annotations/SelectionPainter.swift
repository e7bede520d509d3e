import Geometry
import Raster
import Typesetting

/// Draws the selection's bar and handles over the page (the selection
/// itself is marked on the page by the renderer).
enum SelectionPainter {
    /// A highlight colour as its swatch shows it, on either kind of page.
    static func color(_ color: HighlightColor) -> UInt32 {
        switch color {
        case .yellow: 0xFF_E0_70
        case .green: 0xB0_E8_98
        case .blue: 0xA4_D0_FF
        case .pink: 0xFF_B4_D4
        }
    }

    /// A highlight as a mark on the pages.
    static func mark(_ highlight: Highlight) -> TextMark {
        TextMark(range: highlight.start..<max(highlight.start, highlight.end), color: color(highlight.color))
    }

    static func draw(_ layout: SelectionLayout, theme: Theme, painter: InterfacePainter,
                     into frame: inout PixelBuffer) -> [Range<Int>] {
        let bar = layout.bar
        frame.fill(bar, with: theme.chrome)
        MenuPainter.outline(bar, thickness: 1, color: theme.secondary, into: &frame)
        var glyphs: [PlacedGlyph] = []
        var rows = [bar.y..<bar.maxY]
        for item in layout.placed {
            switch item.control {
            case let .highlight(color) where color != .yellow:
                let inset = max(2, item.rect.height / 5)
                frame.fill(PixelRect(x: item.rect.x + inset, y: item.rect.y + inset, width: item.rect.width - 2 * inset,
                                     height: item.rect.height - 2 * inset), with: Self.color(color))
            case .startHandle, .endHandle:
                // A bar down the selection's edge and a knob under it, in the ink.
                let knob = max(8, item.rect.width / 3)
                let centre = item.rect.x + item.rect.width / 2
                let knobRect = PixelRect(x: centre - knob / 2, y: item.rect.y + 2, width: knob, height: knob)
                frame.fill(knobRect, with: theme.ink)
                rows.append(knobRect.y..<knobRect.maxY)
            default:
                MenuPainter.outline(item.rect, thickness: 1, color: theme.secondary, into: &frame)
                glyphs += painter.place(item.label, in: item.rect, alignment: .centre)
            }
        }
        painter.paint(glyphs, theme: theme, into: &frame)
        return rows
    }
}
