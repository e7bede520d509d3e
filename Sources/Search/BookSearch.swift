import BookModel

/// Finds queries in one book's text. The text is folded for a way of
/// matching on the first search that needs it, a chunk at a time as that
/// search goes on, and kept for the searches after it (each way of
/// matching and of treating white space has its own folded copy).
///
///     let search = BookSearch(text: book.text)
///     for hit in search.hits(of: "natasha") { ... hit.scalars ... }
///
/// Not for several threads at once: a screen makes it, or hands it to the
/// one thread that searches, which a `SearchCancellation` stops.
public final class BookSearch {
    private let source: [UInt8]
    private var folded: [FoldingKey: FoldedText] = [:]

    private struct FoldingKey: Hashable {
        var matching: SearchMatching
        var whitespace: WhitespaceFolding
    }

    public init(text: DecodedText) {
        source = text.utf8
    }

    /// The hits of `query` in book order, found as they are asked for, not
    /// overlapping (the next is looked for after the end of the last). Any
    /// run of white space in the query matches any run in the text, line
    /// ends included; a query with Chinese characters in it (hanzi, kanji)
    /// ignores white space altogether. A query with nothing but white
    /// space has no hits.
    public func hits(of query: String, matching: SearchMatching = .ignoringCaseAndAccents,
                     cancellation: SearchCancellation? = nil) -> SearchHits {
        let whitespace: WhitespaceFolding = query.unicodeScalars.contains { Self.isHan($0.value) } ? .removed : .collapsed
        let key = FoldingKey(matching: matching, whitespace: whitespace)
        let text: FoldedText
        if let known = folded[key] {
            text = known
        } else {
            text = FoldedText(source: source, matching: matching, whitespace: whitespace)
            folded[key] = text
        }
        return SearchHits(text: text, finder: SubstringFinder(needle: text.fold(query: query)), cancellation: cancellation)
    }

    /// The CJK Unified Ideographs, their extensions and compatibility forms.
    static func isHan(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: true
        default: false
        }
    }
}

/// A place a query was found: the book's characters it covers.
public struct SearchHit: Sendable, Equatable {
    /// Scalar offsets into the book's decoded text, end exclusive (the
    /// offsets `paginate` gives pages).
    public let scalars: Range<Int>
    /// The same characters as bytes of the decoded UTF-8.
    public let bytes: Range<Int>

    public init(scalars: Range<Int>, bytes: Range<Int>) {
        self.scalars = scalars
        self.bytes = bytes
    }
}

/// The hits of one query, found one at a time as they are asked for: the
/// first comes after folding as much of the book as it takes to reach it.
/// Stopping early (or cancelling) leaves the rest unsearched.
public struct SearchHits: Sequence, IteratorProtocol {
    private let text: FoldedText
    private let finder: SubstringFinder
    private let cancellation: SearchCancellation?
    /// Where in the folded text the next hit is looked for.
    private var from = 0

    init(text: FoldedText, finder: SubstringFinder, cancellation: SearchCancellation?) {
        self.text = text
        self.finder = finder
        self.cancellation = cancellation
    }

    public mutating func next() -> SearchHit? {
        let length = finder.needle.count
        guard length > 0 else { return nil }
        while cancellation?.isCancelled != true {
            if let found = text.find(finder, from: from) {
                from = found + length
                let source = text.sourceRange(of: found..<from)
                return SearchHit(scalars: source.scalars, bytes: source.bytes)
            }
            if text.isComplete { return nil }
            // A hit may begin in the last bytes folded and end in the next chunk.
            from = Swift.max(from, text.units.count - length + 1)
            text.extend()
        }
        return nil
    }
}
