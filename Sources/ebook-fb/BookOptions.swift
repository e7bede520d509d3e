import ArgumentParser
import BookFormats
import BookModel
import BookStorage
import FoundationEssentials
import Reader
import Threading
import Typesetting

/// The options every command that typesets a book shares.
struct BookOptions: ParsableArguments {
    @Argument(help: "The book: an EPUB, a PDF, a comic (CBZ, CBT, CB7, CBR or a folder of images), or a plain-text file in UTF-8, UTF-16 or a legacy charset (detected).")
    var book: String

    @Option(name: .customLong("publisher-styles"), help: "on: an EPUB's own style sheets apply; off: only the reader's.")
    var publisherStyles: PublisherStyles = .on

    @Option(name: .long, help: "The book's charset (any name ICU knows: windows-1251, Shift_JIS, GB18030, KOI8-R...) instead of detecting it.")
    var encoding: String?

    @Option(name: .long, parsing: .unconditional, help: "Page size in pixels, WIDTHxHEIGHT.")
    var size: String = "1280x800"

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: "Body text size in pixels.")
    var fontSize: Int = 20

    @Option(name: .long, help: "A font file to use instead of DejaVu Serif found through fontconfig.")
    var font: String?

    @Option(name: .customLong("line-spacing"), parsing: .unconditional, help: "Line height as a multiple of the font size.")
    var lineSpacing: Double = 1.4

    @Option(name: .long, help: "Language of the text (BCP 47, e.g. en, de, ru) for line breaking and hyphenation; detected when not given.")
    var lang: String?

    @Option(name: .customLong("line-breaking"), help: "How body text is cut into lines: greedy (first fit) or optimal (Knuth-Plass).")
    var lineBreaking: LineBreaking = .optimal

    @Option(name: .customLong("writing-mode"), help: "auto: as the book asks (Aozora Bunko texts and books whose CSS says so vertical); horizontal or vertical for every page.")
    var writingMode: WritingModeChoice = .auto

    /// The charset given with `--encoding`, or nil to detect it; an unknown name is refused.
    func textEncoding() throws -> TextEncoding? {
        try encoding.map { name throws(BookError) in try TextEncoding.named(name) }
    }

    /// The formats reading books as these options say.
    func formats(structures: BookStructureStore? = nil) throws -> BookFormats {
        BookFormats(encoding: try textEncoding(), publisherStyles: publisherStyles == .on, structures: structures)
    }

    /// Opens the book in the given charset, or the one detected.
    func openBook(window: Int? = nil) throws -> Book {
        try openFile(window: window).book
    }

    /// Opens the book by what the file holds, in its format.
    func openFile(window: Int? = nil) throws -> OpenedBook {
        try formats().open(path: book, window: window)
    }

    func geometry() throws -> PageGeometry {
        let (width, height) = try PageGeometry.parseSize(size)
        let geometry = PageGeometry(width: width, height: height, fontSize: fontSize, lineSpacing: lineSpacing)
        try geometry.validate()
        return geometry
    }

    /// What the reader opens with: the book, read and decoded on this
    /// thread while one start-up thread looks the font up, loads the
    /// hyphenation patterns (the typesetter takes them) and makes the first
    /// page's buffer and the frame for `geometry` filled with `background`.
    /// The benchmark's first page is opened the same way. The patterns come
    /// from their snapshot in `patternSnapshots` when it holds one, and a
    /// text book's paragraphs from theirs in `bookStructures`.
    ///
    /// An EPUB is opened a section at a time: here its container and
    /// package, then the section the session will show first at `start`
    /// (its place saved in `stateStore`), read while the font is looked up.
    /// Its patterns are those of the language its package names, loaded on
    /// a second start-up thread: reading one section takes less than
    /// looking the font up, and the patterns need not wait behind it.
    func openForReading(geometry: PageGeometry, background: UInt32, patternSnapshots: HyphenationSnapshotStore?,
                        bookStructures: BookStructureStore?,
                        stateStore: StateStore? = nil, start: ReaderSession.Start = .offset(0)) throws -> ReadingStart {
        let format = try formats(structures: bookStructures).format(ofFileAt: book)
        let startup = StartupWork()
        let fontLookup = FontPreload(path: font, memo: patternSnapshots.map { FontLookupMemo(directory: $0.directory) },
                                     on: startup)
        // A language the book names is read on a second start-up thread:
        // reading one section takes less than looking the font up, and the
        // patterns need not wait behind it. Detecting it from a text's start
        // goes with the font.
        let bookLanguage = format.earlyLanguage(path: book)
        var namesItsLanguage = false
        if case .named = bookLanguage { namesItsLanguage = true }
        let patterns = namesItsLanguage ? StartupWork() : startup
        let hyphenation = HyphenationPreload(language: lang, bookLanguage: bookLanguage, snapshots: patternSnapshots,
                                             on: patterns)
        if namesItsLanguage { patterns.start(name: "start-up patterns") }
        let buffers = BufferPreparation(firstPageAndFrameOf: geometry.width, height: geometry.height, fill: background,
                                        on: startup)
        startup.start(name: "start-up loads")
        let opened = try format.openForReading(path: book)
        if case let .sectioned(reading) = opened,
           let section = SectionedOpening.firstSection(of: reading, start: start, stateStore: stateStore) {
            reading.readAhead(section: section, screen: geometry)
        }
        return ReadingStart(book: opened, font: try fontLookup.file(), hyphenation: hyphenation, buffers: buffers)
    }

    /// Opens the book (unless given one already opened) and its
    /// typesetter, its pages `columns` to a screen, failing with one line
    /// that names the problem.
    func typesetter(book opened: Book? = nil, columns: ColumnChoice? = nil) throws -> Typesetter {
        let geometry = try geometry()
        let book = try opened ?? openBook()
        return try Typesetter(book: book, geometry: geometry, font: FontSet.resolve(path: font), language: lang,
                              lineBreaking: lineBreaking, writingMode: writingMode, columns: columns)
    }
}

/// `--publisher-styles on|off`.
enum PublisherStyles: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

/// `--line-breaking greedy|optimal`; any other value is refused by name.
extension LineBreaking: ExpressibleByArgument {}

/// `--writing-mode auto|horizontal|vertical`.
extension WritingModeChoice: ExpressibleByArgument {}

/// `--pagination background|on-demand`.
extension PaginationMode: ExpressibleByArgument {}

extension HyphenationSnapshotStore {
    /// The store in `folder`, else in the reader's cache folder.
    static func inFolder(_ folder: String?) -> HyphenationSnapshotStore {
        HyphenationSnapshotStore(directory: folder ?? defaultDirectory(environment: ProcessInfo.processInfo.environment))
    }
}

extension BookStructureStore {
    /// The store in the `books` folder of `folder` (the benchmark's folder
    /// of snapshots), else in the reader's cache folder.
    static func inFolder(_ folder: String?) -> BookStructureStore {
        BookStructureStore(directory: folder.map { $0 + "/books" }
            ?? defaultDirectory(environment: ProcessInfo.processInfo.environment))
    }
}
