import BookModel
import Search

/// One query's hits as the search screen lists them: found a batch at a
/// time, each frame taking the next batch, so the first rows show in the
/// frame after the query and the rest stream in while the list is read.
final class SearchResults {
    struct Row: Equatable {
        let hit: SearchHit
        let context: HitContext
        /// The chapter the hit is in, when the book has contents.
        let chapter: String?
    }

    let query: String
    private var hits: SearchHits?
    private(set) var rows: [Row] = []

    /// Hits taken a frame: enough for a screen of rows at once, few
    /// enough that a frame with them stays short.
    static let batch = 200

    init(query: String, hits: SearchHits) {
        self.query = query
        self.hits = hits
    }

    /// Every hit is listed.
    var isComplete: Bool { hits == nil }

    /// Takes the next batch of hits from `book`.
    func advance(in book: Book, chapters: ChapterTitles) {
        guard var pending = hits else { return }
        for _ in 0..<Self.batch {
            guard let hit = pending.next() else {
                hits = nil
                return
            }
            rows.append(Row(hit: hit, context: HitContext(of: hit, in: book),
                            chapter: chapters.title(at: hit.scalars.lowerBound)))
        }
        hits = pending
    }
}

/// What the search screen keeps of a book between its openings: the
/// folded text searches go through and the chapters hits are named by.
final class BookSearchIndex {
    let search: BookSearch
    let chapters: ChapterTitles

    init(book: Book) {
        search = BookSearch(text: book.text)
        chapters = ChapterTitles(book: book)
    }
}
