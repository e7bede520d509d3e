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
    /// The row chosen with the keys (Enter opens it); nil until a key moves it.
    var selected: Int?
    /// The finger that scrolls the rows.
    var fingers = ListFingers()

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
        layout.strip.row(atY: y, offsetY: offsetY, count: rows.count)
    }

    /// Moves the keys' choice by `step` rows (from the current row at first)
    /// and scrolls it into view.
    func moveSelection(by step: Int) {
        guard !rows.isEmpty else { return }
        let start = selected ?? rows.firstIndex(where: \.isCurrent) ?? (step > 0 ? -1 : rows.count)
        let index = max(0, min(rows.count - 1, start + step))
        selected = index
        if let offset = layout.strip.offsetRevealing(index, from: offsetY) {
            scrollView.setContentOffset(Point(x: 0, y: offset), animated: true)
        }
    }
}
