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

/// A paragraph of the decoded text.
public struct Paragraph: Sendable, Equatable {
    public var style: ParagraphStyle
    /// Byte range into the decoded UTF-8.
    public var bytes: Range<Int>
    /// Scalar offsets into the decoded text, end exclusive.
    public var scalars: Range<Int>
}

/// An entry of the table of contents.
public struct Chapter: Sendable, Equatable, Codable {
    public var title: String
    /// Scalar offset of the heading in the decoded text.
    public var offset: Int
}

/// A decoded book cut into paragraphs, with its chapters.
public struct Book: Sendable {
    public let text: DecodedText
    public let paragraphs: [Paragraph]
    public let chapters: [Chapter]

    public init(text: DecodedText) {
        self.text = text
        let lines = SourceLines.split(text.utf8)
        let blocks = ParagraphSplitter.split(lines: lines, utf8: text.utf8)
        self.paragraphs = blocks.paragraphs
        self.chapters = blocks.chapters
    }

    /// Files up to this size are read whole; a larger one opens on a
    /// window of this many bytes from its start, cut at a paragraph.
    public static let largeBookWindow = 8 << 20

    /// Opens the book at `path`, reading at most `window` bytes of it.
    public static func open(path: String, window: Int = largeBookWindow) throws -> Book {
        Book(text: try BookDecoder.decode(contentsOf: path, window: window))
    }

    /// False when the book is a window of a larger file.
    public var isComplete: Bool { text.isComplete }

    /// The decoded text of a paragraph as a String.
    public func string(of paragraph: Paragraph) -> String {
        String(decoding: text.utf8[paragraph.bytes], as: UTF8.self)
    }
}
