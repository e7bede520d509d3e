import Typesetting

/// The cache's pages as the compositor takes them.
extension PageCache {
    /// The images of the pages `controller` shows, the pages around its
    /// current one drawn ahead (a page past either end: none). Screen
    /// positions are pages' indexes mirrored for a right-to-left book.
    func images(around controller: PagingController, pageCount: Int,
                pagination: Pagination) -> (Int) -> Compositor.PageImage? {
        focus(on: controller.currentPage, pageCount: pageCount, pagination: pagination)
        return { screenIndex in
            let index = controller.page(atScreenIndex: screenIndex)
            guard index >= 0, index < pageCount else { return nil }
            return self.withInkedPage(index, pagination: pagination) {
                Compositor.PageImage(pixels: $0, ink: $1, columns: $2, drawing: $3)
            }
        }
    }
}
