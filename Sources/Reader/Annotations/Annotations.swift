import BookModel
import Languages
import Raster
import Search

/// What is marked on the book's pages: the selection a long press makes
/// and the search hit last gone to, over the highlights kept with the
/// book. One feature that owns its state; the session lays its marks over
/// the pages whenever they change.
final class Annotations {
    /// The characters selected; nil when nothing is.
    private(set) var selection: Range<Int>?
    /// The hit of the last search a result of which was tapped.
    private(set) var searchHit: Range<Int>?
    /// The search a result of which was gone to, and which of its hits is marked.
    private(set) var search: (results: SearchResults, hit: Int)?

    /// Colours of what is marked, multiplied into a light page's paper.
    static let selectionColor: UInt32 = 0x9C_C8_FF
    static let searchHitColor: UInt32 = 0xFF_C0_60

    /// The sentence being read aloud, marked apart from the others.
    var spokenSentence: Range<Int>?
    static let spokenSentenceColor: UInt32 = 0xB0_F0_B0

    func select(_ range: Range<Int>?) {
        selection = range.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Marks hit `index` of `results` (a result tapped); its characters.
    @discardableResult
    func goTo(hit index: Int, of results: SearchResults) -> Range<Int>? {
        guard results.rows.indices.contains(index) else { return nil }
        search = (results, index)
        searchHit = results.rows[index].hit.scalars
        return searchHit
    }

    /// Marks the hit `step` after (before) the one marked, taking more of
    /// the search's hits from `book` when it runs past those listed; its
    /// characters, nil at either end.
    func stepHit(by step: Int, in book: Book, chapters: ChapterTitles) -> Range<Int>? {
        guard let (results, hit) = search else { return nil }
        while hit + step >= results.rows.count, !results.isComplete { results.advance(in: book, chapters: chapters) }
        return goTo(hit: hit + step, of: results)
    }

    /// "3 of 120" for the hit marked ("3 of 120+" while more are to be found).
    func hitPosition(_ catalog: MessageCatalog) -> String? {
        search.map {
            catalog.localized("%1$d of %2$s", $0.hit + 1, catalog.number($0.results.rows.count) + ($0.results.isComplete ? "" : "+"))
        }
    }

    /// A kiosk's visitor has gone: the selection and the search go too.
    func forgetVisitor() {
        selection = nil
        forgetSearch()
    }

    /// The search's marks go (a new search).
    func forgetSearch() {
        search = nil
        searchHit = nil
    }

    /// The marks to lay over the pages: `highlights` under the search hit under the selection.
    func marks(highlights: [TextMark]) -> [TextMark] {
        highlights + [spokenSentence.map { TextMark(range: $0, color: Self.spokenSentenceColor) },
                      searchHit.map { TextMark(range: $0, color: Self.searchHitColor) },
                      selection.map { TextMark(range: $0, color: Self.selectionColor) }].compactMap { $0 }
    }
}
