/// How the loop reports a book: the resting announcement, and the headless
/// reader's final line (the page, zoom, offset, stalls, page buffers, pages
/// and screen; when describing, what is on screen too: the book, the
/// chapter, the page's character range, the text settings, the bookmarks'
/// page numbers and every control on screen).
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
        result.add("writing_mode", session.renderer.typesetter.writingMode.rawValue)
        result.add("bookmarks", session.bookmarkPages.map(Double.init))
        result.add("ui_scale", session.settings.interfaceScale.rawValue)
        if let selection = session.annotations.selection {
            var object = JSONLine()
            object.add("start", selection.lowerBound)
            object.add("end", selection.upperBound)
            object.add("text", session.book.excerpt(selection))
            result.add("selection", object: object)
        }
        result.add("highlights", objects: session.highlights.map { highlight in
            var object = JSONLine()
            object.add("start", highlight.start)
            object.add("end", highlight.end)
            object.add("color", highlight.color.rawValue)
            object.add("note", orNull: highlight.note)
            object.add("text", highlight.text)
            return object
        })
        result.add("controls", objects: session.describedControls.map(\.json))
        return result
    }

    /// "presented page N", and the screen open over it: "presented page N (menu)".
    static func restingDescription(of session: ReaderSession) -> String {
        let controller = session.controller
        let offset = controller.screenZoomOffset
        let geometry = session.settings.geometry
        let page = LivePacing.announcement(page: session.pageIndexInBook, zoomScale: controller.zoomScale,
                                           isZoomed: controller.isZoomed, offsetX: offset.x, offsetY: offset.y,
                                           width: geometry.width, height: geometry.height)
        return session.screenName == "reading" ? page : "\(page) (\(session.screenName))"
    }
}
