import Geometry
import Languages

/// The selection's controls: a highlight in each colour (yellow is
/// `selection.highlight`, the others `selection.highlight.green` and so
/// on), note, look up, search, and the handles at its two ends.
enum SelectionControl: ScreenControlID {
    case highlight(HighlightColor)
    case note, lookup, search
    case startHandle, endHandle

    var id: String {
        switch self {
        case .highlight(.yellow): "selection.highlight"
        case let .highlight(color): "selection.highlight." + color.rawValue
        case .note: "selection.note"
        case .lookup: "selection.lookup"
        case .search: "selection.search"
        case .startHandle: "selection.start"
        case .endHandle: "selection.end"
        }
    }
}

/// Where the selection's bar and handles go: the bar of actions above the
/// selection's first line (below its last when there is no room above),
/// centred on it and kept on the screen; a handle a finger wide under
/// each end. Pure: the selection's rectangles and label widths are given.
struct SelectionLayout {
    /// The selection on the page, a rectangle a line.
    let rects: [PixelRect]
    let bar: PixelRect
    /// The bar's controls, then the handles.
    let placed: [PlacedControl<SelectionControl>]
    var handles: [PlacedControl<SelectionControl>] {
        placed.filter { $0.control == .startHandle || $0.control == .endHandle }
    }

    static func labels(_ catalog: MessageCatalog) -> [(SelectionControl, String)] {
        [(.highlight(.yellow), catalog.localized("Highlight")), (.note, catalog.localized(context: "an action", "Note")),
         (.lookup, catalog.localized("Look up")), (.search, catalog.localized("Search"))]
    }

    init(metrics: InterfaceMetrics, rects: [PixelRect], offersNotes: Bool, catalog: MessageCatalog = .english,
         measure: (String) -> Int) {
        self.rects = rects
        let target = metrics.target, pad = metrics.padding
        var items: [(SelectionControl, String, Int)] = []
        for (control, label) in Self.labels(catalog) {
            if !offersNotes, control == .note || control == .highlight(.yellow) { continue }
            items.append((control, label, max(target, measure(label) + 2 * pad)))
            // The other colours follow the highlight, a swatch each.
            if control == .highlight(.yellow) {
                items += HighlightColor.allCases.dropFirst().map { (.highlight($0), $0.name(in: catalog), target) }
            }
        }
        // The actions wrap onto more rows when the interface is too large for one across the screen.
        let rows = ControlRows(widths: items.map(\.2), in: PixelRect(x: 0, y: 0, width: metrics.width - 2 * pad, height: target),
                               rowHeight: target, gap: pad, rowGap: pad)
        let width = min(metrics.width, (rows.rects.map(\.maxX).max() ?? 0) + 2 * pad)
        // Below the passage, the bar leaves room for the handles.
        let bar = Self.bar(width: width, height: rows.height + 2 * pad, over: rects, centredOn: rects,
                           gapBelow: target + pad, metrics: metrics)
        self.bar = bar
        let first = rects.first ?? PixelRect(x: metrics.width / 2, y: metrics.height / 2, width: 0, height: 0)
        let last = rects.last ?? first
        var placed = zip(items, rows.rects).map { item, rect in
            PlacedControl(item.0, label: item.1, rect: PixelRect(x: bar.x + pad + rect.x, y: bar.y + pad + rect.y,
                                                                 width: rect.width, height: rect.height))
        }
        // A handle's touch area hangs below its end of the selection, kept on
        // the screen; on a line shorter than two of them they part equally.
        var startX = first.x - target / 2, endX = last.maxX - target / 2
        if first.maxY == last.maxY, endX - startX < target {
            let short = target - (endX - startX)
            startX -= (short + 1) / 2
            endX += short / 2
        }
        func handle(x: Int, below line: PixelRect) -> PixelRect {
            PixelRect(x: max(0, min(metrics.width - target, x)), y: min(metrics.height - target, line.maxY),
                      width: target, height: target)
        }
        placed.append(PlacedControl(.startHandle, label: "Start of the selection", rect: handle(x: startX, below: first)))
        placed.append(PlacedControl(.endHandle, label: "End of the selection", rect: handle(x: endX, below: last)))
        self.placed = placed
    }

    /// Where a bar of actions over a passage set in `rects` goes: above its
    /// first line when there is room, else `gapBelow` under its last;
    /// centred on `centre` (rectangles of the passage) and kept on the screen.
    static func bar(width: Int, height: Int, over rects: [PixelRect], centredOn centre: [PixelRect], gapBelow: Int,
                    metrics: InterfaceMetrics) -> PixelRect {
        let pad = metrics.padding
        let first = rects.first ?? PixelRect(x: metrics.width / 2, y: metrics.height / 2, width: 0, height: 0)
        let above = first.y - height - pad
        let top = above >= 0 ? above : min(metrics.height - height, (rects.last ?? first).maxY + gapBelow)
        let left = centre.map(\.x).min() ?? first.x, right = centre.map(\.maxX).max() ?? first.maxX
        return PixelRect(x: max(0, min(metrics.width - width, (left + right) / 2 - width / 2)), y: top,
                         width: width, height: height)
    }
}
