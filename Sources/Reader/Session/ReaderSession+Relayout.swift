import BookModel
import Raster
import Typesetting

/// Setting the book anew: another size, spacing, margins, theme or font,
/// always keeping the first character of the page on screen.
extension ReaderSession {
    /// Re-lays the book at another size and keeps the first character of
    /// the page on screen.
    public func setFontSize(_ size: Int) throws {
        var geometry = settings.geometry
        geometry.fontSize = size
        try relayout(geometry: geometry, theme: settings.theme)
    }

    /// Sets the book in another geometry (size, spacing, margins), theme
    /// or font, keeping the first character of the page on screen.
    public func relayout(geometry: PageGeometry, theme: Theme, font: FontFile? = nil) throws {
        try geometry.validate()
        if let font, font != settings.font {
            try changeFont(font, geometry: geometry, theme: theme)
            return
        }
        let themeChanged = theme != settings.theme
        // A new background leaves nothing of the old pictures usable.
        cache.invalidate(inkUnknown: themeChanged)
        settings.theme = theme
        compositor.background = theme.background
        guard geometry != settings.geometry else {
            let main = PageRenderer(typesetter: renderer.typesetter, theme: theme, cache: renderer.cache)
            let worker = PageRenderer(typesetter: try Typesetter(matching: renderer.typesetter), theme: theme,
                                      cache: workerGlyphCache)
            renderer = main
            cache.replaceRenderers(main: main, worker: worker)
            zoom = nil
            needsFrame = true
            return
        }
        let offset = currentOffset
        let paused = pagination.isPaused
        pagination.cancel()
        settings.geometry = geometry
        pageCountEstimate = PageCountEstimate(segments: segments, geometry: geometry)
        // The glyph caches carry over: their keys hold the size, and a
        // reader switching between two sizes keeps both sets of glyphs
        // instead of allocating them again on every change.
        let mainTypesetter = try Typesetter(matching: renderer.typesetter, geometry: geometry)
        let main = PageRenderer(typesetter: mainTypesetter, theme: theme, cache: renderer.cache)
        let worker = PageRenderer(typesetter: try Typesetter(matching: mainTypesetter), theme: theme,
                                  cache: workerGlyphCache)
        renderer = main
        cache.replaceRenderers(main: main, worker: worker)
        zoom = nil
        try startPagination(showing: offset, paused: paused)
    }

    /// The book set in another font file: new typesetters and glyph
    /// caches (glyphs are keyed by face number, which another file reuses).
    private func changeFont(_ font: FontFile, geometry: PageGeometry, theme: Theme) throws {
        let mainTypesetter = try Typesetter(book: book, geometry: geometry, font: font, language: settings.language,
                                            lineBreaking: settings.lineBreaking)
        let offset = currentOffset
        let paused = pagination.isPaused
        pagination.cancel()
        cache.invalidate(inkUnknown: theme != settings.theme)
        // The worker is idle once the cache is invalidated.
        workerGlyphCache.removeAll()
        settings.font = font
        settings.theme = theme
        settings.geometry = geometry
        compositor.background = theme.background
        pageCountEstimate = PageCountEstimate(segments: segments, geometry: geometry)
        let main = PageRenderer(typesetter: mainTypesetter, theme: theme, cache: GlyphCache())
        let worker = PageRenderer(typesetter: try Typesetter(matching: mainTypesetter), theme: theme,
                                  cache: workerGlyphCache)
        renderer = main
        cache.replaceRenderers(main: main, worker: worker)
        zoom = nil
        try startPagination(showing: offset, paused: paused)
    }
}
