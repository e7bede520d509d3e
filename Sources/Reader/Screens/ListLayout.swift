import Geometry
import Languages
import Raster

/// One row of a list screen: what it says, the page it is on, how deep it is nested.
public struct ListRow: Equatable, Sendable {
    public var title: String
    /// "12", or "~12" while the number is an estimate.
    public var pageLabel: String
    public var level: Int
    public var isCurrent: Bool

    public init(title: String, pageLabel: String, level: Int = 0, isCurrent: Bool = false) {
        self.title = title
        self.pageLabel = pageLabel
        self.level = level
        self.isCurrent = isCurrent
    }
}

/// A list screen's controls: the other tab (named from the open one),
/// Close, and the rows counted from 0.
public enum ListControl: ScreenControlID {
    case tab(open: ListLayout.Tab, other: ListLayout.Tab)
    case close
    case row(ListLayout.Tab, Int)

    public var id: String {
        switch self {
        case let .tab(open, other): "\(open.rawValue).\(other.rawValue)"
        case .close: "close"
        case let .row(tab, index): "\(tab.rawValue).item.\(index + 1)"
        }
    }
}

/// The full-screen lists: the contents, the bookmarks and the highlights.
/// A header with the tabs and Close, then rows a finger high that scroll vertically.
/// Pure: the scroll offset is given, and only rows in view are controls.
public struct ListLayout: Equatable, Sendable {
    public enum Tab: String, Sendable, CaseIterable { case contents, bookmarks, highlights }

    /// The list open.
    public var tab: Tab
    public var header: PixelRect
    /// Where rows show; they scroll under nothing else.
    public var viewport: PixelRect
    public var rowHeight: Int
    /// The least height of a row in view that counts as a control (9 mm).
    public var targetHeight: Int
    /// The header's controls: the other tab and Close, in reading order.
    public var headerPlaced: [PlacedControl<ListControl>]
    /// Where each tab's name is drawn (the open one is marked).
    public var tabAreas: [(tab: Tab, rect: PixelRect)]
    /// Where the interface puts what is laid out left to right (rows' parts too).
    public var metrics: InterfaceMetrics
    /// The words of the header.
    public var tabLabels: [Tab: String]

    public static func == (a: ListLayout, b: ListLayout) -> Bool {
        a.tab == b.tab && a.header == b.header && a.viewport == b.viewport && a.rowHeight == b.rowHeight
            && a.headerPlaced == b.headerPlaced && a.tabAreas.map(\.tab) == b.tabAreas.map(\.tab)
            && a.tabAreas.map(\.rect) == b.tabAreas.map(\.rect)
    }

    public static func tabLabel(_ tab: Tab, catalog: MessageCatalog = .english) -> String {
        switch tab {
        case .contents: catalog.localized("Contents")
        case .bookmarks: catalog.localized("Bookmarks")
        case .highlights: catalog.localized("Highlights")
        }
    }

    public init(metrics: InterfaceMetrics, tab: Tab, catalog: MessageCatalog = .english, measure: (String) -> Int) {
        self.tab = tab
        self.metrics = metrics
        tabLabels = Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, Self.tabLabel($0, catalog: catalog)) })
        let target = metrics.target, pad = metrics.padding
        let tabWidths = Tab.allCases.map { max(target, measure(Self.tabLabel($0, catalog: catalog)) + 2 * pad) }
        let closeLabel = catalog.localized("Close")
        let closeWidth = max(target, measure(closeLabel) + 2 * pad)
        // Tabs from the left and Close at the right; when the interface is
        // too large for one row they wrap, Close last.
        let oneRow = ControlRows.oneRowWidth(tabWidths, gap: pad) + pad + closeWidth <= metrics.width - 2 * pad
        let rows = ControlRows(widths: tabWidths + (oneRow ? [] : [closeWidth]),
                               in: PixelRect(x: pad, y: pad, width: metrics.width - 2 * pad, height: target),
                               rowHeight: target, gap: pad, rowGap: pad / 2)
        header = PixelRect(x: 0, y: 0, width: metrics.width, height: rows.height + 2 * pad)
        viewport = PixelRect(x: 0, y: header.maxY, width: metrics.width, height: max(0, metrics.height - header.maxY))
        rowHeight = target + pad
        targetHeight = target
        var areas: [(Tab, PixelRect)] = []
        var controls: [PlacedControl<ListControl>] = []
        for (each, rect) in zip(Tab.allCases, rows.rects) {
            areas.append((each, rect))
            // The open tab is no control; the other one switches to it.
            if each != tab {
                controls.append(PlacedControl(.tab(open: tab, other: each), label: Self.tabLabel(each, catalog: catalog), rect: rect))
            }
        }
        let close = oneRow ? PixelRect(x: metrics.width - pad - closeWidth, y: pad, width: closeWidth, height: target)
            : rows.rects[rows.rects.count - 1]
        controls.append(PlacedControl(.close, label: closeLabel, rect: close))
        headerPlaced = controls.placed(by: metrics)
        tabAreas = areas.map { ($0.0, metrics.placed($0.1)) }
    }

    /// The rows under the header.
    public var strip: RowStrip { RowStrip(viewport: viewport, rowHeight: rowHeight) }

    /// The height of `count` rows, for the scroll view's content.
    public func contentHeight(rows count: Int) -> Int { strip.contentHeight(rows: count) }

    /// The rectangle of row `index` (0-based) at scroll offset `offsetY`, in screen pixels.
    public func rowRect(_ index: Int, offsetY: Double) -> PixelRect { strip.rowRect(index, offsetY: offsetY) }

    /// The rows at least partly in view at `offsetY`.
    public func visibleRows(count: Int, offsetY: Double) -> Range<Int> { strip.visibleRows(count: count, offsetY: offsetY) }

    /// The offset that shows row `index` in the upper third of the view, within `count` rows.
    public func offsetShowing(_ index: Int, count: Int) -> Double { strip.offsetShowing(index, count: count) }

    /// The header's controls as `--describe` prints them.
    public var headerControls: [ScreenControl] { headerPlaced.map(\.described) }

    /// Every control on screen: the header's, then the rows in view
    /// (clipped to the view; a row with less than a finger's height in
    /// view is none).
    public func placedControls(rows: [ListRow], offsetY: Double) -> [PlacedControl<ListControl>] {
        headerPlaced + strip.controls(count: rows.count, offsetY: offsetY, minimumHeight: targetHeight,
                                      control: { .row(tab, $0) }, label: { rows[$0].title })
    }

    /// The controls on screen as `--describe` prints them.
    public func controls(rows: [ListRow], offsetY: Double) -> [ScreenControl] {
        placedControls(rows: rows, offsetY: offsetY).map(\.described)
    }
}
