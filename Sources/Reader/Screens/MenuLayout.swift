import Geometry
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
    case library, contents, search, text, bookmark, back, previousHit, nextHit, slider

    public var id: String {
        switch self {
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

    public static func labels(backPage: Int?) -> (library: String, contents: String, search: String, text: String,
                                                  back: String) {
        ("Library", "Contents", "Search", "Text", backPage.map { "Back to page \($0)" } ?? "")
    }

    public static func bookmarkLabel(isBookmarked: Bool) -> String {
        isBookmarked ? "Remove bookmark" : "Bookmark this page"
    }

    public init(metrics: InterfaceMetrics, content: MenuContent, measure: (String) -> Int) {
        let width = metrics.width, height = metrics.height
        let target = metrics.target, pad = metrics.padding
        topBar = PixelRect(x: 0, y: 0, width: width, height: target + 2 * pad)
        let bottomHeight = 2 * target + 2 * pad
        bottomBar = PixelRect(x: 0, y: height - bottomHeight, width: width, height: bottomHeight)
        let labels = Self.labels(backPage: content.backPage)

        // The top bar's controls from the right edge leftwards, then put in reading order.
        var right = width - pad
        func button(_ id: MenuControl, _ label: String, width forced: Int? = nil) -> PlacedControl<MenuControl> {
            let w = forced ?? max(target, measure(label) + 2 * pad)
            right -= w
            defer { right -= pad / 2 }
            return PlacedControl(id, label: label, rect: PixelRect(x: right, y: pad, width: w, height: target))
        }
        var top = [button(.bookmark, Self.bookmarkLabel(isBookmarked: content.isBookmarked), width: target)]
        if content.hasTextSettings { top.append(button(.text, labels.text)) }
        top.append(button(.search, labels.search))
        top.append(button(.contents, labels.contents))
        if content.hasLibrary { top.append(button(.library, labels.library)) }
        top.reverse()
        titleArea = PixelRect(x: pad, y: pad, width: max(0, right - pad), height: target)

        var bottom: [PlacedControl<MenuControl>] = []
        let rowY = bottomBar.y + pad
        var infoX = pad
        if content.backPage != nil {
            let w = max(target, measure(labels.back) + 2 * pad)
            bottom.append(PlacedControl(.back, label: labels.back,
                                        rect: PixelRect(x: pad, y: rowY, width: w, height: target)))
            infoX += w + pad
        }
        if let hit = content.searchHit {
            for (control, label) in [(MenuControl.previousHit, "‹ Hit"), (.nextHit, "Hit \(hit) ›")] {
                let w = max(target, measure(label) + 2 * pad)
                bottom.append(PlacedControl(control, label: label, rect: PixelRect(x: infoX, y: rowY, width: w, height: target)))
                infoX += w + pad
            }
        }
        infoArea = PixelRect(x: infoX, y: rowY, width: max(0, width - pad - infoX), height: target)
        let slider = PixelRect(x: pad, y: rowY + target, width: width - 2 * pad, height: target)
        bottom.append(PlacedControl(.slider, label: "Position in the book", rect: slider))
        // The thumb's centre stays inside the slider at both ends.
        trackX = slider.x + target / 2
        trackWidth = max(1, slider.width - target)
        trackY = slider.y + target / 2
        placed = top + bottom
    }

    /// Where along the book a point on the slider lies (0...1).
    public func sliderFraction(atX x: Double) -> Double {
        max(0, min(1, (x - Double(trackX)) / Double(trackWidth)))
    }

    /// The controls as `--describe` prints them.
    public var controls: [ScreenControl] { placed.map(\.described) }

    public func control(_ control: MenuControl) -> ScreenControl? { placed.first { $0.control == control }?.described }

    /// True when a point lies on either bar (a tap there that misses every control does nothing).
    public func barsContain(x: Double, y: Double) -> Bool {
        y < Double(topBar.maxY) || y >= Double(bottomBar.y)
    }
}
