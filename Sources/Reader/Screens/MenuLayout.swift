import Geometry
import Languages
import Raster

/// What the menu shows about the book and the page on screen.
public struct MenuContent: Equatable, Sendable {
    public var title: String
    public var chapter: String
    /// "page 3 of 120 · 2%"; estimated numbers carry a `~`.
    public var pageText: String
    /// Where the page on screen lies in the book (0...1).
    public var progress: Double
    /// Where the chapters start (0...1), for the slider's ticks.
    public var chapterTicks: [Double]
    public var isBookmarked: Bool
    /// The page a jump came from (1-based), offered as the way back.
    public var backPage: Int?
    public var hasLibrary: Bool
    /// The text settings are offered (not on a kiosk whose menu is for reading only).
    public var hasTextSettings: Bool
    /// "3 of 120" while a search hit is marked: the menu then walks the hits.
    public var searchHit: String?
    /// The interface's language by its own name, when others are offered (the language button).
    public var languageName: String?
    /// Speech can read the book aloud (the Read aloud button).
    public var hasReadAloud = false

    public init(title: String, chapter: String = "", pageText: String = "", progress: Double = 0,
                chapterTicks: [Double] = [], isBookmarked: Bool = false, backPage: Int? = nil, hasLibrary: Bool = false,
                hasTextSettings: Bool = true) {
        self.title = title
        self.chapter = chapter
        self.pageText = pageText
        self.progress = progress
        self.chapterTicks = chapterTicks
        self.isBookmarked = isBookmarked
        self.backPage = backPage
        self.hasLibrary = hasLibrary
        self.hasTextSettings = hasTextSettings
    }
}

/// The menu's controls.
public enum MenuControl: String, ScreenControlID {
    case library, contents, search, text, readAloud, language, bookmark, back, previousHit, nextHit, slider

    public var id: String {
        switch self {
        case .readAloud: "menu.read-aloud"
        case .previousHit: "menu.hit.previous"
        case .nextHit: "menu.hit.next"
        default: "menu." + rawValue
        }
    }
}

/// Where the menu's bars and controls go on a screen: a top bar with the
/// title and the Library, Contents, Search, Text and bookmark controls, and a
/// bottom bar with the way back after a jump, the chapter, the page and a
/// slider over the whole book. Pure: text widths come from `measure`.
public struct MenuLayout: Equatable, Sendable {
    public var topBar: PixelRect
    public var bottomBar: PixelRect
    /// Tappable controls in reading order.
    public var placed: [PlacedControl<MenuControl>]
    /// Where the title may go in the top bar.
    public var titleArea: PixelRect
    /// The row of the bottom bar for the chapter title (after the way back) and the page text.
    public var infoArea: PixelRect
    /// The slider's track: x and width of the line the thumb moves along, and its centre row.
    public var trackX: Int
    public var trackWidth: Int
    public var trackY: Int
    /// Mirrored for a language written right to left: the slider runs from the right.
    public var isRightToLeft: Bool

    public static func labels(backPage: Int?, catalog: MessageCatalog = .english)
        -> (library: String, contents: String, search: String, text: String, back: String) {
        (catalog.localized("Library"), catalog.localized("Contents"), catalog.localized("Search"),
         catalog.localized(context: "the text settings", "Text"),
         backPage.map { catalog.localized("Back to page %d", $0) } ?? "")
    }

    public static func bookmarkLabel(isBookmarked: Bool, catalog: MessageCatalog = .english) -> String {
        isBookmarked ? catalog.localized("Remove bookmark") : catalog.localized("Bookmark this page")
    }

    /// Laid out left to right, then mirrored when `metrics` say the language is written right to left.
    public init(metrics: InterfaceMetrics, content: MenuContent, catalog: MessageCatalog = .english,
                measure: (String) -> Int) {
        let width = metrics.width, height = metrics.height
        let target = metrics.target, pad = metrics.padding
        let labels = Self.labels(backPage: content.backPage, catalog: catalog)
        func buttonWidth(_ label: String) -> Int { max(target, measure(label) + 2 * pad) }

        // The top bar's controls in reading order, against its right edge.
        var topItems: [(MenuControl, String, Int)] = []
        if content.hasLibrary { topItems.append((.library, labels.library, buttonWidth(labels.library))) }
        topItems.append((.contents, labels.contents, buttonWidth(labels.contents)))
        topItems.append((.search, labels.search, buttonWidth(labels.search)))
        if content.hasTextSettings { topItems.append((.text, labels.text, buttonWidth(labels.text))) }
        if content.hasReadAloud {
            let label = catalog.localized("Read aloud")
            topItems.append((.readAloud, label, buttonWidth(label)))
        }
        if let language = content.languageName { topItems.append((.language, language, buttonWidth(language))) }
        topItems.append((.bookmark, Self.bookmarkLabel(isBookmarked: content.isBookmarked, catalog: catalog), target))
        let topWidths = topItems.map(\.2)
        let controlsWidth = ControlRows.oneRowWidth(topWidths, gap: pad / 2)
        let top: [PlacedControl<MenuControl>]
        if width - 2 * pad - pad / 2 - controlsWidth >= min(measure(content.title), width / 4) {
            topBar = PixelRect(x: 0, y: 0, width: width, height: target + 2 * pad)
            let rows = ControlRows(widths: topWidths, in: PixelRect(x: pad, y: pad, width: width - 2 * pad, height: target),
                                   rowHeight: target, gap: pad / 2, rowGap: 0, alignment: .end)
            top = zip(topItems, rows.rects).map { PlacedControl($0.0, label: $0.1, rect: $1) }
            titleArea = PixelRect(x: pad, y: pad, width: max(0, width - pad - controlsWidth - pad / 2 - pad), height: target)
        } else {
            // Too large for one row: the title on a row of its own, the controls wrapping under it.
            titleArea = PixelRect(x: pad, y: pad, width: width - 2 * pad, height: target)
            let rows = ControlRows(widths: topWidths, in: PixelRect(x: pad, y: titleArea.maxY + pad / 2, width: width - 2 * pad,
                                                                    height: target),
                                   rowHeight: target, gap: pad / 2, rowGap: pad / 2, alignment: .end)
            top = zip(topItems, rows.rects).map { PlacedControl($0.0, label: $0.1, rect: $1) }
            topBar = PixelRect(x: 0, y: 0, width: width, height: titleArea.maxY + pad / 2 + rows.height + pad)
        }

        // The bottom bar's buttons (the way back, the hits), then the chapter and page, then the slider.
        var bottomItems: [(MenuControl, String, Int)] = []
        if content.backPage != nil { bottomItems.append((.back, labels.back, buttonWidth(labels.back))) }
        if let hit = content.searchHit {
            for (control, label) in [(MenuControl.previousHit, catalog.localized("‹ Hit")),
                                     (.nextHit, catalog.localized("Hit %s ›", hit))] {
                bottomItems.append((control, label, buttonWidth(label)))
            }
        }
        let bottomWidths = bottomItems.map(\.2)
        let buttonsWidth = bottomItems.isEmpty ? 0 : ControlRows.oneRowWidth(bottomWidths, gap: pad) + pad
        let sharesRow = width - 2 * pad - buttonsWidth >= width / 3
        let buttons = ControlRows(widths: bottomWidths, in: PixelRect(x: pad, y: 0, width: width - 2 * pad, height: target),
                                  rowHeight: target, gap: pad, rowGap: pad / 2)
        let buttonRowsHeight = sharesRow || bottomItems.isEmpty ? 0 : buttons.height + pad / 2
        let bottomHeight = 2 * target + 2 * pad + buttonRowsHeight
        let bottomBar = PixelRect(x: 0, y: height - bottomHeight, width: width, height: bottomHeight)
        self.bottomBar = bottomBar
        var bottom = zip(bottomItems, buttons.rects).map { item, rect in
            PlacedControl(item.0, label: item.1, rect: PixelRect(x: rect.x, y: rect.y + bottomBar.y + pad,
                                                                 width: rect.width, height: rect.height))
        }
        let rowY = bottomBar.y + pad + buttonRowsHeight
        let infoX = sharesRow ? pad + buttonsWidth : pad
        infoArea = PixelRect(x: infoX, y: rowY, width: max(0, width - pad - infoX), height: target)
        let slider = PixelRect(x: pad, y: rowY + target, width: width - 2 * pad, height: target)
        bottom.append(PlacedControl(.slider, label: catalog.localized("Position in the book"), rect: slider))
        // The thumb's centre stays inside the slider at both ends.
        trackX = slider.x + target / 2
        trackWidth = max(1, slider.width - target)
        trackY = slider.y + target / 2
        isRightToLeft = metrics.isRightToLeft
        placed = (top + bottom).placed(by: metrics)
        titleArea = metrics.placed(titleArea)
        infoArea = metrics.placed(infoArea)
        trackX = metrics.placed(PixelRect(x: trackX, y: 0, width: trackWidth, height: 1)).x
    }

    /// Where along the book a point on the slider lies (0...1); from the right when mirrored.
    public func sliderFraction(atX x: Double) -> Double {
        let along = max(0, min(1, (x - Double(trackX)) / Double(trackWidth)))
        return isRightToLeft ? 1 - along : along
    }

    /// The x on the track of a point `fraction` (0...1) through the book.
    public func trackPosition(_ fraction: Double) -> Int {
        let along = max(0, min(1, fraction))
        return trackX + Int(Double(trackWidth) * (isRightToLeft ? 1 - along : along))
    }

    /// The controls as `--describe` prints them.
    public var controls: [ScreenControl] { placed.map(\.described) }

    public func control(_ control: MenuControl) -> ScreenControl? { placed.first { $0.control == control }?.described }

    /// True when a point lies on either bar (a tap there that misses every control does nothing).
    public func barsContain(x: Double, y: Double) -> Bool {
        y < Double(topBar.maxY) || y >= Double(bottomBar.y)
    }
}
