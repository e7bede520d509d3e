import BookModel

/// Pagination of only the part of a book needed to show a page, for books
/// too large to paginate before the first page appears. The page count is
/// then an estimate from the bytes paginated so far, shown as "~N".
extension Typesetter {
    /// Paginates until page `index` (0-based) is final or the text ends.
    /// On a book that is a window of its file, or when stopped before the
    /// end, the result carries an estimated page count for the whole file.
    public func paginate(through index: Int) -> Pagination {
        var paginator = Paginator(typesetter: self)
        // A sample of text beyond the page keeps one odd page (a title, a
        // table of contents) from skewing the estimate.
        while paginator.result.pages.count <= index + 1 || (paginator.result.pages.last?.start ?? 0) < Self.estimateSample {
            if paginator.step(paragraphs: 1) { break }
        }
        var result = paginator.result
        if !paginator.isFinished || !book.isComplete {
            result.estimatedPageCount = Self.estimatePageCount(result, book: book, finished: paginator.isFinished)
        }
        return result
    }

    /// Characters paginated at least before a page count is estimated.
    static let estimateSample = 200_000

    /// Pages per source byte so far, scaled to the whole file.
    static func estimatePageCount(_ pagination: Pagination, book: Book, finished: Bool) -> Int {
        let pages = pagination.pages
        let text = book.text
        // Unfinished, the last page is still growing: count the pages before it.
        let counted = finished ? pages.count : max(1, pages.count - 1)
        let scalarsCounted = finished ? text.scalarCount : (pages.last?.start ?? text.scalarCount)
        let sourceCounted = Double(text.sourceBytesDecoded) * Double(max(1, scalarsCounted)) / Double(max(1, text.scalarCount))
        let estimate = Double(counted) * Double(text.sourceByteCount) / max(1, sourceCounted)
        return max(pages.count, Int(estimate.rounded()))
    }
}

extension Pagination {
    /// The footer of page `index`: "12 / 340 · 3%", or "12 / ~25000 · 0%"
    /// when the page count is an estimate, "~812 / ~1700 · 48%" when the
    /// pages before are not known yet either.
    public func footer(forPage index: Int, of book: Book) -> String {
        let text = book.text
        let counted = pagesBefore + pages.count
        var total = "\(counted)"
        var percent: Int
        if let estimate = estimatedPageCount ?? (text.isComplete ? nil : Self.windowEstimate(counted, text)) {
            total = "~\(estimate)"
            // Offsets count characters of the window; scale them to the file.
            let fraction = Double(pages[index].end) / Double(max(1, text.scalarCount))
                * Double(text.sourceBytesDecoded) / Double(max(1, text.sourceByteCount))
            percent = Int(fraction * 100)
        } else {
            percent = index == pages.count - 1 ? 100 : pages[index].end * 100 / max(1, text.scalarCount)
        }
        if let enclosing = enclosingBook {
            percent = (enclosing.charactersBefore + pages[index].end) * 100 / max(1, enclosing.length)
        }
        percent = min(100, max(0, percent))
        let number = pagesBefore + index + 1
        return "\(pagesBeforeIsEstimate ? "~" : "")\(number) / \(total) · \(percent)%"
    }

    private static func windowEstimate(_ count: Int, _ text: DecodedText) -> Int {
        max(count, Int((Double(count) * Double(text.sourceByteCount) / Double(max(1, text.sourceBytesDecoded))).rounded()))
    }
}

/// Where the text of a book that is some sections of a larger one lies in
/// that one: characters before it, and the larger one's length.
public struct EnclosingBook: Sendable, Equatable {
    public var charactersBefore: Int
    public var length: Int

    public init(charactersBefore: Int, length: Int) {
        self.charactersBefore = charactersBefore
        self.length = length
    }
}
