import Threading

/// What a format of fixed pages (PDF, comics) gives for each of its pages.
public protocol PagedBookSource: AnyObject, Sendable {
    /// What the book's reading state is kept under.
    var stateKey: String { get }
    /// `.pdf` or `.comic`.
    var format: DocumentFormat { get }
    var pageCount: Int { get }
    var metadata: BookMetadata { get }
    var pageProgression: PageProgression { get }
    var resources: DocumentResources? { get }
    /// The contents; targets are page names (`pageName(_:)`).
    var contents: [ContentsEntry] { get }
    /// Page `index` (0-based) and, `withText`, the text it carries ("" for none).
    func page(_ index: Int, withText: Bool) -> (page: FixedPage, text: String)
    /// Starts reading page `index` on a thread, for `page(_:withText: false)`
    /// soon after, and drawing it as it will be shown alone on `screen`.
    func readAhead(_ index: Int, screen: PageGeometry)
}

extension PagedBookSource {
    public func readAhead(_ index: Int, screen: PageGeometry) {}

    /// The section name of page `index`, which links and contents target.
    public static func pageName(_ index: Int) -> String { "page\(index + 1)" }

    /// The book of pages `range` (the whole book by default), each a fixed
    /// page section whose block is the page's text (`withText`, else a
    /// placeholder); stops early, keeping the pages read, when `stopped` says so.
    public func book(pages range: Range<Int>? = nil, withText: Bool = true, stopped: () -> Bool = { false }) -> Book {
        let range = range ?? 0..<pageCount
        var builder = DocumentBuilder()
        for index in range {
            if stopped() { break }
            let (page, text) = page(index, withText: withText)
            builder.beginSection(name: Self.pageName(index), fixedPage: page)
            builder.append(.paragraph, style: BlockStyle(), text: text.isEmpty ? "\u{FFFC}" : text)
        }
        let partial = range != 0..<pageCount
        return builder.build(metadata: metadata, contents: partial ? [] : contents, format: format, resources: resources,
                             pageProgression: pageProgression, stateKey: stateKey, firstSection: range.lowerBound,
                             isPartial: partial)
    }
}

/// A book of fixed pages opened a page at a time: the page to show is made
/// at once, and the whole book (every page's text) on a thread of its own.
public final class PagedBookReading: SectionedBookReading, @unchecked Sendable {
    private let source: any PagedBookSource
    private let whole: BackgroundRead<Book>

    public init(source: any PagedBookSource) {
        self.source = source
        whole = BackgroundRead(name: "book pages") { stopped in
            let book = source.book(stopped: stopped)
            return stopped() ? nil : book
        }
    }

    public var stateKey: String { source.stateKey }
    public var sectionCount: Int { source.pageCount }
    public var firstShownSection: Int { 0 }

    public func isShown(section index: Int) -> Bool { (0..<sectionCount).contains(index) }

    /// The page alone, without its text: the page is shown at once, and
    /// what it says comes with the whole book a moment later.
    public func book(ofSection index: Int) -> Book {
        source.book(pages: min(max(0, index), max(0, sectionCount - 1))..<min(max(1, index + 1), sectionCount),
                    withText: false)
    }

    public func readAhead(section index: Int, screen: PageGeometry) { source.readAhead(index, screen: screen) }

    /// Pages are alike: each takes its share of the book.
    public func estimatedPlace(ofSection index: Int, characters: Int) -> (charactersBefore: Int, length: Int) {
        (index * max(1, characters), max(characters, sectionCount * max(1, characters)))
    }

    public func startReadingWholeBook() { whole.start() }
    public var wholeBookIfRead: Book? { whole.valueIfRead }
    public func waitForWholeBook() -> Book { whole.wait() }
    public func stopReading() { whole.stop() }
}
