import Geometry
import Scrolling

/// A full-screen list open over the book (contents or bookmarks): its
/// rows, where each leads, and the vertical scroll view that moves them
/// with the same momentum, rubber band and bounce as the pages.
final class ListScreen {
    let tab: ListLayout.Tab
    let layout: ListLayout
    private(set) var rows: [ListRow]
    /// The character offset each row jumps to.
    let targets: [Int]
    let scrollView: ScrollView
    /// Fingers that went down on the rows (not on the header).
    var fingersOnRows: Set<Int> = []

    init(tab: ListLayout.Tab, layout: ListLayout, rows: [ListRow], targets: [Int]) {
        self.tab = tab
        self.layout = layout
        self.rows = rows
        self.targets = targets
        let viewport = layout.viewport
        scrollView = ScrollView(viewportSize: Size(width: Double(viewport.width), height: Double(viewport.height)),
                                contentSize: Size(width: Double(viewport.width),
                                                  height: Double(layout.contentHeight(rows: rows.count))))
        scrollView.alwaysBounceVertical = true
        if let current = rows.firstIndex(where: \.isCurrent) {
            scrollView.contentOffset = Point(x: 0, y: layout.offsetShowing(current, count: rows.count))
        }
    }

    /// Page numbers again, as pagination makes estimates exact.
    func refreshPageLabels(_ label: (Int) -> String) {
        for index in rows.indices { rows[index].pageLabel = label(targets[index]) }
    }

    var idPrefix: String { tab == .contents ? "contents.item" : "bookmarks.item" }
    var screenName: String { tab.rawValue }
    var offsetY: Double { scrollView.contentOffset.y }

    var controls: [ScreenControl] { layout.controls(rows: rows, prefix: idPrefix, offsetY: offsetY) }

    /// The row under a point on the screen, if any.
    func row(atX x: Double, y: Double) -> Int? {
        let viewport = layout.viewport
        guard y >= Double(viewport.y), y < Double(viewport.maxY) else { return nil }
        let index = Int(((y - Double(viewport.y) + offsetY) / Double(layout.rowHeight)).rounded(.down))
        return rows.indices.contains(index) ? index : nil
    }

    /// Scrolls by a screenful of rows (keys), animated.
    func scroll(byScreens screens: Int) {
        let maximum = Double(max(0, layout.contentHeight(rows: rows.count) - layout.viewport.height))
        let step = Double(max(1, layout.viewport.height / layout.rowHeight - 1) * layout.rowHeight)
        let target = max(0, min(maximum, offsetY + Double(screens) * step))
        scrollView.setContentOffset(Point(x: 0, y: target), animated: true)
    }
}
