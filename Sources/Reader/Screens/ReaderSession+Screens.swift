import Raster
import Typesetting

/// What the screens over the page ask of the reader (see `ScreenHost`):
/// jumps, text settings, bookmarks, the library, and which screen is open.
extension ReaderSession {
    var bookmarks: [Int] { places.bookmarks(in: book) }
    var bookmarksOnPage: [Int] { PlaceKeeper.marks(bookmarks, onPage: offsetRange) }
    /// The book's page number (1-based) of each bookmark, as far as pages are known.
    var bookmarkPages: [Int] { pageNumbers.pages(of: bookmarks) }
    var interfaceMetrics: InterfaceMetrics { ScreenResources.metrics(for: settings) }

    /// The screen's name for the loop and `--describe`.
    public var screenName: String { openScreen.name }

    /// Every control on screen, in reading order (what `--describe` lists).
    public var describedControls: [ScreenControl] { openScreen.describedControls(host: self) }

    func open(_ screen: any ReaderScreen) {
        openScreen.open(screen)
        needsFrame = true
    }

    func closeScreen() {
        openScreen.close()
        needsFrame = true
    }

    /// A jump elsewhere in the book (slider, contents, bookmark, link): the
    /// place left is offered as the way back.
    func jump(to offset: Int) {
        let from = (offset: currentOffset, page: pageIndexInBook + 1)
        show(offset: offset)
        let landed = currentOffset
        if wayBack != nil {
            wayBack?.landed = landed
        } else if landed != from.offset {
            wayBack = WayBack(offset: from.offset, page: from.page, landed: landed)
        }
        needsFrame = true
    }

    func goBack() {
        guard let back = wayBack else { return }
        wayBack = nil
        show(offset: back.offset)
    }

    /// Applies text settings, keeping the place, and saves them: for the
    /// device, and the size for this book with its position.
    func applyTextSettings(geometry: PageGeometry, theme: Theme, font: FontFile) {
        do {
            try relayout(geometry: geometry, theme: theme, font: font)
        } catch {
            warnings.append("text settings: \(error)")
        }
        needsFrame = true
        guard places.store != nil else { return }
        let family = resources.typefaces(language: settings.language).first { $0.file == settings.font }?.name
        if let warning = places.saveTextSettings(settings, fontFamily: family, offset: currentOffset, book: book) {
            warnings.append(warning)
        }
    }

    /// Marks the page on screen, or removes its marks; saved at once with the position.
    func toggleBookmark() {
        if let warning = places.toggleBookmark(onPage: offsetRange, start: currentOffset, book: book) {
            warnings.append(warning)
        }
        needsFrame = true
    }

    /// Closes whatever is open over the page and asks for the library, for a book opened from one.
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

    /// Saves the position even when it did not move: a book opened and
    /// left again was read last all the same (the library lists it first).
    func saveAsRead() {
        places.savedOffset = nil
        saveNow()
    }

    /// A kiosk left untouched: every screen closed at once, the page
    /// unzoomed, the way back forgotten and the book at its start (past a
    /// header, where a first opening starts), kept as the reading position.
    public func resetForIdle(at time: Double) {
        openScreen.advance(to: time)
        openScreen.dismiss()
        wayBack = nil
        needsFrame = true
        show(offset: book.metadata.bodyStart)
        saveNow()
    }
}
