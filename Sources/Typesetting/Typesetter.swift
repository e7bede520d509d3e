/// Typesets a book for one geometry and font: pagination and page layout.
/// Not thread-safe (it owns FreeType and HarfBuzz objects); a thread that
/// lays out pages in the background makes its own.
public final class Typesetter {
    public let book: Book
    public let geometry: PageGeometry
    public let fonts: FontSet
    /// BCP 47 language for line breaking rules, or nil for the default.
    public let language: String?

    public init(book: Book, geometry: PageGeometry, font: FontFile, language: String? = nil) throws {
        try geometry.validate()
        self.book = book
        self.geometry = geometry
        self.fonts = try FontSet(file: font, geometry: geometry)
        self.language = language
    }

    /// Paginates the whole book.
    public func paginate(collectText: Bool = false) -> Pagination {
        var paginator = Paginator(typesetter: self, collectText: collectText)
        while !paginator.step(paragraphs: 256) {}
        return paginator.result
    }
}
