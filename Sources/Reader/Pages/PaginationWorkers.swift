import Threading
import Typesetting

/// The threads that paginate a book's chapter segments in the background:
/// segments do not depend on each other, so one thread per processor takes
/// them one at a time from the store (most wanted first) and publishes
/// each; the store keeps them in the book's order. They run only on a
/// processor nothing else wants (SCHED_IDLE, nice 10 where that policy is
/// refused), so a frame never waits behind them, except for a segment the
/// reader waits for (a long chapter opened at): a thread keeps the
/// reader's priority until it takes a segment nobody waits for (a thread
/// cannot take its priority back without privileges). Each ends when no
/// segment is left: a book paginated leaves no thread behind to wake.
enum PaginationWorkers {
    /// Pagination yields to drawing: the page on screen was paginated first.
    static let niceness: Int32 = 10
    /// More threads than this gain little: their typesetters cost memory.
    static let maximumCount = 4

    /// How many threads paginate a book of `segments` segments.
    static func count(segments: Int, requested: Int? = nil) -> Int {
        max(1, min(requested ?? min(DetachedThread.availableProcessors, maximumCount), segments))
    }

    /// Starts the threads for `store`, each with a typesetter matching `model`.
    /// The typesetters are made here, on the caller's thread, which owns
    /// `model` (its lazily loaded fonts must not be read while it loads more).
    static func start(for store: PaginationStore, matching model: Typesetter, count requested: Int?) throws {
        let count = count(segments: store.segments.count, requested: requested)
        for index in 0..<count {
            let typesetter = UncheckedBox(try Typesetter(matching: model))
            try DetachedThread.start(name: "pagination \(index + 1)") {
                run(store, typesetter.value)
            }
        }
    }

    /// Paginates segments until none is left, publishing the pages of a
    /// long one as they grow, so the reader can show its first pages.
    private static func run(_ store: PaginationStore, _ typesetter: Typesetter) {
        var inBackground = false
        while let segment = store.nextSegment() {
            if !inBackground, !store.isUrgent(segment) {
                ProcessResources.runThisThreadInBackground(niceness: niceness)
                ProcessResources.runThisThreadOnlyWhenIdle()
                inBackground = true
            }
            var paginator = Paginator(typesetter: typesetter, segment: segment, of: store.segments,
                                      collectText: store.collectsText)
            var batch = 16
            while !paginator.step(paragraphs: batch) {
                guard store.publishGrowing(segment: segment, pages: paginator.result.pages) else { break }
                batch = min(batch * 2, 512)
            }
            if paginator.isFinished {
                store.publish(segment: segment, pages: paginator.result.pages, lines: paginator.result.pageLines)
            } else {
                store.abandon(segment: segment)
            }
        }
    }
}
