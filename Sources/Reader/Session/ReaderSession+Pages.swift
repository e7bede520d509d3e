import Scrolling
import Typesetting

/// The pages in the scroll view: opened around a place, a jump elsewhere,
/// and what the background found taken in while the picture stays.
extension ReaderSession {
    /// A new store and background pagination, and the page holding `offset` on screen.
    func startPagination(showing offset: Int, paused: Bool? = nil) throws {
        let later = try pages.restart(showing: offset, paused: paused ?? (settings.pagination == .onDemand),
                                      typesetter: renderer.typesetter)
        let page = pages.window.pageIndex(containing: offset) ?? 0
        controller = PagingController(pageSize: controller.pageSize, pageCount: knownPageCount, startPage: page)
        controller.isRightToLeft = pageProgression == .rightToLeft
        controller.observer = self
        places.savedOffset = pages.window.pages.indices.contains(page) ? pages.window.pages[page].start : nil
        cache.drawAtOnce(page, pagination: knownPages)
        cache.focus(on: page, pageCount: knownPageCount, pagination: knownPages)
        needsFrame = true
        // Started last, the background's setting up overlaps the drawing of the first page.
        if later { try pages.startBackground(typesetter: renderer.typesetter) }
    }

    /// Shows the page holding `offset`: in the pages known, or in a new
    /// window opened around it (a jump to elsewhere in the book). It is the place from now on.
    func show(offset: Int) {
        let offset = min(max(0, offset), book.text.scalarCount)
        if let page = pages.window.pageIndex(containing: offset) {
            controller.show(page: page)
        } else {
            pages.jump(to: offset, typesetter: renderer.typesetter)
            cache.invalidate()
            controller.setPageCount(knownPageCount)
            controller.show(page: pages.window.pageIndex(containing: offset) ?? 0)
            needsFrame = true
        }
        readingPlace = currentOffset
    }

    /// Call once a frame and before input: takes in the pages found since;
    /// with `neighbours` (input arrives, or the view moves) paginates here
    /// the segment beside the page on screen when the page next to it is
    /// not known yet; keeps the picture when pages are put in front (the
    /// page index and the content offset move by the same whole pages).
    /// At rest the background brings the neighbours: a reader who has not
    /// touched the screen does not wait for them.
    func syncPages(neighbours: Bool = false) {
        let inserted = pages.takeIn(page: controller.currentPage, needed: neighbours || controller.isAnimating,
                                    visible: visiblePages, typesetter: renderer.typesetter)
        if inserted > 0 {
            cache.insertPagesInFront(inserted)
            controller.insertPagesInFront(inserted, pageCount: knownPageCount)
            needsFrame = true
        } else if knownPageCount != controller.pageCount {
            controller.setPageCount(knownPageCount)
        }
        pages.want(around: controller.currentPage)
        if pages.numbersSettled() {
            cache.refreshFooters(pagination: knownPages)
            needsFrame = true
        }
    }
}
