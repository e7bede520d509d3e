import BookModel
import Threading

/// A PDF's outline (as contents) and page labels, each read once, on
/// whichever thread first asks: reading the outline resolves every entry's
/// page, which a long document's first page need not wait for.
final class DocumentNavigation: @unchecked Sendable {
    private let document: PDFDocument
    private let lock = Condition()
    private var readContents: [ContentsEntry]?
    private var readLabels: [String]??

    init(_ document: PDFDocument) {
        self.document = document
    }

    var contents: [ContentsEntry] {
        lock.withLock {
            if let readContents { return readContents }
            let pageCount = document.pageCount
            let entries = document.outline().compactMap { entry -> ContentsEntry? in
                guard let page = entry.page, page < pageCount, !entry.title.isEmpty else { return nil }
                return ContentsEntry(title: entry.title, level: entry.level, target: PDFPages.pageName(page))
            }
            readContents = entries
            return entries
        }
    }

    var pageLabels: [String]? {
        lock.withLock {
            if let readLabels { return readLabels }
            let labels = PageLabels.labels(pageCount: document.pageCount, ranges: document.pageLabelRanges())
            readLabels = .some(labels)
            return labels
        }
    }
}
