import Devices
import Geometry
import Gestures
import Raster
import Scrolling
import Typesetting

/// A full-screen list open over the book (contents, bookmarks or highlights): its
/// rows, where each leads, and the vertical scroll view that moves them
/// with the same momentum, rubber band and bounce as the pages. A tap on
/// a row jumps there; the header switches to the other list or closes.
final class ListScreen: ReaderScreen {
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

    var offsetY: Double { scrollView.contentOffset.y }

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

    // MARK: Screen

    /// Opens the list `tab` over the book, made from its structure or its marks.
    static func open(_ tab: ListLayout.Tab, host: ScreenHost) {
        guard let painter = host.resources.painter(for: host.settings) else { return }
        let book = host.book
        let numbers = host.pageNumbers
        let catalog = host.resources.catalog
        let layout = ListLayout(metrics: host.resources.metrics(for: host.settings), tab: tab, catalog: catalog) {
            painter.width(of: $0)
        }
        switch tab {
        case .contents:
            let current = book.chapterIndex(holding: host.currentOffset)
            // Nested entries are indented under theirs, at most three steps (deeper ones line up).
            let rows = book.chapters.enumerated().map { index, chapter in
                ListRow(title: chapter.title, pageLabel: catalog.digits(numbers.label(forOffset: chapter.offset)),
                        level: min(3, max(0, chapter.level - 1)), isCurrent: index == current)
            }
            host.open(ListScreen(tab: tab, layout: layout, rows: rows, targets: book.chapters.map(\.offset)))
        case .bookmarks:
            let marks = host.bookmarks
            let onPage = Set(host.bookmarksOnPage)
            let rows = marks.map { offset in
                let chapter = book.chapterIndex(holding: offset).map { book.chapters[$0].title }
                    ?? host.resources.title(of: book, path: host.bookPath)
                let page = catalog.digits(numbers.label(forOffset: offset))
                return ListRow(title: catalog.localized("Page %1$s, %2$s", page, chapter), pageLabel: page,
                               isCurrent: onPage.contains(offset))
            }
            host.open(ListScreen(tab: tab, layout: layout, rows: rows, targets: marks))
        case .highlights:
            let highlights = host.highlights
            let rows = highlights.map { highlight in
                ListRow(title: catalog.localized("“%s”", highlight.text) + (highlight.note.map { " · " + $0 } ?? ""),
                        pageLabel: catalog.digits(numbers.label(forOffset: highlight.start)),
                        isCurrent: host.offsetRange.contains(highlight.start))
            }
            host.open(ListScreen(tab: tab, layout: layout, rows: rows, targets: highlights.map(\.start)))
        }
    }

    var name: String { tab.rawValue }
    var coversPage: Bool { true }
    var leavesDogEar: Bool { false }
    func isAnimating(at time: Double) -> Bool { scrollView.isAnimating }

    func controls(in host: ScreenHost) -> [PlacedControl<ListControl>] {
        layout.placedControls(rows: rows, offsetY: offsetY)
    }

    /// The scroll view stepped to the screens' time, then the list drawn whole.
    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        scrollView.advance(to: host.screenTime)
        let numbers = host.pageNumbers
        let catalog = host.resources.catalog
        refreshPageLabels { catalog.digits(numbers.label(forOffset: $0)) }
        ListPainter.draw(self, emptyText: tab == .highlights ? catalog.localized("No highlights yet: hold a word to select it.")
                                                            : catalog.localized("No bookmarks yet: the ribbon in the menu marks a page."),
                         theme: host.settings.theme, painter: painter, into: &frame)
        return [0..<frame.height]
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        if let control = layout.headerPlaced.hit(x: point.x, y: point.y) {
            switch control {
            case let .tab(_, other): ListScreen.open(other, host: host)
            case .close: host.closeScreen()
            case .row: break
            }
        } else if let row = row(atX: point.x, y: point.y) {
            host.closeScreen()
            host.jump(to: targets[row])
        }
    }

    /// Fingers on the rows scroll them.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        _ = fingers.route(event, to: scrollView, top: Double(layout.viewport.y))
        return true
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit, .toggleContents, .toggleMenu: host.closeScreen()
        case .nextPage: moveSelection(by: 1)
        case .previousPage: moveSelection(by: -1)
        case .activate:
            if let row = selected {
                host.closeScreen()
                host.jump(to: targets[row])
            }
        default: break
        }
        return .taken
    }
}
