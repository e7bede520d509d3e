import BookModel
import Typesetting

/// What the reader opens with: the book and what was loaded beside it at
/// start (the font, the hyphenation patterns, the first buffers), for the session.
public struct ReadingStart {
    public let book: ReadingBook
    public let font: FontFile
    public let hyphenation: HyphenationPreload
    public let buffers: BufferPreparation

    public init(book: ReadingBook, font: FontFile, hyphenation: HyphenationPreload, buffers: BufferPreparation) {
        self.book = book
        self.font = font
        self.hyphenation = hyphenation
        self.buffers = buffers
    }
}
