/// Typesets a book for one geometry and font: pagination and page layout.
/// Not thread-safe (it owns FreeType, HarfBuzz, ICU and libhyphen
/// objects); a thread that lays out pages in the background makes its own.
public final class Typesetter {
    public let book: Book
    public let geometry: PageGeometry
    public let fonts: FontSet
    /// BCP 47 language for line breaking, hyphenation and shaping: the one
    /// given, else detected from the text; nil when neither says.
    public let language: String?
    public let lineBreaking: LineBreaking
    let services: TextServices

    /// `hyphenation: false` breaks lines only between words;
    /// `fontFallback: false` shows what the main font lacks as .notdef.
    public init(book: Book, geometry: PageGeometry, font: FontFile, language: String? = nil,
                lineBreaking: LineBreaking = .optimal, hyphenation: Bool = true, fontFallback: Bool = true) throws {
        try geometry.validate()
        self.book = book
        self.geometry = geometry
        self.fonts = try FontSet(file: font, geometry: geometry, usesFallback: fontFallback)
        let language = language ?? LanguageDetector.detect(String(decoding: book.text.utf8.prefix(200_000), as: UTF8.self))
        self.language = language
        self.lineBreaking = lineBreaking
        services = TextServices(language: language, hyphenation: hyphenation)
    }

    private init(book: Book, geometry: PageGeometry, fonts: FontSet, language: String?, lineBreaking: LineBreaking,
                 services: TextServices) {
        self.book = book
        self.geometry = geometry
        self.fonts = fonts
        self.language = language
        self.lineBreaking = lineBreaking
        self.services = services
    }

    /// The same book, font and language at another geometry (a font size
    /// change). It shares this one's text services (line breaking and
    /// hyphenation, the slow part to set up) rather than loading them
    /// again, so it takes this one's place on this one's thread.
    public func relaid(at geometry: PageGeometry) throws -> Typesetter {
        try geometry.validate()
        return Typesetter(book: book, geometry: geometry,
                          fonts: try FontSet(file: fonts.file, geometry: geometry, usesFallback: fonts.usesFallback),
                          language: language, lineBreaking: lineBreaking, services: services)
    }

    /// Paginates the whole book.
    public func paginate(collectText: Bool = false) -> Pagination {
        var paginator = Paginator(typesetter: self, collectText: collectText)
        while !paginator.step(paragraphs: 256) {}
        return paginator.result
    }
}
