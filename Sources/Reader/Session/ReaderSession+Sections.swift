import BookModel
import Typesetting

extension ReadingBook {
    /// What the book's reading state is kept under.
    public var stateKey: String {
        switch self {
        case let .whole(book): StateStore.key(of: book)
        case let .sectioned(reading): reading.stateKey
        }
    }
}

/// A book opened a section at a time, shown from the section holding the
/// place opened while the whole book is read on a thread of its own.
struct PendingWholeBook {
    let reading: SectionedBookReading
    /// Where the section shown lies in the whole book, for footers.
    let enclosing: EnclosingBook

    /// The section shown is where the whole book starts: its page numbers are the book's.
    var startsTheBook: Bool { enclosing.charactersBefore == 0 }

    /// The pages of the section shown, numbered as they will be in the
    /// whole book: its pages before and in all estimated from its own
    /// characters per page.
    func estimate(_ pages: inout Pagination) {
        guard let last = pages.pages.last else { return }
        let perPage = Double(max(1, last.end - (pages.pages.first?.start ?? 0))) / Double(pages.pages.count)
        pages.pagesBefore = Int((Double(enclosing.charactersBefore) / perPage).rounded())
        pages.pagesBeforeIsEstimate = !startsTheBook
        pages.estimatedPageCount = max(pages.pagesBefore + pages.pages.count,
                                       Int((Double(enclosing.length) / perPage).rounded()))
        pages.enclosingBook = enclosing
    }
}

/// Opening a book of sections: the section holding the saved place (a
/// place is its section and an offset in it, see `BookPlace`) is read
/// alone and its page shown, while the whole book is read on a thread of
/// its own. The whole book is taken in as soon as it is read, or at the
/// first input (which waits for it): everything a person can reach (the
/// contents, the slider, bookmarks, other chapters) sees the whole book,
/// and places saved are the whole book's.
extension ReaderSession {
    /// Opens `opening` where `start` says. A book of sections opened at its
    /// saved place, or at its start, shows that section's page before the
    /// others are read; any other start (a page number, an offset into the
    /// book) needs the whole book first.
    public convenience init(opening: ReadingBook, path: String, settings: Settings, start: Start, stateStore: StateStore?,
                            hyphenationPreload: HyphenationPreload? = nil,
                            preparedBuffers: BufferPreparation? = nil) throws {
        let reading: SectionedBookReading
        switch opening {
        case let .whole(book):
            try self.init(book: book, path: path, settings: settings, start: start, stateStore: stateStore,
                          hyphenationPreload: hyphenationPreload, preparedBuffers: preparedBuffers, pending: nil)
            return
        case let .sectioned(sectioned):
            reading = sectioned
        }
        guard let first = Self.firstPlace(in: reading, start: start, stateStore: stateStore) else {
            try self.init(book: reading.waitForWholeBook(), path: path, settings: settings, start: start,
                          stateStore: stateStore, hyphenationPreload: hyphenationPreload, preparedBuffers: preparedBuffers,
                          pending: nil)
            return
        }
        let part = reading.book(ofSection: first.place.section)
        let characters = part.text.scalarCount
        var enclosing = reading.estimatedPlace(ofSection: first.place.section, characters: characters)
        // The place saved with the same styles knows where its section starts and the book's length exactly.
        if let saved = first.saved, let place = saved.place, place.section == first.place.section,
           let length = saved.characters, place.offset <= saved.offset {
            let before = saved.offset - place.offset
            enclosing = (before, max(length, before + characters))
        }
        let offset = part.offset(of: first.place) ?? 0
        try self.init(book: part, path: path, settings: settings, start: .offset(offset), stateStore: stateStore,
                      hyphenationPreload: hyphenationPreload, preparedBuffers: preparedBuffers,
                      pending: PendingWholeBook(reading: reading,
                                                enclosing: EnclosingBook(charactersBefore: enclosing.charactersBefore,
                                                                         length: enclosing.length)))
        // Read while the first page is composed and shown.
        reading.startReadingWholeBook()
    }

    /// The section a book of sections opened at `start` shows before the
    /// whole book is read, as the session opening it will find it; nil
    /// when the start needs the whole book. Read it ahead, while waiting
    /// for anything else the session needs.
    public static func firstSection(of reading: SectionedBookReading, start: Start, stateStore: StateStore?) -> Int? {
        firstPlace(in: reading, start: start, stateStore: stateStore)?.place.section
    }

    /// The place a book of sections opens at without the whole book: its
    /// saved place (with the state it came from), or its first page; nil
    /// when the start needs the whole book (a page number, an offset past
    /// the start, a state file from before places, or one that cannot be used).
    private static func firstPlace(in reading: SectionedBookReading, start: Start,
                                   stateStore: StateStore?) -> (place: BookPlace, saved: ReadingState?)? {
        let first = BookPlace(section: reading.firstShownSection, offset: 0)
        guard reading.sectionCount > 0, reading.isShown(section: first.section) else { return nil }
        switch start {
        case .offset(0):
            return (first, nil)
        case .savedPlace:
            guard let stateStore else { return (first, nil) }
            switch stateStore.load(book: reading.stateKey) {
            case .none:
                return (first, nil)
            case let .found(state):
                guard let place = state.place, reading.isShown(section: place.section) else { return nil }
                return (place, state)
            case .ignored:
                // The whole book's opening reports it.
                return nil
            }
        default:
            return nil
        }
    }

    /// Takes in the whole book once it is read (with `waiting`, waits for
    /// it), keeping the page on screen: its place is found in the whole
    /// book, and the pages are found anew there.
    func takeInWholeBook(waiting: Bool) {
        guard let pending = pendingWholeBook else { return }
        let whole: Book
        if waiting {
            whole = pending.reading.waitForWholeBook()
        } else {
            guard let read = pending.reading.wholeBookIfRead else { return }
            whole = read
        }
        pendingWholeBook = nil
        let offset = book.place(of: currentOffset).flatMap { whole.offset(of: $0) } ?? whole.metadata.bodyStart
        do {
            let paused = pagination.isPaused
            let main = try Typesetter(matching: renderer.typesetter, book: whole)
            let worker = try Typesetter(matching: main)
            pagination.cancel()
            cache.invalidate(inkUnknown: false)
            book = whole
            segments = ChapterSegments(book: whole)
            pageCountEstimate = PageCountEstimate(segments: segments, geometry: settings.geometry)
            renderer = PageRenderer(typesetter: main, theme: settings.theme, cache: renderer.cache)
            cache.replaceRenderers(main: renderer, worker: PageRenderer(typesetter: worker, theme: settings.theme,
                                                                        cache: workerGlyphCache))
            // What was found in the sections shown is found again in the whole book.
            screens.bookmarksLoaded = false
            screens.title = nil
            screens.bookHasLinks = nil
            zoom = nil
            try startPagination(showing: offset, paused: paused)
        } catch {
            warnings.append("the rest of the book could not be set: \(error)")
        }
    }
}

extension ReaderSession {
    /// Takes in the whole book now, waiting for it to be read (a book read
    /// whole from the start already is).
    public func waitForWholeBook() { takeInWholeBook(waiting: true) }

    /// True while the page shown comes from some sections of the book and the whole book is being read.
    public var isReadingWholeBook: Bool { pendingWholeBook != nil }
}
