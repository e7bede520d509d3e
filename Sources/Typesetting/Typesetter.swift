import BookModel

/// Typesets a book for one geometry and font: pagination and page layout.
/// Not thread-safe (it owns FreeType, HarfBuzz, ICU and libhyphen
/// objects); a thread that lays out pages in the background makes its own.
public final class Typesetter {
    public let book: Book
    /// Each page's geometry: the screen's, or a page of a spread (`spread`).
    public let geometry: PageGeometry
    /// The screen the pages are shown on, as given.
    public let screenGeometry: PageGeometry
    /// How many pages the screen shows side by side, as chosen; nil: the
    /// screen is one page as given.
    public let columnChoice: ColumnChoice?
    /// The screen cut into pages as `columnChoice` makes it for this book and font.
    public let spread: SpreadLayout
    /// Pages progress right to left: a spread's first page is on the right.
    public let spreadsRightToLeft: Bool
    /// The book's pages may be shown two side by side (reflowed, set horizontally).
    public let setsSpreads: Bool
    public let fonts: FontSet
    /// BCP 47 language for line breaking, hyphenation and shaping: the one
    /// given, else detected from the text; nil when neither says.
    public let language: String?
    public let lineBreaking: LineBreaking
    let services: TextServices
    /// Paragraphs laid out for pages lately (pagination does not use it).
    let pageParagraphs = ParagraphLayoutCache()
    /// Where the long paragraphs laid out so far are cut into windows.
    let paragraphWindows = ParagraphWindowsCache()
    /// Paragraphs no page shows: a structured book's sections reached by links only.
    let offPageParagraphs: [Range<Int>]
    /// Spreads and laid-out pages' typesetters, for a book with fixed pages.
    let fixedPages = FixedPageMemo()
    /// The reader's choice, and the mode the book is set in as that makes it (`WritingModes`).
    public let writingModeChoice: WritingModeChoice
    public let writingMode: WritingMode
    /// A structured book's sections set in a vertical mode, in order.
    let verticalSections: [(paragraphs: Range<Int>, mode: WritingMode)]
    /// The geometry columns are set in as lines (nil: the page is too small to set vertically).
    let columnGeometry: PageGeometry?

    /// `hyphenation: false` breaks lines only between words;
    /// `fontFallback: false` shows what the main font lacks as .notdef.
    /// `hyphenationPreload` gives patterns loaded meanwhile, when they are for the book's language.
    /// `geometry` is the screen's; `columns` says whether it shows pages in
    /// spreads of two (nil: one page, its geometry as given).
    public init(book: Book, geometry: PageGeometry, font: FontFile, language: String? = nil,
                lineBreaking: LineBreaking = .optimal, hyphenation: Bool = true, fontFallback: Bool = true,
                hyphenationPreload: HyphenationPreload? = nil, writingMode: WritingModeChoice = .auto,
                columns: ColumnChoice? = nil) throws {
        try geometry.validate()
        self.book = book
        screenGeometry = geometry
        columnChoice = columns
        self.fonts = try FontSet(file: font, geometry: geometry, usesFallback: fontFallback)
        // A structured book names its language; a text file's is found from its text.
        let named = book.document == nil ? nil : book.metadata.language
        let language = language ?? named ?? Self.detectLanguage(of: book.text, preload: hyphenationPreload)
        self.language = language
        self.lineBreaking = lineBreaking
        services = TextServices(language: language, hyphenation: hyphenation && Self.setsText(book), preload: hyphenationPreload)
        offPageParagraphs = book.offPageParagraphs
        writingModeChoice = writingMode
        (self.writingMode, verticalSections) = Self.writingModes(of: book, choice: writingMode, columns: geometry.columnGeometry)
        let vertical = self.writingMode.isVertical || !verticalSections.isEmpty
        (spread, spreadsRightToLeft, setsSpreads) = Self.spread(of: book, screen: geometry, columns: columns, fonts: fonts,
                                                   language: language, vertical: vertical, choice: writingMode)
        self.geometry = spread.page
        columnGeometry = spread.page.columnGeometry
    }

    /// Some page of the book is set from its text: a book whose pages are
    /// all pictures (a PDF, a comic) loads no hyphenation patterns.
    private static func setsText(_ book: Book) -> Bool {
        guard let sections = book.document?.sections, !sections.isEmpty else { return true }
        return sections.contains { section in
            guard let page = section.fixedPage else { return true }
            if case .laidOut = page.content { return true }
            return false
        }
    }

    /// The book's language, as the preload found it on the same sample when it did.
    private static func detectLanguage(of text: DecodedText, preload: HyphenationPreload?) -> String? {
        if let preload, case let .some(found) = preload.detectedLanguage(of: text) { return found }
        return LanguageDetector.detect(in: text)
    }

    /// A typesetter for another thread, or another page size, with the same
    /// book, font and settings, sharing what is read-only (the language
    /// found, the hyphenation patterns) instead of loading it again. With
    /// `book`, for another book of the same language (a whole book read
    /// after some of its sections).
    public init(matching other: Typesetter, geometry: PageGeometry? = nil, book: Book? = nil,
                writingMode: WritingModeChoice? = nil, columns: ColumnChoice? = nil) throws {
        let geometry = geometry ?? other.screenGeometry
        try geometry.validate()
        let book = book ?? other.book
        self.book = book
        screenGeometry = geometry
        columnChoice = columns ?? other.columnChoice
        fonts = try FontSet(file: other.fonts.file, geometry: geometry, usesFallback: other.fonts.usesFallback,
                            sharingFilesWith: other.fonts)
        language = other.language
        lineBreaking = other.lineBreaking
        services = TextServices(matching: other.services)
        offPageParagraphs = book.offPageParagraphs
        let choice = writingMode ?? other.writingModeChoice
        writingModeChoice = choice
        (self.writingMode, verticalSections) = Self.writingModes(of: book, choice: choice, columns: geometry.columnGeometry)
        let vertical = self.writingMode.isVertical || !verticalSections.isEmpty
        (spread, spreadsRightToLeft, setsSpreads) = Self.spread(of: book, screen: geometry, columns: columnChoice, fonts: fonts,
                                                   language: language, vertical: vertical, choice: choice)
        self.geometry = spread.page
        columnGeometry = spread.page.columnGeometry
    }

    /// The paragraphs no page shows that start at `index`, if any.
    func offPageRun(at index: Int) -> Range<Int>? {
        offPageParagraphs.isEmpty ? nil : offPageParagraphs.first { $0.contains(index) }
    }

    /// Paginates the whole book.
    public func paginate(collectText: Bool = false) -> Pagination {
        var paginator = Paginator(typesetter: self, collectText: collectText)
        while !paginator.step(paragraphs: 256) {}
        return paginator.result
    }
}
