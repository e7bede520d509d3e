import Geometry
import Raster

/// Rows of one height that scroll vertically in a viewport (the lists'
/// and the library's): where each row is at a scroll offset, which are in
/// view, which one a point is on. Pure.
public struct RowStrip: Equatable, Sendable {
    /// Where rows show, in screen pixels.
    public var viewport: PixelRect
    public var rowHeight: Int

    public init(viewport: PixelRect, rowHeight: Int) {
        self.viewport = viewport
        self.rowHeight = max(1, rowHeight)
    }

    /// The height of `count` rows, for the scroll view's content.
    public func contentHeight(rows count: Int) -> Int { count * rowHeight }

    /// The rectangle of row `index` (0-based) at scroll offset `offsetY`, in screen pixels.
    public func rowRect(_ index: Int, offsetY: Double) -> PixelRect {
        PixelRect(x: viewport.x, y: viewport.y + index * rowHeight - Int(offsetY.rounded()), width: viewport.width,
                  height: rowHeight)
    }

    /// The rows at least partly in view at `offsetY`.
    public func visibleRows(count: Int, offsetY: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let top = max(0, Int((offsetY / Double(rowHeight)).rounded(.down)))
        let bottom = Int(((offsetY + Double(viewport.height)) / Double(rowHeight)).rounded(.up))
        return min(top, count)..<min(max(top, bottom), count)
    }

    /// The row under screen row `y` at `offsetY`, if any of `count`.
    public func row(atY y: Double, offsetY: Double, count: Int) -> Int? {
        guard y >= Double(viewport.y), y < Double(viewport.maxY) else { return nil }
        let index = Int(((y - Double(viewport.y) + offsetY) / Double(rowHeight)).rounded(.down))
        return (0..<count).contains(index) ? index : nil
    }

    /// The offset that shows row `index` in the upper third of the view, within `count` rows.
    public func offsetShowing(_ index: Int, count: Int) -> Double {
        let wanted = Double(index * rowHeight) - Double(viewport.height) / 3
        return max(0, min(maximumOffset(count: count), wanted))
    }

    /// The offset that brings row `index` just into view from `offsetY`; nil when it is in view.
    public func offsetRevealing(_ index: Int, from offsetY: Double) -> Double? {
        let top = Double(index * rowHeight), bottom = top + Double(rowHeight)
        if top < offsetY { return top }
        if bottom > offsetY + Double(viewport.height) { return bottom - Double(viewport.height) }
        return nil
    }

    public func maximumOffset(count: Int) -> Double {
        Double(max(0, contentHeight(rows: count) - viewport.height))
    }

    /// A control for each row in view at least half its height (clipped
    /// to the view), `control` naming the row's index.
    public func controls<Control>(count: Int, offsetY: Double, minimumHeight: Int? = nil,
                                  control: (Int) -> Control, label: (Int) -> String) -> [PlacedControl<Control>] {
        visibleRows(count: count, offsetY: offsetY).compactMap { index in
            guard let rect = rowRect(index, offsetY: offsetY).intersection(viewport), rect.height >= (minimumHeight ?? rowHeight / 2) else {
                return nil
            }
            return PlacedControl(control(index), label: label(index), rect: rect)
        }
    }
}
