import BookModel

/// PDF books through MuPDF: recognised by the `%PDF-` header, each page a
/// fixed page MuPDF draws, with its text as the page's block; the outline
/// is the contents. Described for the library by the information
/// dictionary's (or XMP's) title and authors and the first page drawn small.
public struct PDFFormat: BookFormat {
    public init() {}

    public var name: String { "pdf" }
    /// The header may follow some junk; readers look for it in the first kilobyte.
    public var headLength: Int { 1024 }
    public var fileExtensions: Set<String> { ["pdf"] }
    public var descriptionVersion: Int { 1 }

    /// The library's cover is at most this size; the first page is drawn to fit it.
    static let coverBounds = (width: 400, height: 600)

    public func recognition(ofHead head: [UInt8], fileName: String) -> BookRecognition {
        let signature = Array("%PDF-".utf8)
        guard head.count >= signature.count else { return .no }
        for start in 0...(head.count - signature.count) where head[start] == signature[0] {
            if Array(head[start..<start + signature.count]) == signature { return .certain }
        }
        return .no
    }

    public func open(path: String, window: Int?) throws -> OpenedBook {
        let pages = try PDFPages(path: path)
        let book = pages.book()
        var facts = BookFacts()
        let sections = book.document?.sections ?? []
        facts.add("chapters", objects: book.chapters.map { chapter in
            var entry = BookFacts.chapter(chapter)
            // The page the entry goes to, 1-based: the last page starting at or before it.
            entry.add("page", (sections.lastIndex { $0.offsets.lowerBound <= chapter.offset } ?? 0) + 1)
            return entry
        })
        if let labels = pages.pageLabels { facts.add("page_labels", strings: labels) }
        return OpenedBook(book: book, formatName: name, trailingFacts: facts)
    }

    public func openForReading(path: String) throws -> ReadingBook {
        .sectioned(PagedBookReading(source: try PDFPages(path: path)))
    }

    public func earlyLanguage(path: String) -> EarlyLanguage {
        .named { nil }
    }

    public func describe(path: String) -> BookDescription {
        let fallback = BookDescription.title(ofPath: path)
        let document: PDFDocument
        do {
            document = try PDFDocument(path: path)
        } catch {
            return BookDescription(title: fallback, problem: error.reason)
        }
        let metadata = PDFMetadata.read(document)
        let cover = document.pageCount > 0
            ? document.png(page: 0, width: Self.coverBounds.width, height: Self.coverBounds.height) : nil
        return BookDescription(title: metadata.title ?? fallback, authors: metadata.authors, coverImage: cover)
    }

    public func problem(of error: any Error) -> String? {
        (error as? PDFError)?.reason
    }
}
