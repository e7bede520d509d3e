import Geometry
import Raster

/// The catalogs screen's controls: Back, Search, the query field, the
/// pages before and after, Download and Cancel, the catalogs and the entries listed
/// (counted from 1) and the keyboard's keys.
public enum CatalogControl: ScreenControlID {
    case back, search, query, previous, next, download, cancel
    case source(Int)
    case entry(Int)
    case key(KeyboardKey)

    public var id: String {
        switch self {
        case .back: "catalog.back"
        case .search: "catalog.search"
        case .query: "catalog.query"
        case .previous: "catalog.previous"
        case .next: "catalog.next"
        case .download: "catalog.download"
        case .cancel: "catalog.cancel"
        case let .source(index): "catalog.source.\(index + 1)"
        case let .entry(index): "catalog.entry.\(index + 1)"
        case let .key(key): key.id
        }
    }
}

/// Where the catalogs screen's parts go: a header with Back, the title
/// (or the query being typed) and Search; rows two lines high that scroll
/// (a catalog or an entry each: title, then authors); a footer with the
/// pages before and after and the status line between them (loading, a
/// failure, a download's progress). A book chosen shows alone in the rows'
/// place with its Download control and progress bar. Pure: labels and
/// text widths are given, and the bottom (the keyboard's top while it is up).
struct CatalogLayout: Equatable {
    /// The words on the controls; a control without one is not there.
    struct Labels: Equatable {
        var back: String
        var search: String?
        var previous: String?
        var next: String?
    }

    let metrics: InterfaceMetrics
    let header: PixelRect
    /// The title, or the query field while a search is typed.
    let titleArea: PixelRect
    let headerPlaced: [PlacedControl<CatalogControl>]
    let footer: PixelRect
    let statusArea: PixelRect
    let footerPlaced: [PlacedControl<CatalogControl>]
    let strip: RowStrip

    init(metrics: InterfaceMetrics, labels: Labels, bottom: Int, measure: (String) -> Int) {
        self.metrics = metrics
        let target = metrics.target, pad = metrics.padding
        func width(_ label: String) -> Int { max(target, measure(label) + 2 * pad) }
        header = PixelRect(x: 0, y: 0, width: metrics.width, height: target + 2 * pad)
        let back = PlacedControl(CatalogControl.back, label: labels.back,
                                 rect: PixelRect(x: pad, y: pad, width: width(labels.back), height: target))
        var controls = [back]
        var titleEnd = metrics.width - 2 * pad
        if let search = labels.search {
            let searchWidth = width(search)
            controls.append(PlacedControl(.search, label: search, rect: PixelRect(x: metrics.width - pad - searchWidth, y: pad,
                                                                                  width: searchWidth, height: target)))
            titleEnd = metrics.width - 2 * pad - searchWidth
        }
        headerPlaced = controls.placed(by: metrics)
        let titleX = back.rect.maxX + 2 * pad
        titleArea = metrics.placed(PixelRect(x: titleX, y: pad, width: max(0, titleEnd - titleX), height: target))

        let bottom = max(header.maxY, min(bottom, metrics.height))
        footer = PixelRect(x: 0, y: max(header.maxY, bottom - target - 2 * pad), width: metrics.width,
                           height: min(target + 2 * pad, bottom - header.maxY))
        var footerControls: [PlacedControl<CatalogControl>] = []
        var statusStart = 2 * pad, statusEnd = metrics.width - 2 * pad
        if let previous = labels.previous {
            let rect = PixelRect(x: pad, y: footer.y + pad, width: width(previous), height: target)
            footerControls.append(PlacedControl(.previous, label: previous, rect: rect))
            statusStart = rect.maxX + pad
        }
        if let next = labels.next {
            let nextWidth = width(next)
            let rect = PixelRect(x: metrics.width - pad - nextWidth, y: footer.y + pad, width: nextWidth, height: target)
            footerControls.append(PlacedControl(.next, label: next, rect: rect))
            statusEnd = rect.x - pad
        }
        footerPlaced = footerControls.placed(by: metrics)
        statusArea = metrics.placed(PixelRect(x: statusStart, y: footer.y + pad, width: max(0, statusEnd - statusStart),
                                              height: target))
        strip = RowStrip(viewport: PixelRect(x: 0, y: header.maxY, width: metrics.width, height: max(0, footer.y - header.maxY)),
                         rowHeight: target * 3 / 2 + pad)
    }

    var viewport: PixelRect { strip.viewport }

    /// The box of an entry's picture at the start of its row: the row's
    /// height less its padding, two thirds as wide, as a book stands.
    var coverSize: (width: Int, height: Int) {
        let height = max(1, strip.rowHeight - metrics.padding)
        return (max(1, height * 2 / 3), height)
    }

    /// The lines of row `index` at `offsetY`: title above, authors below;
    /// `withCover`, after the entry's picture (`cover`, empty without).
    func rowLines(_ index: Int, offsetY: Double, withCover: Bool = false)
        -> (title: PixelRect, authors: PixelRect, frame: PixelRect, cover: PixelRect) {
        let frame = strip.rowRect(index, offsetY: offsetY)
        let pad = metrics.padding
        let size = coverSize
        let cover = withCover ? PixelRect(x: 2 * pad, y: frame.y + pad / 2, width: size.width, height: size.height)
            : PixelRect(x: 2 * pad, y: frame.y, width: 0, height: 0)
        let textX = withCover ? cover.maxX + 2 * pad : 2 * pad
        let width = max(0, frame.width - textX - 2 * pad)
        let titleHeight = (frame.height - pad) * 11 / 20
        let title = PixelRect(x: textX, y: frame.y + pad / 2, width: width, height: titleHeight)
        let authors = PixelRect(x: textX, y: title.maxY, width: width, height: frame.height - pad - titleHeight)
        return (metrics.placed(title), metrics.placed(authors), frame, metrics.placed(cover))
    }

    /// The rows in view as controls: a catalog each, or an entry each.
    func rows(count: Int, offsetY: Double, control: (Int) -> CatalogControl, label: (Int) -> String)
        -> [PlacedControl<CatalogControl>] {
        strip.controls(count: count, offsetY: offsetY, minimumHeight: metrics.target, control: control, label: label)
    }

    /// A book chosen, alone in the rows' place: its title, authors and
    /// what is offered, the Download control (Cancel while it downloads),
    /// the progress bar under it.
    struct Detail: Equatable {
        var title: PixelRect
        var authors: PixelRect
        var offer: PixelRect
        var button: PlacedControl<CatalogControl>
        var progress: PixelRect
    }

    func detail(button control: CatalogControl = .download, label downloadLabel: String, measure: (String) -> Int) -> Detail {
        let target = metrics.target, pad = metrics.padding
        let area = viewport
        let width = max(0, area.width - 4 * pad)
        let title = PixelRect(x: 2 * pad, y: area.y + pad, width: width, height: target)
        let authors = PixelRect(x: 2 * pad, y: title.maxY, width: width, height: target)
        let offer = PixelRect(x: 2 * pad, y: authors.maxY, width: width, height: target)
        let buttonWidth = min(width, max(2 * target, measure(downloadLabel) + 4 * pad))
        let button = PixelRect(x: 2 * pad, y: offer.maxY + pad, width: buttonWidth, height: target)
        let progress = PixelRect(x: 2 * pad, y: button.maxY + pad, width: width, height: max(6, pad))
        return Detail(title: metrics.placed(title), authors: metrics.placed(authors), offer: metrics.placed(offer),
                      button: PlacedControl(control, label: downloadLabel, rect: metrics.placed(button)),
                      progress: metrics.placed(progress))
    }

    /// The filled part of a progress bar `width` wide at `fraction` (0 to 1), from the line's start.
    static func filledWidth(_ width: Int, fraction: Double) -> Int {
        guard fraction.isFinite else { return 0 }
        return Int((Double(max(0, width)) * min(1, max(0, fraction))).rounded())
    }
}
