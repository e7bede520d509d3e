import Threading
import Typesetting

/// Pages found so far, chapter segment by chapter segment (see
/// `ChapterSegments`), safe to read from any thread. Background threads
/// (one per processor, see `PaginationWorkers`) paginate first the segments
/// the reader asks for (those beside the pages it shows), then the others
/// from the start of the book, each its own segment; their pages are put
/// together in the book's order whatever order they finish in. The reader
/// paginates a segment itself when it needs it at once and publishes it
/// here; the background then skips it.
public final class PaginationStore: @unchecked Sendable {
    public let segments: ChapterSegments
    /// The lines placed on each page are kept too (see `wholeBook`).
    public let collectsText: Bool
    private let condition = Condition()
    /// Each segment's pages once known (kept at their size: a segment
    /// grown page by page is copied once into an array of its own size).
    /// When the last is known they are joined into `whole` and given up.
    private var segmentPages: [[PageEntry]?]
    /// Once every segment is known: all pages in the book's order, the one
    /// table of them (the reader's window shares it), and where each
    /// segment's pages start in it, then their end.
    private var whole: (pages: [PageEntry], starts: [Int])?
    /// With `collectsText`: the lines on each page of each known segment.
    private var segmentLines: [[[String]]?]
    private var knownSegments = 0
    /// The segments known from the start of the book on, and their pages
    /// (counted, not copied: the segments' own arrays are the only table).
    private var prefixSegments = 0
    private var prefixPageCount = 0
    /// The segments the background is paginating and their pages so far.
    private var growing: [Int: [PageEntry]] = [:]
    private var wanted: [Int] = []
    /// Segments the reader waits for: paginated at the reader's priority.
    private var urgent: Set<Int> = []
    private var cancelled = false
    private var paused: Bool
    private var changes = 0

    /// `paused`: the background waits for `resume()` before its first
    /// segment. `collectsText`: the background keeps each page's lines.
    public init(segments: ChapterSegments, paused: Bool = false, collectsText: Bool = false) {
        self.segments = segments
        self.paused = paused
        self.collectsText = collectsText
        segmentPages = Array(repeating: nil, count: segments.count)
        segmentLines = Array(repeating: nil, count: segments.count)
    }

    /// Every segment is paginated.
    public var isComplete: Bool { condition.withLock { knownSegments == segments.count } }
    public var isCancelled: Bool { condition.withLock { cancelled } }
    public var isPaused: Bool { condition.withLock { paused } }
    /// Changes whenever pages are published, so a reader can skip looking when nothing is new.
    public var version: Int { condition.withLock { changes } }

    /// The pages known from the start of the book on (the last one only final
    /// when `isComplete`), and whether the book is done.
    public var snapshot: (pages: [PageEntry], isComplete: Bool) {
        condition.withLock {
            if let whole { return (whole.pages, true) }
            var pages: [PageEntry] = []
            pages.reserveCapacity(prefixCountWithGrowing)
            for index in 0..<prefixSegments { pages += segmentPages[index] ?? [] }
            if prefixSegments < segments.count, let growing = growing[prefixSegments] { pages += growing }
            return (pages, knownSegments == segments.count)
        }
    }

    public func cancel() { condition.withLock { cancelled = true; condition.broadcast() } }
    public func resume() { condition.withLock { paused = false; condition.broadcast() } }

    /// The pages of a segment, once all are known.
    public func pages(ofSegment index: Int) -> [PageEntry]? {
        condition.withLock {
            guard let whole else { return segmentPages[index] }
            return Array(whole.pages[whole.starts[index]..<whole.starts[index + 1]])
        }
    }

    /// Whether all the pages of a segment are known (without copying them).
    public func knows(segment index: Int) -> Bool { condition.withLock { segmentPages[index] != nil } }

    /// Once every segment is known: all pages in the book's order (shared,
    /// not copied) and where each segment's pages start in them, then their end.
    var wholeTable: (pages: [PageEntry], starts: [Int])? { condition.withLock { whole } }

    /// The pages of a segment the background is paginating now; the last one may still grow.
    public func growingPages(ofSegment index: Int) -> [PageEntry]? {
        condition.withLock { growing[index] }
    }

    /// The reader is about to wait for `index`: the thread that takes it
    /// keeps the reader's priority for it (call before the threads start).
    public func expedite(segment index: Int) {
        condition.withLock { _ = urgent.insert(index) }
    }

    /// The reader waits, or is about to wait, for `index`.
    func isUrgent(_ index: Int) -> Bool { condition.withLock { urgent.contains(index) } }

    /// Segments for the background to do next, most wanted first.
    public func want(_ indices: [Int]) {
        condition.withLock { wanted = indices.filter { segments.firstParagraphs.indices.contains($0) } }
    }

    /// Records the pages of a whole segment (and, when the store collects
    /// text, the lines on each); a segment already known keeps its pages.
    public func publish(segment index: Int, pages: [PageEntry], lines: [[String]] = []) {
        condition.withLock {
            guard segmentPages[index] == nil else { return }
            segmentPages[index] = pages.count == pages.capacity ? pages : pages.withUnsafeBufferPointer { Array($0) }
            if collectsText { segmentLines[index] = lines }
            knownSegments += 1
            growing[index] = nil
            while prefixSegments < segments.count, let known = segmentPages[prefixSegments] {
                prefixPageCount += known.count
                prefixSegments += 1
            }
            if knownSegments == segments.count { joinSegments() }
            changes += 1
            condition.broadcast()
        }
    }

    /// Joins the known segments' pages into `whole`, giving up their own arrays.
    private func joinSegments() {
        var pages: [PageEntry] = []
        pages.reserveCapacity(prefixPageCount)
        var starts: [Int] = []
        starts.reserveCapacity(segmentPages.count + 1)
        for index in segmentPages.indices {
            starts.append(pages.count)
            pages += segmentPages[index] ?? []
            // Known, with its pages now in `whole`.
            segmentPages[index] = []
        }
        starts.append(pages.count)
        whole = (pages, starts)
    }

    /// Records the pages found so far of a segment a background thread is
    /// paginating; false when they are no longer needed (the segment is
    /// known, or pagination was cancelled).
    func publishGrowing(segment index: Int, pages: [PageEntry]) -> Bool {
        condition.withLock {
            guard !cancelled, segmentPages[index] == nil, growing[index] != nil else { return false }
            growing[index] = pages
            changes += 1
            condition.broadcast()
            return true
        }
    }

    /// How many pages are known from the start of the book on, with those
    /// found so far of a segment still growing right after them.
    private var prefixCountWithGrowing: Int {
        guard prefixSegments < segments.count, let pages = growing[prefixSegments] else { return prefixPageCount }
        return prefixPageCount + pages.count
    }

    /// Blocks until `predicate` holds for the number of pages known from the
    /// start, or pagination ends (complete or cancelled).
    public func wait(until predicate: (_ pagesFromStart: Int, _ isComplete: Bool) -> Bool) {
        condition.lock(); defer { condition.unlock() }
        while !cancelled, knownSegments < segments.count, !predicate(prefixCountWithGrowing, false) { condition.wait() }
    }

    /// Blocks until the page holding `offset` is final: its segment is known,
    /// or the growing pages go past it. Also returns when pagination is cancelled.
    public func waitForPage(holding offset: Int) {
        let index = segments.segment(containing: offset)
        condition.lock(); defer { condition.unlock() }
        urgent.insert(index)
        while !cancelled, segmentPages[index] == nil {
            if let pages = growing[index], pages.count >= 2, pages[pages.count - 2].end > offset { return }
            condition.wait()
        }
    }

    /// The whole book's pages, with each page's lines when the store
    /// collects text, once every segment is known; nil before.
    public var wholeBook: Pagination? {
        condition.withLock {
            guard knownSegments == segments.count else { return nil }
            return Pagination(pages: whole?.pages ?? [], pageLines: collectsText ? segmentLines.flatMap { $0 ?? [] } : [])
        }
    }

    /// Page counts of the segments known so far (nil: not yet).
    public var pageCounts: [Int?] {
        condition.withLock {
            guard let whole else { return segmentPages.map { $0?.count } }
            return segmentPages.indices.map { whole.starts[$0 + 1] - whole.starts[$0] }
        }
    }

    // MARK: Background

    /// Paginates the segments not yet known on background threads, each
    /// with its own typesetter made to match `model` (sharing its loaded
    /// files): `workers` of them, by default one per processor.
    public func startPaginating(matching model: Typesetter, workers: Int? = nil) throws {
        try PaginationWorkers.start(for: self, matching: model, count: workers)
    }

    /// How many threads `startPaginating` starts for a book of `segments` segments by default.
    public static func workerCount(segments: Int) -> Int { PaginationWorkers.count(segments: segments) }

    /// The segment for a background thread to paginate next (a wanted one,
    /// else the first unknown one no other thread has); nil when there is
    /// none left or pagination is cancelled. Waits while paused.
    func nextSegment() -> Int? {
        condition.lock(); defer { condition.unlock() }
        while paused, !cancelled { condition.wait() }
        guard !cancelled else { return nil }
        let free = { (index: Int) in self.segmentPages[index] == nil && self.growing[index] == nil }
        let next = wanted.first(where: free) ?? segmentPages.indices[prefixSegments...].first(where: free)
        if let next { growing[next] = [] }
        return next
    }

    /// A background thread gave up `segment` (pagination was cancelled).
    func abandon(segment index: Int) {
        condition.withLock { _ = growing.removeValue(forKey: index) }
    }
}

/// Hands an object to exactly one other thread, which then owns it.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
