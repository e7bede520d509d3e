/// What the paging scroll view shows.
extension PagingController {
    /// The pages in view now: one at rest, two during a page turn.
    func visiblePages(pageWidth: Int) -> Set<Int> {
        if let zoomed = zoomedPage { return [zoomed] }
        let split = Compositor.split(offsetX: scrollView.contentOffset.x, pageWidth: pageWidth)
        return split.shift == 0 ? [split.page] : [split.page, split.page + 1]
    }
}
