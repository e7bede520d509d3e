import Scrolling
import Typesetting

/// How the reader gets its pages: the chapter segment holding the place
/// opened is paginated first (here, when it is short), its page shown at
/// once, and the background finds the others. Segments beside the pages on
/// screen are paginated here when the background has not reached them.
extension ReaderSession {
    /// Segments up to this many characters are paginated on the reader's
    /// thread when needed at once (a long chapter of War and Peace is 23,000);
    /// a longer one is left to the background, whose first pages are shown as
    /// soon as they are known.
    static let segmentPaginatedAtOnce = 60_000
    /// The background is asked for the segment beside the known pages when
    /// the page on screen is this close to their edge.
    static let pagesWantedAhead = 8

    /// A new store and background pagination, and the page holding `offset` on screen.
    func startPagination(showing offset: Int, paused: Bool? = nil) throws {
        pagination = PaginationStore(segments: segments, paused: paused ?? (settings.pagination == .onDemand))
        let focus = segments.segment(containing: offset)
        let now = paginateNow(focus)
        pagination.want(now ? [focus + 1, focus - 1] : [focus, focus + 1, focus - 1])
        if !now {
            pagination.expedite(segment: focus)
            try startBackgroundPagination()
            pagination.waitForPage(holding: offset)
        }
        openWindow(at: offset)
        drawnWithExactPageNumbers = window.startsTheBook
        drawnWithFinalPageCount = !isPaginating
        let page = window.pageIndex(containing: offset) ?? 0
        controller = PagingController(pageSize: controller.pageSize, pageCount: knownPageCount, startPage: page)
        controller.isRightToLeft = pageProgression == .rightToLeft
        controller.observer = self
        savedOffset = window.pages.indices.contains(page) ? window.pages[page].start : nil
        cache.drawAtOnce(page, pagination: knownPages)
        cache.focus(on: page, pageCount: knownPageCount, pagination: knownPages)
        needsFrame = true
        // Started last, the background's setting up overlaps the drawing of the first page.
        if now { try startBackgroundPagination() }
    }

    private func startBackgroundPagination() throws {
        try pagination.startPaginating(matching: renderer.typesetter)
    }

    /// Paginates `segment` on this thread if it is short and not known yet;
    /// true when its pages are known now.
    @discardableResult
    func paginateNow(_ segment: Int) -> Bool {
        if pagination.pages(ofSegment: segment) != nil { return true }
        // A held background would never do a long one: then it is done here too.
        guard segments.offsets(of: segment).count <= Self.segmentPaginatedAtOnce || pagination.isPaused else { return false }
        pagination.publish(segment: segment, pages: renderer.typesetter.paginate(segment: segment, of: segments).pages)
        return true
    }

    /// A window of the segment holding `offset`, with what the store knows around it.
    private func openWindow(at offset: Int) {
        windowVersion = pagination.version
        window = PageWindow(segment: segments.segment(containing: offset), store: pagination)
        _ = window.update(from: pagination)
        // At least one page a segment before.
        estimatedPagesBefore = max(window.firstSegment,
                                   pageCountEstimate.pages(before: window.firstSegment, known: pagination.pageCounts))
    }

    /// Shows the page holding `offset`: in the pages known, or in a new
    /// window opened around it (a jump to elsewhere in the book).
    func show(offset: Int) {
        let offset = min(max(0, offset), book.text.scalarCount)
        if let page = window.pageIndex(containing: offset) {
            controller.show(page: page)
            return
        }
        if !paginateNow(segments.segment(containing: offset)) {
            pagination.want([segments.segment(containing: offset)])
            pagination.waitForPage(holding: offset)
        }
        openWindow(at: offset)
        drawnWithExactPageNumbers = window.startsTheBook
        cache.invalidate()
        controller.setPageCount(knownPageCount)
        controller.show(page: window.pageIndex(containing: offset) ?? 0)
        needsFrame = true
    }

    /// Call once a frame and before input: takes in the pages found since;
    /// with `neighbours` (input arrives, or the view moves) paginates here
    /// the segment beside the page on screen when the page next to it is
    /// not known yet; keeps the picture when pages are put in front (the
    /// page index and the content offset move by the same whole pages).
    /// At rest the background brings the neighbours: a reader who has not
    /// touched the screen does not wait for them.
    func syncPages(neighbours: Bool = false) {
        var inserted = 0
        func takeIn() {
            // The version is read first: what is published meanwhile is taken in next time.
            let version = pagination.version
            inserted += window.update(from: pagination)
            windowVersion = version
        }
        if pagination.version != windowVersion { takeIn() }
        // The page on screen, counted in the window as it is now.
        var page: Int { controller.currentPage + inserted }
        let needed = neighbours || controller.isAnimating
            || visiblePages.contains { !(0..<window.finalPageCount).contains($0) }
        if needed, page + 1 >= window.finalPageCount, window.growingFrom == nil, window.endSegment < segments.count,
           paginateNow(window.endSegment) {
            takeIn()
        }
        if needed, page < 1, window.firstSegment > 0, paginateNow(window.firstSegment - 1) { takeIn() }
        if inserted > 0 {
            estimatedPagesBefore = max(window.firstSegment, estimatedPagesBefore - inserted)
            cache.insertPagesInFront(inserted)
            controller.insertPagesInFront(inserted, pageCount: knownPageCount)
            needsFrame = true
        } else if knownPageCount != controller.pageCount {
            controller.setPageCount(knownPageCount)
        }
        // Segments beside the known pages when the reader comes near their
        // edge; otherwise the background goes on from the start of the book.
        let current = controller.currentPage
        pagination.want((current + Self.pagesWantedAhead >= window.finalPageCount ? [window.endSegment] : [])
                        + (current < Self.pagesWantedAhead ? [window.firstSegment - 1] : []))
        redrawFootersWhenNumbersSettle()
    }

    /// Footers number the pages: the ones on screen are redrawn when the
    /// page numbers become exact and again when the page count does.
    private func redrawFootersWhenNumbersSettle() {
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
        guard changed else { return }
        cache.refreshFooters(pagination: knownPages)
        needsFrame = true
    }
}
