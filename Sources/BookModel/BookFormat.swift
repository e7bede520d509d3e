/// A kind of book file: how it is recognised, opened and described. The
/// format registry asks every format it lists; nothing else chooses one.
public protocol BookFormat: Sendable {
    /// The format's name as `info` prints it ("text", "epub").
    var name: String { get }
    /// How many of a file's first bytes `recognition(ofHead:fileName:)` looks at.
    var headLength: Int { get }
    /// The extensions (lower case, without the dot) files of this format
    /// usually have: a tie-breaker, and the library lists such files
    /// whatever their bytes (a book still being copied, or one that cannot
    /// be read, is shown with the reason).
    var fileExtensions: Set<String> { get }
    /// How sure the format is that a file is one of its own, from its
    /// first bytes (`headLength` of them, fewer for a short file); the file
    /// name only breaks a tie.
    func recognition(ofHead head: [UInt8], fileName: String) -> BookRecognition
    /// Opens the file at `path` as a book; at most `window` bytes of a
    /// large file where the format reads a window (nil: the format's own
    /// choice).
    func open(path: String, window: Int?) throws -> OpenedBook
    /// Opens the file at `path` as the reader reads it: whole, or a
    /// section at a time.
    func openForReading(path: String) throws -> ReadingBook
    /// The book's language before it is opened, for what loads beside
    /// the book (hyphenation patterns).
    func earlyLanguage(path: String) -> EarlyLanguage
    /// What the library shows of the file, reading only a bounded head of
    /// it; never throws: a file that cannot be read is described with the reason.
    func describe(path: String) -> BookDescription
    /// Why a file of this format could not be opened, in a few words
    /// without its path, when `error` is one this format throws; else nil.
    func problem(of error: any Error) -> String?
    /// Bumped when what `describe` returns changes, so what was kept of it is made anew.
    var descriptionVersion: Int { get }
    /// Whether a folder given as the book is one of this format's (a folder of images).
    var readsFolders: Bool { get }
}

extension BookFormat {
    public var readsFolders: Bool { false }
}

/// How sure a format is that a file is one of its own.
public enum BookRecognition: Int, Comparable, Sendable {
    /// Not this format.
    case no = 0
    /// Anything not recognised otherwise may be this format (plain text).
    case fallback = 1
    /// The bytes fit, and the name is this format's too.
    case fallbackNamed = 2
    /// The bytes are a container several formats are made of (a zip
    /// archive) without the mark of one of them: the name decides.
    case container = 3
    /// Such a container, and the name is this format's.
    case containerNamed = 4
    /// The bytes say so (a signature).
    case certain = 5

    public static func < (lhs: BookRecognition, rhs: BookRecognition) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A book as a format opened it, with what the format says of it beyond
/// the book model: `info` prints `leadingFacts` before the model's own
/// keys and `trailingFacts` after them.
public struct OpenedBook: Sendable {
    public var book: Book
    public var formatName: String
    public var leadingFacts: BookFacts
    public var trailingFacts: BookFacts

    public init(book: Book, formatName: String, leadingFacts: BookFacts = BookFacts(), trailingFacts: BookFacts = BookFacts()) {
        self.book = book
        self.formatName = formatName
        self.leadingFacts = leadingFacts
        self.trailingFacts = trailingFacts
    }
}

/// A book opened for the reader.
public enum ReadingBook: Sendable {
    case whole(Book)
    case sectioned(any SectionedBookReading)
}

/// What a format knows of a book's language before it is opened, each
/// way read only when asked (on a start-up thread).
public enum EarlyLanguage: Sendable {
    /// The language the file names (an EPUB's package), if any.
    case named(@Sendable () -> String?)
    /// The start of the text, decoded as the book will be, to find the
    /// language in; nil when it cannot be read.
    case detected(fromSample: @Sendable () -> DecodedText?)
}

/// What the library shows of a book file before it is opened.
public struct BookDescription: Equatable, Sendable {
    public var title: String
    public var authors: [String]
    /// The bytes of the book's own cover image, if it has one.
    public var coverImage: [UInt8]?
    /// BCP 47, when the book names its language.
    public var language: String?
    /// Why the book cannot be opened, in a few words; nil when it can.
    public var problem: String?

    public init(title: String, authors: [String] = [], coverImage: [UInt8]? = nil, language: String? = nil,
                problem: String? = nil) {
        self.title = title
        self.authors = authors
        self.coverImage = coverImage
        self.language = language
        self.problem = problem
    }

    /// The file's name without its folder and extension: the title of a book that names none.
    public static func title(ofPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension of a file name in lower case, without the dot ("" for none).
    public static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// Facts a format states about a book, in the order they are printed.
public struct BookFacts: Sendable {
    public indirect enum Value: Sendable {
        case int(Int)
        case bool(Bool)
        case string(String)
        case null
        case strings([String])
        case facts(BookFacts)
        case list([BookFacts])
    }

    public private(set) var entries: [(key: String, value: Value)] = []

    public init() {}

    public mutating func add(_ key: String, _ value: Value) { entries.append((key, value)) }
    public mutating func add(_ key: String, _ value: Int) { add(key, .int(value)) }
    public mutating func add(_ key: String, _ value: Bool) { add(key, .bool(value)) }
    public mutating func add(_ key: String, _ value: String) { add(key, .string(value)) }
    public mutating func add(_ key: String, orNull value: String?) { add(key, value.map(Value.string) ?? .null) }
    public mutating func add(_ key: String, strings: [String]) { add(key, .strings(strings)) }
    public mutating func add(_ key: String, objects: [BookFacts]) { add(key, .list(objects)) }
}

extension BookFacts {
    /// A chapter as `{"title", "offset", "level"}`.
    public static func chapter(_ chapter: Chapter) -> BookFacts {
        var entry = BookFacts()
        entry.add("title", chapter.title)
        entry.add("offset", chapter.offset)
        entry.add("level", chapter.level)
        return entry
    }
}
