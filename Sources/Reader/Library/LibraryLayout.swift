import Geometry
import Languages
import Raster

/// The library's controls: Close, the catalogs, the language, and the books counted from 0 in listed order.
public enum LibraryControl: ScreenControlID {
    case close
    case catalogs
    case language
    case book(Int)

    public var id: String {
        switch self {
        case .close: "close"
        case .catalogs: "library.catalogs"
        case .language: "library.language"
        case let .book(index): "library.book.\(index + 1)"
        }
    }
}

/// Where the library's parts go on a screen: a header with the word
/// Library, the count of books and, while a book is open behind it,
/// Close; below it rows three fingers high, each with the book's cover at
/// the left and its title, authors and progress beside it. Pure: text
/// widths come from `measure`, the scroll offset is given.
public struct LibraryLayout: Equatable, Sendable {
    public var header: PixelRect
    public var strip: RowStrip
    /// The header's controls (Close, while a book is open behind the library).
    public var headerPlaced: [PlacedControl<LibraryControl>]
    /// Where the header's title and the count of books go.
    public var titleArea: PixelRect
    public var countArea: PixelRect
    public var coverWidth: Int
    public var coverHeight: Int
    /// Where the interface puts what is laid out left to right.
    public var metrics: InterfaceMetrics

    /// `languageName`: the interface's language by its own name, when others are offered (its button);
    /// `offersCatalogs`: catalogs are configured (the Catalogs button).
    public init(metrics: InterfaceMetrics, hasOpenBook: Bool, catalog: MessageCatalog = .english, languageName: String? = nil,
                offersCatalogs: Bool = false, measure: (String) -> Int) {
        self.metrics = metrics
        let target = metrics.target, pad = metrics.padding
        header = PixelRect(x: 0, y: 0, width: metrics.width, height: target + 2 * pad)
        let viewport = PixelRect(x: 0, y: header.maxY, width: metrics.width, height: max(0, metrics.height - header.maxY))
        strip = RowStrip(viewport: viewport, rowHeight: 3 * target)
        var right = metrics.width - pad
        var controls: [PlacedControl<LibraryControl>] = []
        let buttons = [(LibraryControl.close, hasOpenBook ? catalog.localized("Close") : nil), (.language, languageName),
                       (.catalogs, offersCatalogs ? catalog.localized("Catalogs") : nil)]
        for case let (control, label?) in buttons {
            let width = max(target, measure(label) + 2 * pad)
            right -= width
            controls.append(PlacedControl(control, label: label, rect: PixelRect(x: right, y: pad, width: width, height: target)))
            right -= pad
        }
        headerPlaced = controls.reversed().placed(by: metrics)
        let half = max(0, (right - 2 * pad) / 2)
        titleArea = metrics.placed(PixelRect(x: 2 * pad, y: pad, width: half, height: target))
        countArea = metrics.placed(PixelRect(x: 2 * pad + half, y: pad, width: max(0, right - 2 * pad - half), height: target))
        coverHeight = strip.rowHeight - pad
        coverWidth = coverHeight * 2 / 3
    }

    public var rowHeight: Int { strip.rowHeight }
    public var viewport: PixelRect { strip.viewport }

    /// The parts of row `index` at `offsetY`: its cover and the lines of text beside it.
    public struct Row: Equatable, Sendable {
        public var frame: PixelRect
        public var cover: PixelRect
        public var title: PixelRect
        public var authors: PixelRect
        public var status: PixelRect
        /// The progress bar's track, at the start of the status line (its text then follows it).
        public var progress: PixelRect
    }

    public func row(_ index: Int, offsetY: Double, padding pad: Int) -> Row {
        let frame = strip.rowRect(index, offsetY: offsetY)
        let cover = PixelRect(x: 2 * pad, y: frame.y + pad / 2, width: coverWidth, height: coverHeight)
        let textX = cover.maxX + 2 * pad
        let textWidth = max(0, frame.width - textX - 2 * pad)
        // Title, authors and status share the cover's height 4 : 3 : 3.
        let unit = coverHeight / 10
        let title = PixelRect(x: textX, y: cover.y, width: textWidth, height: 4 * unit)
        let authors = PixelRect(x: textX, y: title.maxY, width: textWidth, height: 3 * unit)
        let status = PixelRect(x: textX, y: authors.maxY, width: textWidth, height: 3 * unit)
        // The progress bar leads the status line, a finger and a half long.
        let barHeight = max(4, pad / 2)
        let progress = PixelRect(x: textX, y: status.y + (status.height - barHeight) / 2,
                                 width: min(textWidth / 3, 6 * pad), height: barHeight)
        return Row(frame: frame, cover: metrics.placed(cover), title: metrics.placed(title), authors: metrics.placed(authors),
                   status: metrics.placed(status), progress: metrics.placed(progress))
    }

    /// Every control on screen: the header's, then the books in view, ids
    /// `library.book.K` counting from 1 in listed order.
    public func controls(count: Int, offsetY: Double, label: (Int) -> String) -> [ScreenControl] {
        (headerPlaced + strip.controls(count: count, offsetY: offsetY, control: { .book($0) }, label: label)).map(\.described)
    }

    /// The header's controls as `--describe` prints them.
    public var headerControls: [ScreenControl] {
        headerPlaced.map(\.described)
    }
}
