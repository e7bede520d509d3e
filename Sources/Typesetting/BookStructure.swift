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

/// A paragraph of the decoded text. Offsets are stored in 32 bits (20
/// bytes a paragraph, not 40: a long novel has some 16,000 of them, kept
/// for the whole session); a decoded text stays far below 4 GB.
public struct Paragraph: Sendable, Equatable {
    public var style: ParagraphStyle
    private var byteStart: UInt32, byteEnd: UInt32
    private var scalarStart: UInt32, scalarEnd: UInt32

    public init(style: ParagraphStyle, bytes: Range<Int>, scalars: Range<Int>) {
        self.style = style
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
