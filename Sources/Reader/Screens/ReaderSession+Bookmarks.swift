import BookModel
import Typesetting

/// Bookmarks: page starts kept with the reading position in the book's
/// state file, written atomically with it.
extension ReaderSession {
    /// The marked pages' start offsets in book order, read from the state file at first use.
    var bookmarks: [Int] {
        if !screens.bookmarksLoaded {
            screens.bookmarksLoaded = true
            if let stateStore, case let .found(state) = stateStore.load(book: bookHash) {
                screens.bookmarks = Self.bookmarks(of: state, in: book)
                if screens.bookFontSize == nil { screens.bookFontSize = state.fontSize }
            }
        }
        return screens.bookmarks
    }

    /// The bookmarks on the page on screen (its range holds them).
    var bookmarksOnPage: [Int] {
        let range = offsetRange
        return bookmarks.filter { range.contains($0) || $0 == range.lowerBound }
    }

    var isPageBookmarked: Bool { !bookmarksOnPage.isEmpty }

    /// Marks the page on screen, or removes its marks; saved at once with the position.
    func toggleBookmark() {
        let onPage = bookmarksOnPage
        var marks = bookmarks
        if onPage.isEmpty {
            marks.append(currentOffset)
            marks.sort()
        } else {
            marks.removeAll { onPage.contains($0) }
        }
        screens.bookmarks = marks
        needsFrame = true
        guard let stateStore else { return }
        do {
            try stateStore.save(readingState(offset: currentOffset, bookmarks: marks))
            savedOffset = currentOffset
        } catch {
            warnings.append("\(error)")
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

    /// The book's size, when one was saved for it, as a start may use it.
    public static func savedFontSize(for book: Book, in store: StateStore) -> Int? {
        savedFontSize(forKey: StateStore.key(of: book), in: store)
    }

    /// The size saved for the book kept under `key`.
    public static func savedFontSize(forKey key: String, in store: StateStore) -> Int? {
        guard case let .found(state) = store.load(book: key) else { return nil }
        return state.fontSize
    }

    /// The book's page number (1-based) of each bookmark, as far as pages are known.
    var bookmarkPages: [Int] {
        let before = window.startsTheBook ? 0 : estimatedPagesBefore
        return bookmarks.compactMap { offset in
            window.pageIndex(containing: offset).map { before + $0 + 1 }
        }
    }
}
