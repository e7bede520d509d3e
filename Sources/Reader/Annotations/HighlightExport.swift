import BookModel
import Typesetting

/// A book's highlights and notes written out in book order with the
/// chapter each is in: JSON for programs, Markdown for people (a heading
/// a chapter, each passage quoted with its note under it).
public struct HighlightExport {
    public let book: Book
    public let title: String
    public let path: String
    public let highlights: [Highlight]
    /// The book's pages at some size, to number each highlight's page in
    /// the JSON; nil: no pages are given.
    public var pages: Pagination?

    /// The highlights `state` keeps of `book` (none when it keeps none).
    public init(book: Book, path: String, state: ReadingState?) {
        self.book = book
        self.path = path
        title = ScreenResources().title(of: book, path: path)
        highlights = (state?.highlights ?? []).compactMap { $0.located(in: book) }.sorted { $0.start < $1.start }
    }

    public var json: String {
        var object = JSONLine()
        object.add("title", title)
        object.add("authors", strings: book.metadata.authors)
        object.add("path", path)
        object.add("highlights", objects: highlights.map { highlight in
            var item = JSONLine()
            item.add("chapter", book.chapterTitle(holding: highlight.start))
            if let pages, !pages.pages.isEmpty { item.add("page", pages.pageIndex(containing: highlight.start) + 1) }
            item.add("start", highlight.start)
            item.add("end", highlight.end)
            item.add("color", highlight.color.rawValue)
            item.add("text", highlight.text)
            item.add("note", orNull: highlight.note)
            return item
        })
        return object.text
    }

    public var markdown: String {
        var lines = ["# " + title, ""]
        if !book.metadata.authors.isEmpty { lines += [book.metadata.authors.joined(separator: ", "), ""] }
        var chapter: String?
        for highlight in highlights {
            let holding = book.chapterTitle(holding: highlight.start)
            if holding != chapter, !holding.isEmpty { lines += ["## " + holding, ""] }
            chapter = holding
            lines += highlight.text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }
            if let note = highlight.note { lines += [""] + note.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
