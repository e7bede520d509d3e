import Catalogs
import Geometry
import Languages
import Network
import Raster
import Typesetting

/// Draws the catalogs screen over the whole frame: the rows in view (or
/// the book chosen, with its Download control and progress bar), then the
/// header and the footer over any row scrolled under them, then the
/// keyboard while a search is typed.
enum CatalogPainter {
    static func draw(_ screen: CatalogScreen, layout: CatalogLayout, catalog: MessageCatalog, theme: Theme,
                     painter: InterfacePainter, into frame: inout PixelBuffer) {
        let pad = layout.metrics.padding
        let browser = screen.browser
        frame.fill(theme.background)
        var glyphs: [PlacedGlyph] = []
        let offsetY = screen.scrollView.contentOffset.y
        if let chosen = browser.chosen {
            glyphs += drawDetail(chosen, screen: screen, layout: layout, catalog: catalog, theme: theme, painter: painter,
                                 into: &frame)
        } else {
            let viewport = layout.viewport
            let covers = screen.showsCovers
            for index in layout.strip.visibleRows(count: screen.rowCount, offsetY: offsetY) {
                let lines = layout.rowLines(index, offsetY: offsetY, withCover: covers)
                if covers { drawCover(screen.cover(index, layout: layout), in: lines.cover, theme: theme, into: &frame) }
                let (title, second) = rowTexts(index, browser: browser)
                glyphs += painter.place(title, in: lines.title, role: .title)
                glyphs += painter.place(second, in: lines.authors, role: .secondary)
                frame.fill(PixelRect(x: pad, y: lines.frame.maxY - 1, width: lines.frame.width - 2 * pad, height: 1),
                           with: theme.secondary)
            }
            if browser.level != nil, screen.rowCount == 0, !browser.isLoading {
                glyphs += painter.place(catalog.localized("Nothing here"),
                                        in: PixelRect(x: 2 * pad, y: viewport.y + pad, width: viewport.width - 4 * pad,
                                                      height: layout.metrics.target))
            }
        }
        painter.paint(glyphs, theme: theme, into: &frame)

        for bar in [layout.header, layout.footer] {
            frame.fill(bar, with: theme.chrome)
        }
        frame.fill(PixelRect(x: 0, y: layout.header.maxY - 2, width: layout.header.width, height: 2), with: theme.secondary)
        frame.fill(PixelRect(x: 0, y: layout.footer.y, width: layout.footer.width, height: 2), with: theme.secondary)
        var chrome: [PlacedGlyph] = []
        if screen.keyboard != nil {
            let field = layout.titleArea
            frame.fill(field, with: theme.background)
            MenuPainter.outline(field, thickness: 2, color: theme.ink, into: &frame)
            let shown = screen.query.isEmpty ? catalog.localized("Search the catalog") : screen.query
            chrome += painter.place(shown, in: PixelRect(x: field.x + pad, y: field.y, width: max(0, field.width - 2 * pad),
                                                         height: field.height))
        } else {
            chrome += painter.place(title(browser, catalog: catalog), in: layout.titleArea, role: .title)
        }
        for control in layout.headerPlaced + layout.footerPlaced {
            MenuPainter.outline(control.rect, thickness: 1, color: theme.secondary, into: &frame)
            chrome += painter.place(control.label, in: control.rect, alignment: .centre)
        }
        chrome += painter.place(status(screen, catalog: catalog), in: layout.statusArea, alignment: .centre)
        painter.paint(chrome, theme: theme, into: &frame)
        if let keyboard = screen.keyboard {
            _ = keyboard.draw(metrics: layout.metrics, theme: theme, painter: painter, into: &frame)
        }
    }

    /// The header's title: Catalogs, the feed's title, or what was searched for.
    static func title(_ browser: CatalogBrowser, catalog: MessageCatalog) -> String {
        guard let level = browser.level else { return catalog.localized("Catalogs") }
        if let query = level.query { return catalog.localized("Results for “%s”", query) }
        return level.title
    }

    /// A row's two lines: a catalog's name and address, or an entry's title and authors.
    static func rowTexts(_ index: Int, browser: CatalogBrowser) -> (String, String) {
        guard browser.level != nil else {
            let source = browser.sources[index]
            return (source.name, WebAddress.withoutUserinfo(source.address))
        }
        let entry = browser.entries[index]
        return (entry.title, entry.authors.joined(separator: ", "))
    }

    /// The footer's line: a page loading, what went wrong, else how the download goes.
    static func status(_ screen: CatalogScreen, catalog: MessageCatalog) -> String {
        let browser = screen.browser
        if browser.isLoading { return catalog.localized("Loading…") }
        if let failure = browser.failure { return problem(failure, catalog: catalog) }
        switch screen.download {
        case .cancelling?: return ""
        case .running?:
            guard let fraction = screen.downloadProgress?.fraction else { return catalog.localized("Downloading…") }
            return catalog.localized("Downloading… %s", catalog.percent(fraction))
        case let .done(_, _, name)?: return catalog.localized("In the library: %s", name)
        case let .failed(_, _, error)?: return catalog.localized("Download failed: %s", problem(error, catalog: catalog))
        case nil: return ""
        }
    }

    /// A failure in one line: no connection said plainly, anything else as the catalog reports it.
    static func problem(_ error: Catalogs.CatalogError, catalog: MessageCatalog) -> String {
        guard error.isUnreachable else { return error.description }
        let host = (try? WebAddress(error.place)).map { WebAddress.withoutUserinfo($0.origin) } ?? error.place
        return catalog.localized("No connection to %s", host)
    }

    /// An entry's picture centred in its box, or the empty box while it is on its way or could not be had.
    static func drawCover(_ image: PixelBuffer?, in box: PixelRect, theme: Theme, into frame: inout PixelBuffer) {
        guard let image else {
            frame.fill(box, with: theme.chrome)
            MenuPainter.outline(box, thickness: 1, color: theme.secondary, into: &frame)
            return
        }
        frame.copy(from: image, toX: box.x + (box.width - image.width) / 2, y: box.y + (box.height - image.height) / 2)
    }

    private static func drawDetail(_ entry: CatalogEntry, screen: CatalogScreen, layout: CatalogLayout, catalog: MessageCatalog,
                                   theme: Theme, painter: InterfacePainter, into frame: inout PixelBuffer) -> [PlacedGlyph] {
        let button = screen.detailButton(catalog)
        let detail = layout.detail(button: button?.control ?? .download, label: button?.label ?? "") { painter.width(of: $0) }
        var glyphs = painter.place(entry.title, in: detail.title, role: .title)
        glyphs += painter.place(entry.authors.joined(separator: ", "), in: detail.authors)
        glyphs += painter.place(offer(entry, catalog: catalog), in: detail.offer, role: .secondary)
        if button != nil {
            MenuPainter.outline(detail.button.rect, thickness: 2, color: theme.ink, into: &frame)
            glyphs += painter.place(detail.button.label, in: detail.button.rect, alignment: .centre)
        }
        guard screen.download?.entry == entry.id else { return glyphs }
        let bar = detail.progress
        MenuPainter.outline(bar, thickness: 1, color: theme.secondary, into: &frame)
        let fraction: Double
        switch screen.download {
        case .running?: fraction = screen.downloadProgress?.fraction ?? 0
        case .done?: fraction = 1
        default: fraction = 0
        }
        let filled = CatalogLayout.filledWidth(bar.width, fraction: fraction)
        frame.fill(PixelRect(x: layout.metrics.isRightToLeft ? bar.maxX - filled : bar.x, y: bar.y, width: filled,
                             height: bar.height), with: theme.ink)
        return glyphs
    }

    /// What the entry offers: the kind of book file and its size, or that none the reader opens is offered.
    static func offer(_ entry: CatalogEntry, catalog: MessageCatalog) -> String {
        guard let best = entry.bestAcquisition else { return catalog.localized("No book file the reader opens is offered") }
        let kind = best.kind.formatName.uppercased()
        guard let length = best.link.length else { return kind }
        return kind + " · " + catalog.localized("%d MB", TransferLimits.megabytes(length))
    }
}
