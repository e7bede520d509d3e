import Geometry
import Raster
import Typesetting

/// Draws the text panel over the lower part of the frame; returns its rows.
enum TextPanelPainter {
    /// `selected`: the options in force (spacing, margins, theme, scale).
    /// `focused`: the control the keys chose, ringed inside its outline.
    /// `families`: the typeface controls' fonts, each label drawn in its own face.
    static func draw(_ layout: TextPanelLayout, fontSize: Int, selected: Set<TextPanelControl>,
                     focused: TextPanelControl? = nil, families: [TextPanelControl: FontFile], theme: Theme,
                     painter: InterfacePainter, into frame: inout PixelBuffer) -> [Range<Int>] {
        let panel = layout.panel, fixed = layout.fixedArea
        frame.fill(panel, with: theme.chrome)
        // The rows that scroll first, then the theme's row over whatever of them went under it.
        for part in [layout.viewport, fixed] {
            if part == fixed { frame.fill(fixed, with: theme.chrome) }
            func inPart(_ rect: PixelRect) -> Bool {
                part == fixed ? fixed.contains(rect) : rect.intersection(part) != nil && !fixed.contains(rect)
            }
            var glyphs: [PlacedGlyph] = []
            for label in layout.rowLabels where inPart(label.rect) { glyphs += painter.place(label.label, in: label.rect) }
            if inPart(layout.sizeArea) { glyphs += painter.place(layout.sizeText, in: layout.sizeArea, alignment: .centre) }
            for control in layout.all where inPart(control.rect) {
                let chosen = selected.contains(control.control)
                MenuPainter.outline(control.rect, thickness: chosen ? 3 : 1, color: chosen ? theme.ink : theme.secondary,
                                    into: &frame)
                if control.control == focused {
                    let inset = max(5, painter.metrics.padding / 2)
                    let rect = control.rect
                    MenuPainter.outline(PixelRect(x: rect.x + inset, y: rect.y + inset, width: max(0, rect.width - 2 * inset),
                                                  height: max(0, rect.height - 2 * inset)),
                                        thickness: 2, color: theme.ink, into: &frame)
                }
                if let font = families[control.control] {
                    painter.paint(control.label, inFont: font, in: control.rect, theme: theme, into: &frame)
                } else {
                    glyphs += painter.place(control.label, in: control.rect, alignment: .centre)
                }
            }
            painter.paint(glyphs, theme: theme, into: &frame)
        }
        frame.fill(PixelRect(x: 0, y: panel.y, width: panel.width, height: 2), with: theme.secondary)
        if layout.maximumOffset > 0 {
            // The rows scroll: a rule under the theme's row where they pass beneath it.
            frame.fill(PixelRect(x: 0, y: fixed.maxY - 1, width: panel.width, height: 1), with: theme.secondary)
        }
        return [panel.y..<panel.maxY]
    }
}
