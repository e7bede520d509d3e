import Geometry
import Gestures
import Raster

/// The contents and bookmarks lists as rooms of the reader: made from the
/// book's structure and the marks, scrolled by touch, a tap jumps.
extension ReaderSession {
    /// The page number a character offset is on, as the footers give it:
    /// exact where the pages are known, else an estimate marked `~`.
    func pageLabel(forOffset offset: Int) -> String {
        if let index = window.pageIndex(containing: offset) {
            let number = (window.startsTheBook ? 0 : estimatedPagesBefore) + index + 1
            return (pageNumbersAreExact ? "" : "~") + String(number)
        }
        let pages = knownPages
        let total = pages.estimatedPageCount ?? (pages.pagesBefore + pages.pages.count)
        let fraction = Double(offset) / Double(max(1, book.text.scalarCount))
        return "~" + String(max(1, Int((Double(total) * fraction).rounded(.down)) + 1))
    }

    /// Opens a list over the book; the menu, if open, gives way to it at once.
    func openList(_ tab: ListLayout.Tab) {
        guard let painter = interfacePainter() else { return }
        overlay.isVisible = false
        let layout = ListLayout(metrics: interfaceMetrics, tab: tab) { painter.width(of: $0) }
        switch tab {
        case .contents:
            let current = chapterIndex(holding: currentOffset)
            // Nested entries are indented under theirs, at most three steps (deeper ones line up).
            let rows = book.chapters.enumerated().map { index, chapter in
                ListRow(title: chapter.title, pageLabel: pageLabel(forOffset: chapter.offset),
                        level: min(3, max(0, chapter.level - 1)), isCurrent: index == current)
            }
            screens.list = ListScreen(tab: tab, layout: layout, rows: rows, targets: book.chapters.map(\.offset))
        case .bookmarks:
            let marks = bookmarks
            let onPage = Set(bookmarksOnPage)
            let rows = marks.map { offset in
                let chapter = chapterIndex(holding: offset).map { book.chapters[$0].title } ?? bookTitle
                return ListRow(title: "Page \(pageLabel(forOffset: offset)), \(chapter)",
                               pageLabel: pageLabel(forOffset: offset), isCurrent: onPage.contains(offset))
            }
            screens.list = ListScreen(tab: tab, layout: layout, rows: rows, targets: marks)
        }
        needsFrame = true
    }

    func closeList() {
        screens.list = nil
        needsFrame = true
    }

    /// One gesture on an open list: fingers scroll it, a tap on a row jumps there.
    func routeToList(_ list: ListScreen, _ event: GestureEvent) {
        if list.fingers.route(event, to: list.scrollView, top: Double(list.layout.viewport.y)) { return }
        switch event.kind {
        case let .tap(at, _):
            if let control = list.layout.headerControls.hit(x: at.x, y: at.y) {
                if control.id == "close" {
                    closeList()
                } else if let tab = ListLayout.Tab(rawValue: String(control.id.split(separator: ".").last ?? "")) {
                    openList(tab)
                }
            } else if let row = list.row(atX: at.x, y: at.y) {
                closeList()
                jump(to: list.targets[row])
            }
        default:
            break
        }
    }
}

extension ReaderSession {
    /// The list's frame: the scroll view stepped to the loop's time, then drawn whole.
    func drawList(_ list: ListScreen, painter: InterfacePainter) -> [Range<Int>] {
        list.scrollView.advance(to: screens.time)
        list.refreshPageLabels { pageLabel(forOffset: $0) }
        ListPainter.draw(list, emptyText: "No bookmarks yet: the ribbon in the menu marks a page.",
                         theme: settings.theme, painter: painter, into: &frame)
        return [0..<frame.height]
    }
}
