import Geometry

/// The search screen's controls: the query field, Close, each result
/// (counted from 1) and the keyboard's keys.
enum SearchControl: ScreenControlID {
    case query, close
    case result(Int)
    case key(KeyboardKey)

    var id: String {
        switch self {
        case .query: "search.query"
        case .close: "search.close"
        case let .result(index): "search.result.\(index + 1)"
        case let .key(key): key.id
        }
    }
}

/// Where the search screen's parts go: a bar with the query and Close
/// along the top, the results below it in rows two lines high that
/// scroll, down to the keyboard while it is up. Pure: the scroll offset
/// and the keyboard's top are given, and only rows in view are controls.
struct SearchLayout: Equatable {
    let bar: PixelRect
    let field: PixelRect
    let close: PixelRect
    /// Where results show.
    let viewport: PixelRect
    let rowHeight: Int

    init(metrics: InterfaceMetrics, bottom: Int, closeWidth: Int) {
        let target = metrics.target, pad = metrics.padding
        bar = PixelRect(x: 0, y: 0, width: metrics.width, height: target + 2 * pad)
        let closeBox = max(target, closeWidth + 2 * pad)
        close = PixelRect(x: metrics.width - pad - closeBox, y: pad, width: closeBox, height: target)
        field = PixelRect(x: pad, y: pad, width: max(target, close.x - 2 * pad), height: target)
        viewport = PixelRect(x: 0, y: bar.maxY, width: metrics.width, height: max(0, bottom - bar.maxY))
        rowHeight = target * 3 / 2 + pad
    }

    /// The result rows in view at scroll `offset` (each at least partly
    /// inside, and a finger high inside, to count as a control).
    func rows(count: Int, offset: Double) -> [(index: Int, rect: PixelRect)] {
        guard count > 0, rowHeight > 0, viewport.height > 0 else { return [] }
        let first = max(0, Int(offset) / rowHeight)
        var rows: [(Int, PixelRect)] = []
        var index = first
        while index < count {
            let y = viewport.y + index * rowHeight - Int(offset.rounded())
            if y >= viewport.maxY { break }
            let rect = PixelRect(x: 0, y: y, width: viewport.width, height: rowHeight)
            if let visible = rect.intersection(viewport), visible.height >= rowHeight / 2 { rows.append((index, visible)) }
            index += 1
        }
        return rows
    }

    /// The scroll offset's largest value for `count` rows.
    func maximumOffset(count: Int) -> Double { Double(max(0, count * rowHeight - viewport.height)) }
}
