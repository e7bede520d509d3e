import Typesetting

extension PaginationStore {
    /// The whole book's pages (with `collectText`, the lines on each), as
    /// `Typesetter.paginate(collectText:)` gives them, found by the
    /// pagination threads (see `PaginationWorkers`), one per processor, each
    /// with a typesetter matching `typesetter`. For a caller that waits for
    /// every page: each segment is expedited, so no thread yields to others.
    public static func paginateWholeBook(_ typesetter: Typesetter, collectText: Bool = false,
                                         workers: Int? = nil) throws -> Pagination {
        let segments = ChapterSegments(book: typesetter.book)
        let store = PaginationStore(segments: segments, collectsText: collectText)
        for index in 0..<segments.count { store.expedite(segment: index) }
        try store.startPaginating(matching: typesetter, workers: workers)
        store.wait { _, complete in complete }
        // Never cancelled, the store ends complete.
        guard let whole = store.wholeBook else { preconditionFailure("an uncancelled pagination ends complete") }
        return whole
    }
}
