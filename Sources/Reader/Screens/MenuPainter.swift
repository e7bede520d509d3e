import Geometry
import Raster
import Typesetting

/// Draws the menu's two bars over the page, slid in by `presence` (0...1).
/// Returns the frame rows the bars may cover (their whole bands, whatever
/// the slide), which are the only rows the menu changes.
public enum MenuPainter {
    public static func draw(_ layout: MenuLayout, content: MenuContent, presence: Double, theme: Theme,
                            painter: InterfacePainter, into frame: inout PixelBuffer) -> [Range<Int>] {
        let bands = [layout.topBar.y..<layout.topBar.maxY, layout.bottomBar.y..<layout.bottomBar.maxY]
        guard presence > 0 else { return bands }
        let hidden = 1 - presence
        let topShift = -Int((Double(layout.topBar.height) * hidden).rounded())
        let bottomShift = Int((Double(layout.bottomBar.height) * hidden).rounded())
        drawTop(layout, content: content, shift: topShift, theme: theme, painter: painter, into: &frame)
        drawBottom(layout, content: content, shift: bottomShift, theme: theme, painter: painter, into: &frame)
        return bands
    }

    private static func moved(_ rect: PixelRect, by dy: Int) -> PixelRect {
        PixelRect(x: rect.x, y: rect.y + dy, width: rect.width, height: rect.height)
    }

    private static func drawTop(_ layout: MenuLayout, content: MenuContent, shift: Int, theme: Theme,
                                painter: InterfacePainter, into frame: inout PixelBuffer) {
        let bar = moved(layout.topBar, by: shift)
        frame.fill(bar, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: bar.maxY - 2, width: bar.width, height: 2), with: theme.secondary)
        var glyphs = painter.place(content.title, in: moved(layout.titleArea, by: shift), role: .label)
        for control in layout.placed where control.rect.maxY <= layout.topBar.maxY {
            let rect = moved(control.rect, by: shift)
            if control.control == .bookmark {
                drawRibbon(in: rect, filled: content.isBookmarked, theme: theme, into: &frame)
            } else {
                glyphs += painter.place(control.label, in: rect, alignment: .centre)
            }
        }
        painter.paint(glyphs, theme: theme, into: &frame)
    }

    private static func drawBottom(_ layout: MenuLayout, content: MenuContent, shift: Int, theme: Theme,
                                   painter: InterfacePainter, into frame: inout PixelBuffer) {
        let bar = moved(layout.bottomBar, by: shift)
        frame.fill(bar, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: bar.y, width: bar.width, height: 2), with: theme.secondary)
        var glyphs: [PlacedGlyph] = []
        for button in [MenuControl.back, .previousHit, .nextHit].compactMap(layout.control) {
            let rect = moved(button.rect, by: shift)
            outline(rect, thickness: 2, color: theme.secondary, into: &frame)
            glyphs += painter.place(button.label, in: rect, alignment: .centre)
        }
        let info = moved(layout.infoArea, by: shift)
        // The page number before the chapter's title: the chapter's is cut first.
        let pageWidth = min(info.width, painter.width(of: content.pageText))
        let pad = painter.metrics.padding
        // The page at the row's end, the chapter from its start (both sides swap when mirrored).
        var page = PixelRect(x: info.maxX - pageWidth, y: info.y, width: pageWidth, height: info.height)
        var chapter = PixelRect(x: info.x, y: info.y, width: max(0, info.width - pageWidth - pad), height: info.height)
        if layout.isRightToLeft {
            page.x = info.x
            chapter.x = info.maxX - chapter.width
        }
        glyphs += painter.place(content.pageText, in: page, alignment: .end)
        glyphs += painter.place(content.chapter, in: chapter)
        drawSlider(layout, content: content, shift: shift, theme: theme, into: &frame)
        painter.paint(glyphs, theme: theme, into: &frame)
    }

    private static func drawSlider(_ layout: MenuLayout, content: MenuContent, shift: Int, theme: Theme,
                                   into frame: inout PixelBuffer) {
        let y = layout.trackY + shift
        let x = layout.trackX, width = layout.trackWidth
        // Where the quieter colour is the ink's own (high contrast), the part still to read is thinner.
        let rest = theme.secondary == theme.ink ? 1 : 2
        frame.fill(PixelRect(x: x, y: y - rest, width: width, height: 2 * rest), with: theme.secondary)
        // What is read runs from the book's start, at the right when mirrored.
        let start = layout.trackPosition(0), reached = layout.trackPosition(content.progress)
        frame.fill(PixelRect(x: min(start, reached), y: y - 2, width: abs(reached - start), height: 4), with: theme.ink)
        let tick = max(6, (layout.control(.slider)?.rect.height ?? 24) / 5)
        for fraction in content.chapterTicks {
            let tx = layout.trackPosition(fraction)
            frame.fill(PixelRect(x: tx - 1, y: y - tick, width: 2, height: 2 * tick), with: theme.secondary)
        }
        let thumb = max(12, (layout.control(.slider)?.rect.height ?? 24) * 2 / 5)
        let tx = reached
        frame.fill(PixelRect(x: tx - thumb / 2, y: y - thumb / 2, width: thumb, height: thumb), with: theme.ink)
    }

    /// A bookmark ribbon: a band with a notch cut into its foot; hollow when the page is not marked.
    static func drawRibbon(in rect: PixelRect, filled: Bool, theme: Theme, into frame: inout PixelBuffer) {
        let w = max(8, rect.width * 2 / 5), h = max(12, rect.height * 3 / 5)
        let x = rect.x + (rect.width - w) / 2, y = rect.y + (rect.height - h) / 2
        let notch = w / 2
        let line = max(2, w / 8)
        for row in 0..<h {
            // Below h - notch the foot is cut by a V from both sides towards the middle.
            let cut = max(0, row - (h - notch))
            let left = PixelRect(x: x, y: y + row, width: w / 2 - cut, height: 1)
            let right = PixelRect(x: x + w / 2 + cut, y: y + row, width: w - w / 2 - cut, height: 1)
            if filled || row < line {
                frame.fill(left, with: theme.ink)
                frame.fill(right, with: theme.ink)
            } else {
                frame.fill(PixelRect(x: x, y: y + row, width: line, height: 1), with: theme.ink)
                frame.fill(PixelRect(x: x + w - line, y: y + row, width: line, height: 1), with: theme.ink)
                if cut > 0 {
                    frame.fill(PixelRect(x: left.maxX - line, y: y + row, width: line, height: 1), with: theme.ink)
                    frame.fill(PixelRect(x: right.x, y: y + row, width: line, height: 1), with: theme.ink)
                }
            }
        }
    }

    static func outline(_ rect: PixelRect, thickness t: Int, color: UInt32, into frame: inout PixelBuffer) {
        frame.fill(PixelRect(x: rect.x, y: rect.y, width: rect.width, height: t), with: color)
        frame.fill(PixelRect(x: rect.x, y: rect.maxY - t, width: rect.width, height: t), with: color)
        frame.fill(PixelRect(x: rect.x, y: rect.y, width: t, height: rect.height), with: color)
        frame.fill(PixelRect(x: rect.maxX - t, y: rect.y, width: t, height: rect.height), with: color)
    }
}
