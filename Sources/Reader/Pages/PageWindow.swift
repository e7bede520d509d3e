import Typesetting

/// The pages the reader can show: a run of consecutive chapter segments
/// around the place the book was opened at, growing both ways as segments
/// become known. The scroll view's pages are indices into `pages`; segments
/// put in front shift them, which `update` reports.
struct PageWindow {
    let segments: ChapterSegments
    private(set) var firstSegment: Int
    /// One past the last segment with pages here.
    private(set) var endSegment: Int
    private(set) var pages: [PageEntry]
    /// Where the last segment's pages start, while the background is still
    /// paginating it (its last page may still grow).
    private(set) var growingFrom: Int?

    /// The window of segment `index` as `store` knows it: all its pages, or
    /// those found so far. Empty when the store has none yet.
    init(segment index: Int, store: PaginationStore) {
        segments = store.segments
        firstSegment = index
        endSegment = index
        pages = []
        appendNext(from: store)
    }

    /// True when the book's first page is the window's first page, so the
    /// page numbers are exact.
    var startsTheBook: Bool { firstSegment == 0 }
    var reachesTheEnd: Bool { endSegment == segments.count && growingFrom == nil }

    /// Pages that will not change: all but a growing last one.
    var finalPageCount: Int { growingFrom == nil ? pages.count : max(0, pages.count - 1) }

    /// The page holding `offset`, when that page is here and final.
    func pageIndex(containing offset: Int) -> Int? {
        guard endSegment > firstSegment, !pages.isEmpty else { return nil }
        let low = segments.offsets(of: firstSegment).lowerBound
        let high = segments.offsets(of: endSegment - 1).upperBound
        guard low <= offset, offset < high || (offset == high && endSegment == segments.count) else { return nil }
        let page = Pagination(pages: pages).pageIndex(containing: offset)
        return page < finalPageCount ? page : nil
    }

    /// Takes in what `store` found since: the growing segment's new pages,
    /// segments after the window and segments before it. Returns the number
    /// of pages put in front.
    mutating func update(from store: PaginationStore) -> Int {
        if let whole = store.wholeTable {
            // Every segment is known: the window is the whole book, its
            // pages the store's own table rather than a copy of it.
            let inserted = whole.starts[firstSegment]
            pages = whole.pages
            firstSegment = 0
            endSegment = segments.count
            growingFrom = nil
            return inserted
        }
        if let from = growingFrom {
            if let complete = store.pages(ofSegment: endSegment - 1) {
                pages.replaceSubrange(from..., with: complete)
                growingFrom = nil
            } else if let partial = store.growingPages(ofSegment: endSegment - 1), partial.count > pages.count - from {
                pages.replaceSubrange(from..., with: partial)
            }
        }
        while growingFrom == nil, endSegment < segments.count, appendNext(from: store) {}
        var inserted = 0
        while firstSegment > 0, let known = store.pages(ofSegment: firstSegment - 1) {
            pages.insert(contentsOf: known, at: 0)
            growingFrom = growingFrom.map { $0 + known.count }
            firstSegment -= 1
            inserted += known.count
        }
        return inserted
    }

    /// Appends segment `endSegment`, whole or as far as it is known; false when the store has none of it.
    @discardableResult
    private mutating func appendNext(from store: PaginationStore) -> Bool {
        if let known = store.pages(ofSegment: endSegment) {
            pages += known
        } else if let partial = store.growingPages(ofSegment: endSegment), !partial.isEmpty {
            growingFrom = pages.count
            pages += partial
        } else {
            return false
        }
        endSegment += 1
        return true
    }
}
