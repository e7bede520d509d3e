/// How a paragraph is set.
public enum ParagraphStyle: String, Sendable, Codable {
    /// Prose: source line breaks are spaces, lines are justified.
    case body
    /// Verse, tables, indented blocks: source line breaks are kept.
    case preserved
    /// A chapter heading: starts a new page, centred, kept lines.
    case heading
    /// An entry of a table of contents: set like verse, but a run of
    /// entries forms one compact list.
    case contents
}

/// What a paragraph is besides its style: where it sits in the book and
/// how its block is set.
public struct ParagraphTraits: OptionSet, Sendable, Equatable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Before the book itself (a Project Gutenberg header, Aozora Bunko's
    /// notes on its notation): set in a smaller size.
    public static let frontMatter = ParagraphTraits(rawValue: 1 << 0)
    /// After the book (a licence, the source's colophon): set smaller too.
    public static let backMatter = ParagraphTraits(rawValue: 1 << 1)
    /// The paragraph begins a new page.
    public static let startsPage = ParagraphTraits(rawValue: 1 << 2)
    /// Every line centred (a title page).
    public static let centred = ParagraphTraits(rawValue: 1 << 3)

    public var isMatter: Bool { !isDisjoint(with: [.frontMatter, .backMatter]) }
}

/// A paragraph of the decoded text. Offsets are stored in 32 bits (20
/// bytes a paragraph, not 40: a long novel has some 16,000 of them, kept
/// for the whole session); a decoded text stays far below 4 GB.
public struct Paragraph: Sendable, Equatable {
    public var style: ParagraphStyle
    public var traits: ParagraphTraits = []
    /// Every line indented by this many ems (Aozora Bunko's 字下げ).
    public var blockIndent: UInt8 = 0
    private var byteStart: UInt32, byteEnd: UInt32
    private var scalarStart: UInt32, scalarEnd: UInt32

    public init(style: ParagraphStyle, bytes: Range<Int>, scalars: Range<Int>, traits: ParagraphTraits = []) {
        self.style = style
        self.traits = traits
        byteStart = UInt32(bytes.lowerBound)
        byteEnd = UInt32(bytes.upperBound)
        scalarStart = UInt32(scalars.lowerBound)
        scalarEnd = UInt32(scalars.upperBound)
    }

    /// Byte range into the decoded UTF-8.
    public var bytes: Range<Int> { Int(byteStart)..<Int(byteEnd) }
    /// Scalar offsets into the decoded text, end exclusive.
    public var scalars: Range<Int> { Int(scalarStart)..<Int(scalarEnd) }
}

/// An entry of the table of contents.
public struct Chapter: Sendable, Equatable, Codable {
    public var title: String
    /// Scalar offset of the heading in the decoded text.
    public var offset: Int
    /// 1 for the top level; 2 for chapters under volumes, books or parts.
    public var level: Int

    public init(title: String, offset: Int, level: Int = 1) {
        self.title = title
        self.offset = offset
        self.level = level
    }
}

/// What a book says about itself (a Project Gutenberg header, the first
/// lines of an Aozora Bunko file).
public struct BookMetadata: Sendable, Equatable {
    public var title: String?
    public var authors: [String] = []
    /// BCP 47 code, when the book names its language.
    public var language: String?
    /// Scalar offset of the book itself, after a header (0 without one).
    public var bodyStart = 0
    /// The text is in Aozora Bunko's notation: `《》` are ruby, not the
    /// title marks Chinese uses, and `［＃...］` annotations.
    public var usesAozoraNotation = false

    public init(title: String? = nil, authors: [String] = [], language: String? = nil, bodyStart: Int = 0) {
        self.title = title
        self.authors = authors
        self.language = language
        self.bodyStart = bodyStart
    }
}

/// A decoded book cut into paragraphs, with its chapters: what every
/// format makes of a file and typesetting reads.
public struct Book: Sendable {
    public let text: DecodedText
    public let paragraphs: [Paragraph]
    public let chapters: [Chapter]
    public let metadata: BookMetadata
    /// What a structured format (EPUB) gives besides paragraphs; nil for a text file.
    public let document: BookDocument?
    /// `ByteHash.hash64` of the text, when found while opening: the book's
    /// reading state is kept under it.
    public let textHash: UInt64?
    /// The markup written in the text itself, found as each paragraph is
    /// laid out (a plain-text convention's italics); nil: none.
    public let textMarkup: (any TextMarkupReading)?

    public init(text: DecodedText, paragraphs: [Paragraph], chapters: [Chapter], metadata: BookMetadata,
                document: BookDocument? = nil, textHash: UInt64? = nil, textMarkup: (any TextMarkupReading)? = nil) {
        self.text = text
        self.paragraphs = paragraphs
        self.chapters = chapters
        self.metadata = metadata
        self.document = document
        self.textHash = textHash
        self.textMarkup = textMarkup
    }

    /// Files up to this size are read whole by the reader and the commands.
    public static let largeBookWindow = 8 << 20
    /// A file larger than `largeBookWindow` opens on this many bytes from
    /// its start, cut at a paragraph. Reading, decoding and splitting cost
    /// in proportion to the window, and the first page waits for them: on a
    /// small machine the larger window doubled it.
    public static let largeFileWindow = 4 << 20

    /// False when the book is a window of a larger file.
    public var isComplete: Bool { text.isComplete }

    /// The decoded text of a paragraph as a String.
    public func string(of paragraph: Paragraph) -> String {
        String(decoding: text.utf8[paragraph.bytes], as: UTF8.self)
    }
}

/// Markup a format writes in a paragraph's own characters (plain text's
/// `_italics_`, Aozora Bunko's ruby), read when the paragraph is laid out
/// rather than for the whole book when it opens.
public protocol TextMarkupReading: Sendable {
    /// The markup of a paragraph's characters.
    func markup(of scalars: [UInt32]) -> InlineMarkup
}
