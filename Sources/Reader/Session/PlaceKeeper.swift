import BookModel
import LinuxSystem
import Typesetting

/// What the state store keeps of a book between runs: its place, its
/// bookmarks, its highlights and notes and the size chosen for it, written
/// together and atomically.
final class PlaceKeeper {
    let store: StateStore?
    let bookHash: String
    let bookPath: String
    /// The offset saved last; nil: the next save writes whatever the offset.
    var savedOffset: Int?
    /// Why the last save failed, while saving fails.
    private(set) var saveFailure: String?
    /// Bookmarked places: the start offsets of the marked pages, in book order; nil until read.
    private var marks: [Int]?
    /// The size chosen for this book on the text panel.
    private(set) var bookFontSize: Int?
    /// Highlights, in book order; nil until read.
    var kept: [Highlight]?

    init(store: StateStore?, bookHash: String, bookPath: String) {
        self.store = store
        self.bookHash = bookHash
        self.bookPath = bookPath
        // What a power cut in the middle of a save left behind.
        if let store { AtomicFile.removeAbandonedTemporaryFiles(in: store.directory) }
    }

    /// The marks, read from the state file at first use.
    func bookmarks(in book: Book) -> [Int] {
        if let marks { return marks }
        var found: [Int] = []
        var highlights: [Highlight] = []
        if let store, case let .found(state) = store.load(book: bookHash) {
            found = Self.bookmarks(of: state, in: book)
            highlights = (state.highlights ?? []).compactMap { $0.located(in: book) }
            if bookFontSize == nil { bookFontSize = state.fontSize }
        }
        marks = found
        if kept == nil { kept = highlights }
        return found
    }

    /// The book was replaced (the whole book taken in): the marks are read again in it.
    func forgetBookmarks() {
        marks = nil
        kept = nil
    }

    /// Marks the page `range` starting at `start`, or removes its marks;
    /// saved at once with the position. Returns a warning when the save failed.
    func toggleBookmark(onPage range: Range<Int>, start: Int, book: Book) -> String? {
        let onPage = Self.marks(bookmarks(in: book), onPage: range)
        var marks = bookmarks(in: book)
        if onPage.isEmpty {
            marks.append(start)
            marks.sort()
        } else {
            marks.removeAll { onPage.contains($0) }
        }
        self.marks = marks
        return saveReporting(offset: start, book: book)
    }

    /// The marks among `marks` on the page `range` (its start counts).
    static func marks(_ marks: [Int], onPage range: Range<Int>) -> [Int] {
        marks.filter { range.contains($0) || $0 == range.lowerBound }
    }

    /// What the state file keeps of the book with the position `offset`.
    func readingState(offset: Int, book: Book) -> ReadingState {
        let marks = bookmarks(in: book)
        return ReadingState(book: bookHash, offset: offset, path: bookPath, bookmarks: marks, fontSize: bookFontSize,
                            characters: book.text.scalarCount, place: book.place(of: offset),
                            bookmarkPlaces: book.document == nil ? nil : marks.compactMap { book.place(of: $0) },
                            highlights: highlights(in: book).map { $0.placed(in: book) })
    }

    /// Saves the position when it moved since the last save. Reading goes
    /// on when saving fails; the reason is told once, not on every page,
    /// and so is saving working again.
    func saveIfMoved(offset: Int, book: Book) -> String? {
        guard let store, offset != savedOffset else { return nil }
        do {
            try store.save(readingState(offset: offset, book: book))
            savedOffset = offset
            guard saveFailure != nil else { return nil }
            saveFailure = nil
            return "\(store.directory): reading positions are saved again"
        } catch {
            let message = "\(error)"
            defer { saveFailure = message }
            return message == saveFailure ? nil : message
        }
    }

    /// The settings in force for the device, and the size for this book with its position.
    func saveTextSettings(_ settings: ReaderSettings, fontFamily: String?, offset: Int, book: Book) -> String? {
        guard let store else { return nil }
        // The book's state file is read before it is written again.
        _ = bookmarks(in: book)
        bookFontSize = settings.geometry.fontSize
        do {
            var chosen = TextSettings(geometry: settings.geometry, theme: settings.theme)
            chosen.fontFamily = fontFamily
            chosen.interfaceScale = settings.interfaceScale.rawValue
            try store.saveTextSettings(chosen)
        } catch {
            return "\(error)"
        }
        return saveReporting(offset: offset, book: book)
    }

    /// Saves the position with the marks now; a warning when it failed.
    func saveReporting(offset: Int, book: Book) -> String? {
        guard let store else { return nil }
        do {
            try store.save(readingState(offset: offset, book: book))
            savedOffset = offset
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The offsets in `book` of the bookmarks `state` keeps: by their
    /// places when it keeps them (a book of sections, which may be some of
    /// its sections only), else by their offsets in a whole book.
    static func bookmarks(of state: ReadingState, in book: Book) -> [Int] {
        let marks: [Int]
        if let places = state.bookmarkPlaces, places.count == state.bookmarks?.count, book.document != nil {
            marks = places.compactMap { book.offset(of: $0) }
        } else if book.document?.isPartial == true {
            marks = []
        } else {
            let length = book.text.scalarCount
            marks = (state.bookmarks ?? []).filter { $0 >= 0 && $0 <= length }
        }
        return Array(Set(marks)).sorted()
    }
}

/// What a start reads of a book's saved state.
extension StateStore {
    /// The saved position for a book, with a warning when the state file is unusable.
    /// A book of sections goes by the saved place's section, when the
    /// state file names it (its offset moves with the book's styles).
    public func savedOffset(for book: Book) -> (offset: Int?, warning: String?) {
        switch load(book: StateStore.key(of: book)) {
        case .none: return (nil, nil)
        case let .found(state):
            if let place = state.place, let offset = book.offset(of: place) { return (offset, nil) }
            return (min(state.offset, book.text.scalarCount), nil)
        case let .ignored(problem): return (nil, problem + "; starting at the beginning")
        }
    }

    /// The size saved for the book kept under `key`, as a start may use it.
    public func savedFontSize(forKey key: String) -> Int? {
        guard case let .found(state) = load(book: key) else { return nil }
        return state.fontSize
    }

    public func savedFontSize(for book: Book) -> Int? { savedFontSize(forKey: StateStore.key(of: book)) }
}
