/// The headless reader's final line for a book: the page, zoom, offset,
/// stalls, page buffers, pages and screen; when describing, what is on
/// screen too: the book, the chapter, the page's character range, the text
/// settings, the bookmarks' page numbers and every control on screen.
enum ReaderSummary {
    static func line(of session: ReaderSession, describing: Bool) -> JSONLine {
        var result = JSONLine()
        result.add("page", session.pageIndexInBook + 1)
        let controller = session.controller
        result.add("zoom", controller.zoomScale)
        let offset = controller.scrollView.contentOffset
        result.add("offset", [offset.x, offset.y])
        result.add("stalls", session.cache.stalls)
        result.add("page_buffers", session.cache.allocatedBuffers)
        result.add("pages", session.knownPageCount)
        result.add("screen", session.screenName)
        guard describing else { return result }
        result.add("book", session.bookPath)
        result.add("chapter", session.book.chapterTitle(holding: session.currentOffset))
        let range = session.offsetRange
        result.add("offset_range", [Double(range.lowerBound), Double(range.upperBound)])
        result.add("font_size", session.settings.geometry.fontSize)
        result.add("theme", session.settings.theme.name)
        result.add("bookmarks", session.bookmarkPages.map(Double.init))
        result.add("controls", objects: session.describedControls.map(\.json))
        return result
    }
}
