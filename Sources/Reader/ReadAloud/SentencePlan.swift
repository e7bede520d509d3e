import BookModel
import Speech

/// A sentence to say: its characters in the book (scalar offsets; nil for
/// words of the interface), its text and the language of its voice.
struct PlannedSentence: Equatable {
    let range: Range<Int>?
    let text: String
    let language: String
}

/// The book's sentences from a place on, found a few paragraphs at a time
/// as reading goes on (a long book is never broken into sentences whole);
/// or words of the interface, said once.
struct SentencePlan {
    let book: Book?
    private(set) var sentences: [PlannedSentence] = []
    private var nextParagraph: Int
    private let start: Int

    /// Sentences from the one holding `offset` on.
    init(book: Book, from offset: Int) {
        self.book = book
        start = offset
        nextParagraph = book.paragraphs.firstIndex { $0.scalars.upperBound > offset } ?? book.paragraphs.count
    }

    /// `text` alone, in `language`'s voice.
    init(saying text: String, language: String) {
        book = nil
        start = 0
        nextParagraph = 0
        sentences = [PlannedSentence(range: nil, text: text, language: language)]
    }

    /// A paragraph's language (an EPUB's `xml:lang`), else the book's, else English.
    static func language(of paragraph: Int, in book: Book) -> String {
        let blocks = book.document?.blocks ?? []
        let own = blocks.indices.contains(paragraph) ? blocks[paragraph].style.language : nil
        return own ?? book.metadata.language ?? "en"
    }

    var isFinished: Bool { nextParagraph >= (book?.paragraphs.count ?? 0) }

    /// Plans paragraphs until at least `count` sentences are known (or the book ends).
    mutating func extend(toAtLeast count: Int) {
        guard let book else { return }
        while sentences.count < count, !isFinished {
            let index = nextParagraph
            let paragraph = book.paragraphs[index]
            nextParagraph += 1
            let language = Self.language(of: index, in: book)
            let scalars = Array(book.string(of: paragraph).unicodeScalars)
            let base = paragraph.scalars.lowerBound
            for sentence in SentenceBreaks.sentences(in: scalars.map(\.value), language: language) {
                // The spaces around a sentence are neither said nor marked.
                var first = sentence.lowerBound, last = sentence.upperBound
                while first < last, scalars[first].properties.isWhitespace { first += 1 }
                while last > first, scalars[last - 1].properties.isWhitespace { last -= 1 }
                guard first < last, base + last > start else { continue }
                sentences.append(PlannedSentence(range: base + first..<base + last,
                                                 text: String(String.UnicodeScalarView(scalars[first..<last])),
                                                 language: language))
            }
        }
    }
}
