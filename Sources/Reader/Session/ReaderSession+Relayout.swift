import BookModel
import Raster
import Typesetting

/// Setting the book anew (another size, spacing, margins, theme or font, or
/// the whole book of sections once read), showing the page holding the place.
extension ReaderSession {
    /// Opens `opening` where `start` says (see `SectionedOpening`).
    public convenience init(opening: ReadingBook, path: String, settings: Settings, start: Start, stateStore: StateStore?,
                            hyphenationPreload: HyphenationPreload? = nil,
                            preparedBuffers: BufferPreparation? = nil) throws {
        let first = SectionedOpening.firstShown(of: opening, start: start, stateStore: stateStore)
        try self.init(book: first.book, path: path, settings: settings, start: first.start, stateStore: stateStore,
                      hyphenationPreload: hyphenationPreload, preparedBuffers: preparedBuffers, pending: first.pending)
        // Read while the first page is composed and shown.
        first.pending?.reading.startReadingWholeBook()
    }

    public func waitForWholeBook() { takeInWholeBook(waiting: true) }
    /// True while the page shown comes from some sections and the whole book is being read.
    public var isReadingWholeBook: Bool { pages.pendingWholeBook != nil }

    /// Takes in the whole book once read (`waiting`: waits for it); the
    /// place is found in it and the pages anew.
    func takeInWholeBook(waiting: Bool) {
        guard let pending = pages.pendingWholeBook,
              let whole = waiting ? pending.reading.waitForWholeBook() : pending.reading.wholeBookIfRead else { return }
        pages.pendingWholeBook = nil
        let offset = book.place(of: readingPlace).flatMap { whole.offset(of: $0) } ?? whole.metadata.bodyStart
        do {
            let paused = pages.store.isPaused
            let typesetter = try Typesetter(matching: renderer.typesetter, book: whole)
            pages.reset(book: whole, geometry: typesetter.geometry)
            cache.invalidate(inkUnknown: false)
            book = whole
            install(try renderers.remade(typesetter, theme: settings.theme))
            // What was found in the sections shown is found again in the whole book.
            places.forgetBookmarks()
            resources.forgetBook()
            readingPlace = offset
            try startPagination(showing: offset, paused: paused)
        } catch {
            warnings.append("the rest of the book could not be set: \(error)")
        }
    }

    public func setFontSize(_ size: Int) throws {
        var geometry = settings.geometry
        geometry.fontSize = size
        try relayout(geometry: geometry, theme: settings.theme)
    }

    public func relayout(geometry: PageGeometry, theme: Theme, font: FontFile? = nil, writingMode: WritingModeChoice? = nil,
                         columns: ColumnChoice? = nil) throws {
        try geometry.validate()
        let font = font ?? settings.font
        let newFontFile = font != settings.font
        let mode = writingMode ?? settings.writingMode
        let columns = columns ?? settings.columns
        let typesetter = try Typesetter.relaid(renderer.typesetter, of: book, settings: settings, geometry: geometry,
                                               font: font, writingMode: mode, columns: columns)
        let paused = pages.store.isPaused
        if let typesetter { pages.reset(book: nil, geometry: typesetter.geometry) }
        // A new background leaves nothing of the old pictures usable.
        cache.invalidate(inkUnknown: theme != settings.theme)
        // The worker is idle once the cache is invalidated; another file's glyphs are no use to it.
        if newFontFile { renderers.worker.cache.removeAll() }
        settings.font = font
        settings.theme = theme
        settings.geometry = geometry
        settings.writingMode = mode
        settings.columns = columns
        composed.compositor.background = theme.background
        install(try renderers.remade(typesetter, theme: theme, newFontFile: newFontFile))
        guard typesetter != nil else { return needsFrame = true }
        try startPagination(showing: readingPlace, paused: paused)
    }

    /// Lays the highlights and the annotations' marks over the pages when
    /// they changed (pages drawn already are drawn again; their ink rows still hold).
    func layMarks() {
        let marks = annotations.marks(highlights: highlights.map(SelectionPainter.mark))
        guard marks != renderer.marks, let next = try? renderers.remade(theme: settings.theme, marks: marks) else { return }
        cache.invalidate(inkUnknown: false)
        install(next)
        needsFrame = true
    }

    private func install(_ next: PageRenderers) {
        renderers = next
        cache.replaceRenderers(main: next.main, worker: next.worker)
        zoomed.reset()
    }
}
