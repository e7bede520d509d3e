import BookModel
import BookStorage

extension Book {
    /// A plain-text book: `text` cut into paragraphs, its chapters and
    /// what its header says found.
    public init(text: DecodedText) {
        self.init(plainText: text, textHash: nil)
    }

    init(plainText text: DecodedText, textHash: UInt64?) {
        let lines = SourceLines.split(text.utf8)
        let blocks = ParagraphSplitter.split(lines: lines, utf8: text.utf8)
        self.init(text: text, paragraphs: blocks.paragraphs, chapters: blocks.chapters, metadata: blocks.metadata,
                  textHash: textHash, textMarkup: PlainTextMarkup(aozora: blocks.metadata.usesAozoraNotation))
    }

    /// Opens the plain-text book at `path`, reading at most `window` bytes
    /// of it (nil: the whole file up to `largeBookWindow`, else `largeFileWindow`).
    public static func open(path: String, window: Int? = nil) throws -> Book {
        Book(text: try BookDecoder.decode(contentsOf: path, window: window))
    }

    /// Opens the plain-text book at `path` read in `encoding`, or in the
    /// encoding detected when that is nil; at most `window` bytes of it
    /// (nil: as `open(path:window:)` says). With `structures`, the
    /// paragraphs come from there when it holds a snapshot of this text
    /// (else they are cut, and saved there).
    public static func open(path: String, window: Int? = nil, encoding: TextEncoding?,
                            structures: BookStructureStore? = nil) throws -> Book {
        let text = try BookDecoder.decode(contentsOf: path, window: window, encoding: encoding)
        guard let structures else { return Book(text: text) }
        return structures.book(of: text)
    }
}
