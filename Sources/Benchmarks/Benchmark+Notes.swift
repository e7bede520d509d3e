import BookModel
import Reader

/// The figure of `bench` for keeping highlights and notes.
extension Benchmark {
    static let highlightSaveRuns = 11
    /// Highlights the book has already when one more is made.
    static let highlightsKept = 100

    /// A highlight with a note of a thousand characters added to the
    /// book's state, which already keeps a hundred, and written as the
    /// reader writes it at each change: the whole state, atomically, safe
    /// on disk when it returns (`highlight_save_ms`).
    func measureHighlightSave(of book: Book, into result: inout JSONLine) throws {
        let scratch = try ScratchFolder(prefix: "ebook-fb-bench-notes")
        defer { scratch.remove() }
        let store = StateStore(directory: scratch.path)
        let length = max(1, book.text.scalarCount - 20)
        let step = max(1, length / (Self.highlightsKept + Self.highlightSaveRuns + 1))
        func highlight(_ number: Int, note: String? = nil) -> Highlight {
            let start = min(length - 1, number * step)
            return Highlight(start: start, end: start + 12, color: .yellow, note: note, text: book.excerpt(start..<(start + 12)))
        }
        var state = ReadingState(book: StateStore.key(of: book), offset: 0, path: options.book,
                                 characters: book.text.scalarCount,
                                 highlights: (0..<Self.highlightsKept).map { highlight($0) })
        try store.save(state)
        let note = String(repeating: "a note of some length ", count: 46)
        var added = Self.highlightsKept
        result.add("highlight_save_ms", try BenchClock.medianTime(Self.highlightSaveRuns) {
            added += 1
            state.highlights?.append(highlight(added, note: note))
            try store.save(state)
        })
    }
}
