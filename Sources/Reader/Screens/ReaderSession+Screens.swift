import Devices
import BookModel
import Raster
import Typesetting

/// What the screens over the page ask of the reader (see `ScreenHost`).
extension ReaderSession {
    var bookmarks: [Int] { places.bookmarks(in: book) }
    var bookmarksOnPage: [Int] { PlaceKeeper.marks(bookmarks, onPage: offsetRange) }
    /// The book's page number (1-based) of each bookmark, as far as pages are known.
    var bookmarkPages: [Int] { pageNumbers.pages(of: bookmarks) }
    /// The screen's name for the loop and `--describe`.
    public var screenName: String { openScreen.name }
    /// Every control on screen, in reading order (what `--describe` lists).
    public var describedControls: [ScreenControl] { openScreen.describedControls(host: self) }

    public var takesTyping: Bool { openScreen.takesTyping }
    public func type(_ key: TypedKey, at time: Double) { if openScreen.type(key, at: time, host: self) { needsFrame = true } }

    func open(_ screen: any ReaderScreen) {
        openScreen.open(screen)
        needsFrame = true
    }

    func closeScreen() {
        openScreen.close()
        needsFrame = true
    }

    /// Keeps the settings for the device, and the size for this book with its position.
    func applyTextSettings(geometry: PageGeometry, theme: Theme, font: FontFile, writingMode: WritingModeChoice,
                           columns: ColumnChoice?) {
        do {
            try relayout(geometry: geometry, theme: theme, font: font, writingMode: writingMode, columns: columns)
        } catch {
            warnings.append("text settings: \(error)")
        }
        needsFrame = true
        guard places.store != nil else { return }
        let family = resources.typefaces(language: settings.language).first { $0.file == settings.font }?.name
        warn(places.saveTextSettings(settings, fontFamily: family, offset: currentOffset, book: book))
    }

    func requestLibrary() {
        guard offersLibrary else { return }
        openScreen.dismiss()
        libraryRequested = true
        needsFrame = true
    }

    /// True once after the library was asked for.
    func takeLibraryRequest() -> Bool {
        defer { libraryRequested = false }
        return libraryRequested
    }

    /// Saves the position even unmoved: a book opened and left was read last (the library lists it first).
    func saveAsRead() {
        places.savedOffset = nil
        saveNow()
    }

    /// A kiosk left untouched: no screen, no zoom, no way back, the book at
    /// its start (past a header) kept as the reading position.
    public func resetForIdle(at time: Double) {
        openScreen.advance(to: time)
        openScreen.dismiss()
        resources.languages.reset()
        annotations.forgetVisitor()
        if notesPolicy == .session { warn(places.removeHighlight(at: nil, offset: currentOffset, book: book)) }
        wayBack = nil
        needsFrame = true
        show(offset: book.metadata.bodyStart)
        saveNow()
    }

    func warn(_ message: String?) {
        if let message { warnings.append(message) }
    }
}
