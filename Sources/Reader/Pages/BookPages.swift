import BookModel
import Typesetting

/// The book's pages as the reader knows them: the store the background
/// and the reader paginate into, and the window of known segments around
/// the place opened that the scroll view holds, numbered for the footers.
/// The chapter segment holding the place opened is paginated first (here,
/// when it is short), and the background finds the others; segments beside
/// the pages on screen are paginated here when the background has not
/// reached them.
final class BookPages {
    /// Segments up to this many characters are paginated on the reader's
    /// thread when needed at once (a long chapter of War and Peace is 23,000);
    /// a longer one is left to the background, whose first pages are shown as
    /// soon as they are known.
    static let segmentPaginatedAtOnce = 60_000
    /// The background is asked for the segment beside the known pages when
    /// the page on screen is this close to their edge.
    static let pagesWantedAhead = 8

    /// Where pagination may start afresh; the same for every geometry.
    private(set) var segments: ChapterSegments
    /// Pages found so far, segment by segment, by the background and by the reader.
    private(set) var store: PaginationStore
    /// The pages the scroll view holds.
    private(set) var window: PageWindow
    /// The store's version the window was last brought up to.
    private var windowVersion = -1
    /// The numbers footers give while the pages before the window are not known.
    private(set) var estimatedPagesBefore = 0
    /// Page counts of segments not paginated yet, for the current geometry.
    private var pageCountEstimate: PageCountEstimate
    /// The book's estimated page count and the store version it was made at.
    private var estimatedTotal = (version: -1, count: 0)
    /// A book opened a section at a time, until the whole book is read and taken in.
    var pendingWholeBook: PendingWholeBook?
    /// What the footers on screen were drawn with.
    private var drawnWithFinalPageCount = false
    private var drawnWithExactPageNumbers = false

    init(book: Book, geometry: PageGeometry, pending: PendingWholeBook?) {
        segments = ChapterSegments(book: book)
        pageCountEstimate = PageCountEstimate(segments: segments, geometry: geometry)
        store = PaginationStore(segments: segments, paused: true)
        window = PageWindow(segment: 0, store: store)
        pendingWholeBook = pending
    }

    /// Another book (the whole one taken in) or another geometry: pages are found anew.
    func reset(book: Book?, geometry: PageGeometry) {
        store.cancel()
        if let book { segments = ChapterSegments(book: book) }
        pageCountEstimate = PageCountEstimate(segments: segments, geometry: geometry)
    }

    // MARK: Numbers

    /// Pages that are final now in the scroll view (the book may still be paginating).
    var knownPageCount: Int { max(1, window.finalPageCount) }
    /// True until every page of the book is known and in the scroll view.
    var isPaginating: Bool { pendingWholeBook != nil || !(window.startsTheBook && window.reachesTheEnd) }
    var numbersAreExact: Bool { window.startsTheBook && (pendingWholeBook?.startsTheBook ?? true) }
    /// The pages before the window as the footers count them.
    var pagesBefore: Int { window.startsTheBook ? 0 : estimatedPagesBefore }

    /// The pages the scroll view holds, numbered for their footers (the
    /// book's page count estimated while paginating).
    func known(in book: Book) -> Pagination {
        var result = Pagination(pages: window.pages)
        if !window.startsTheBook {
            result.pagesBefore = estimatedPagesBefore
            result.pagesBeforeIsEstimate = true
        }
        if isPaginating {
            // The book's page count from the segments known now; for a book
            // that is a window of its file, scaled to the whole file.
            if estimatedTotal.version != store.version {
                let text = book.text
                var total = Double(pageCountEstimate.total(known: store.pageCounts))
                if !text.isComplete { total *= Double(text.sourceByteCount) / Double(max(1, text.sourceBytesDecoded)) }
                estimatedTotal = (store.version, Int(total.rounded()))
            }
            result.estimatedPageCount = max(estimatedTotal.count, result.pagesBefore + window.pages.count)
        }
        pendingWholeBook?.estimate(&result)
        return result
    }

    /// Page numbers for any place in the book.
    func numbers(in book: Book) -> PageNumbers {
        PageNumbers(window: window, pagesBefore: pagesBefore, areExact: numbersAreExact, known: known(in: book),
                    length: book.text.scalarCount)
    }

    /// Footers number the pages: true once when the page numbers become
    /// exact and once when the page count does (the footers on screen are
    /// drawn again then).
    func numbersSettled() -> Bool {
        var changed = false
        if !drawnWithExactPageNumbers, window.startsTheBook {
            drawnWithExactPageNumbers = true
            changed = true
        }
        if !drawnWithFinalPageCount, !isPaginating {
            drawnWithFinalPageCount = true
            changed = true
            // The whole book's pages are known: what laying it out freed goes back.
            ProcessResources.returnFreeMemory()
        }
        return changed
    }

    // MARK: Finding pages

    /// A new store and background pagination (held with `paused`), and a
    /// window holding `offset`. Returns true when the background is to be
    /// started by `startBackground` once the first page is drawn.
    func restart(showing offset: Int, paused: Bool, typesetter: Typesetter) throws -> Bool {
        store = PaginationStore(segments: segments, paused: paused)
        let focus = segments.segment(containing: offset)
        let now = paginateNow(focus, typesetter: typesetter)
        store.want(now ? [focus + 1, focus - 1] : [focus, focus + 1, focus - 1])
        if !now {
            store.expedite(segment: focus)
            try startBackground(typesetter: typesetter)
            store.waitForPage(holding: offset)
        }
        openWindow(at: offset)
        drawnWithExactPageNumbers = window.startsTheBook
        drawnWithFinalPageCount = !isPaginating
        return now
    }

    /// Waits until the pages up to `page` (0-based, from the book's start)
    /// are known, the background resumed for them if it was held.
    func waitForPages(through page: Int) {
        if store.isPaused { store.resume() }
        store.wait { pagesFromStart, _ in pagesFromStart > page }
    }

    func startBackground(typesetter: Typesetter) throws {
        try store.startPaginating(matching: typesetter)
    }

    /// A window around `offset` elsewhere in the book (a jump), its
    /// segment paginated here or waited for.
    func jump(to offset: Int, typesetter: Typesetter) {
        let segment = segments.segment(containing: offset)
        if !paginateNow(segment, typesetter: typesetter) {
            store.want([segment])
            store.waitForPage(holding: offset)
        }
        openWindow(at: offset)
        drawnWithExactPageNumbers = window.startsTheBook
    }

    /// Paginates `segment` on this thread if it is short and not known yet;
    /// true when its pages are known now.
    @discardableResult
    private func paginateNow(_ segment: Int, typesetter: Typesetter) -> Bool {
        if store.knows(segment: segment) { return true }
        // A held background would never do a long one: then it is done here too.
        guard segments.offsets(of: segment).count <= Self.segmentPaginatedAtOnce || store.isPaused else { return false }
        store.publish(segment: segment, pages: typesetter.paginate(segment: segment, of: segments).pages)
        return true
    }

    /// A window of the segment holding `offset`, with what the store knows around it.
    private func openWindow(at offset: Int) {
        windowVersion = store.version
        window = PageWindow(segment: segments.segment(containing: offset), store: store)
        _ = window.update(from: store)
        // At least one page a segment before.
        estimatedPagesBefore = max(window.firstSegment,
                                   pageCountEstimate.pages(before: window.firstSegment, known: store.pageCounts))
    }

    /// Takes in the pages found since; paginates here the segment beside
    /// `page` (the page on screen) when the page next to it is not known
    /// and `needed` (input arrives, the view moves) or a page of `visible`
    /// is not known; `shown` pages from `page` on are on screen (a spread).
    /// Returns the number of pages put in front.
    func takeIn(page current: Int, shown: Int = 1, needed: Bool, visible: Set<Int>, typesetter: Typesetter) -> Int {
        var inserted = 0
        func takeIn() {
            // The version is read first: what is published meanwhile is taken in next time.
            let version = store.version
            inserted += window.update(from: store)
            windowVersion = version
        }
        if store.version != windowVersion { takeIn() }
        // The page on screen, counted in the window as it is now.
        var page: Int { current + inserted }
        let needed = needed || visible.contains { !(0..<window.finalPageCount).contains($0) }
        if needed, page + shown >= window.finalPageCount, window.growingFrom == nil, window.endSegment < segments.count,
           paginateNow(window.endSegment, typesetter: typesetter) {
            takeIn()
        }
        if needed, page < 1, window.firstSegment > 0, paginateNow(window.firstSegment - 1, typesetter: typesetter) {
            takeIn()
        }
        if inserted > 0 { estimatedPagesBefore = max(window.firstSegment, estimatedPagesBefore - inserted) }
        return inserted
    }

    /// Segments beside the known pages when the reader comes near their
    /// edge (`page` on screen); otherwise the background goes on from the
    /// start of the book.
    func want(around page: Int) {
        store.want((page + Self.pagesWantedAhead >= window.finalPageCount ? [window.endSegment] : [])
                   + (page < Self.pagesWantedAhead ? [window.firstSegment - 1] : []))
    }
}
