import BookModel
import Geometry
import Languages
import Raster
import Typesetting

/// Draws the library over the whole frame: the rows in view (cover,
/// title, authors, progress), then the header over any row scrolled up
/// under it.
enum LibraryPainter {
    static func draw(_ library: LibraryScreen, into frame: inout PixelBuffer) {
        let theme = library.theme, layout = library.layout, painter = library.painter
        let pad = painter.metrics.padding
        frame.fill(theme.background)
        var glyphs: [PlacedGlyph] = []
        let offsetY = library.offsetY
        for index in layout.strip.visibleRows(count: library.entries.count, offsetY: offsetY) {
            let entry = library.entries[index]
            let row = layout.row(index, offsetY: offsetY, padding: pad)
            guard let (info, cover) = library.catalogue.known(entry) else {
                // Still being found (a fast scroll): the file's name on an empty cover.
                MenuPainter.outline(row.cover, thickness: 1, color: theme.secondary, into: &frame)
                glyphs += library.place(BookDescription.title(ofPath: entry.path), in: row.title, role: .title)
                continue
            }
            frame.copy(from: cover, toX: row.cover.x, y: row.cover.y)
            MenuPainter.outline(PixelRect(x: row.cover.x - 1, y: row.cover.y - 1, width: row.cover.width + 2,
                                          height: row.cover.height + 2), thickness: 1, color: theme.secondary, into: &frame)
            glyphs += library.place(info.title, in: row.title, role: .title)
            glyphs += library.place(info.authors.joined(separator: ", "), in: row.authors)
            var statusArea = row.status
            let mirrored = layout.metrics.isRightToLeft
            if info.problem == nil, let progress = entry.reading?.progress {
                MenuPainter.outline(row.progress, thickness: 1, color: theme.secondary, into: &frame)
                // Read from the start: the left, or the right when mirrored.
                let done = Int((Double(row.progress.width) * progress).rounded())
                frame.fill(PixelRect(x: mirrored ? row.progress.maxX - done : row.progress.x, y: row.progress.y,
                                     width: done, height: row.progress.height), with: theme.ink)
                let textX = row.progress.maxX + pad
                statusArea = mirrored
                    ? PixelRect(x: row.status.x, y: row.status.y, width: max(0, row.progress.x - pad - row.status.x), height: row.status.height)
                    : PixelRect(x: textX, y: row.status.y, width: max(0, row.status.maxX - textX), height: row.status.height)
            }
            glyphs += library.place(status(of: entry, info: info, catalog: library.catalog), in: statusArea)
            let rule = layout.metrics.placed(PixelRect(x: 2 * pad + layout.coverWidth + 2 * pad, y: row.frame.maxY - 1,
                                                       width: row.frame.maxX - 5 * pad - layout.coverWidth, height: 1))
            frame.fill(rule, with: theme.secondary)
            if index == library.selected {
                MenuPainter.outline(PixelRect(x: pad / 2, y: row.frame.y + 2, width: row.frame.width - pad,
                                              height: row.frame.height - 4), thickness: 2, color: theme.ink, into: &frame)
            }
        }
        if library.entries.isEmpty {
            let viewport = layout.viewport
            let message = library.folder.problem
                ?? library.catalog.localized("No books in %s yet: books copied into it appear here.", library.folder.path)
            glyphs += painter.place(message, in: PixelRect(x: 2 * pad, y: viewport.y + pad, width: viewport.width - 4 * pad,
                                                           height: layout.rowHeight / 2))
        }
        painter.paint(glyphs, theme: theme, into: &frame)

        let header = layout.header
        frame.fill(header, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: header.maxY - 2, width: header.width, height: 2), with: theme.secondary)
        var headerGlyphs = painter.place(library.catalog.localized("Library"), in: layout.titleArea, role: .title)
        headerGlyphs += painter.place(countText(library.entries.count, catalog: library.catalog), in: layout.countArea,
                                      alignment: .end)
        for control in layout.headerControls {
            headerGlyphs += painter.place(control.label, in: control.rect, alignment: .centre)
        }
        painter.paint(headerGlyphs, theme: theme, into: &frame)
    }

    static func countText(_ count: Int, catalog: MessageCatalog = .english) -> String {
        catalog.localizedPlural("%d book", "%d books", count: count)
    }

    /// How far the book was read, or why it cannot be opened.
    static func status(of entry: LibraryEntry, info: LibraryBookInfo, catalog: MessageCatalog = .english) -> String {
        if let problem = info.problem { return catalog.localized("Cannot be opened: %s", problem) }
        guard let reading = entry.reading else { return catalog.localized("New") }
        guard let progress = reading.progress else { return catalog.localized("Started") }
        if progress >= 0.995 { return catalog.localized("Finished") }
        return progress < 0.01 ? catalog.localized("Started") : catalog.localized("%s read", catalog.percent(progress))
    }
}
