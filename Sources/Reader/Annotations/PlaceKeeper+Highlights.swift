import BookModel

/// Highlights and notes, kept with the place: each change is saved at
/// once with the position, atomically as the place is.
extension PlaceKeeper {
    /// The book's highlights in book order, read from its state at first use.
    func highlights(in book: Book) -> [Highlight] {
        if let kept { return kept }
        _ = bookmarks(in: book)
        return kept ?? []
    }

    /// Highlights `range` in `color` (merged with those of its colour it
    /// meets); its index, and a warning when saving failed.
    func addHighlight(_ range: Range<Int>, color: HighlightColor, note: String?, offset: Int,
                      book: Book) -> (index: Int, warning: String?) {
        let now = store?.wallClock()
        let added = Highlight(start: range.lowerBound, end: range.upperBound, color: color, note: note,
                              text: book.excerpt(range), made: now, changed: now)
        let (highlights, index) = highlights(in: book).adding(added) { book.excerpt($0) }
        kept = highlights
        return (index, saveReporting(offset: offset, book: book))
    }

    /// Changes highlight `index`'s colour or note (nil: unchanged); a warning when saving failed.
    func updateHighlight(at index: Int, color: HighlightColor?, note: String??, offset: Int, book: Book) -> String? {
        var highlights = highlights(in: book)
        guard highlights.indices.contains(index) else { return nil }
        if let color { highlights[index].color = color }
        if let note { highlights[index].note = note?.nilIfEmpty }
        highlights[index].changed = store?.wallClock()
        kept = highlights
        return saveReporting(offset: offset, book: book)
    }

    /// Removes highlight `index` (nil: all of them); a warning when saving failed.
    func removeHighlight(at index: Int?, offset: Int, book: Book) -> String? {
        var highlights = highlights(in: book)
        if let index {
            guard highlights.indices.contains(index) else { return nil }
            highlights.remove(at: index)
        } else {
            guard !highlights.isEmpty else { return nil }
            highlights = []
        }
        kept = highlights
        return saveReporting(offset: offset, book: book)
    }

    /// A kiosk's visitor has gone (`NOTES=session`): the highlights and
    /// notes go from the book's state file as well, whether or not the book
    /// is still open (a library closes the books read earlier in a visit);
    /// a warning when the file could not be written.
    func eraseSavedHighlights() -> String? {
        kept = []
        guard let store, case .found(var state) = store.load(book: bookHash), state.highlights?.isEmpty == false else {
            return nil
        }
        state.highlights = nil
        do {
            // Written as it was read: the book was not read by being cleared.
            try store.write(state, to: store.path(forBook: bookHash))
            return nil
        } catch {
            return "\(error)"
        }
    }
}
