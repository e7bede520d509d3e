import BookModel
import Reader
import Search

/// The figures of `bench` for finding words in a book's text.
extension Benchmark {
    /// Searches timed for each figure, the median taken.
    static let searchRuns = 7
    /// A word on nearly every line of an English book.
    static let commonQuery = "the"
    /// A word War and Peace has twice: the search goes through the whole
    /// book for almost nothing.
    static let rareQuery = "thermometer"

    /// Every hit of a common word (`search_ms`) and of a rare one
    /// (`search_rare_ms`), each listed as a results screen lists it: the
    /// hit's place in the book, the words around it and its chapter. Each
    /// run searches a book not searched before, so it includes folding the
    /// text, which the first search of a visitor pays.
    func measureSearch(of book: Book, into result: inout JSONLine) {
        var hitCount = 0
        let chapters = ChapterTitles(book: book)
        func listEveryHit(of query: String) -> Double {
            BenchClock.medianTime(Self.searchRuns) {
                var listed = 0
                for hit in BookSearch(text: book.text).hits(of: query) {
                    let context = HitContext(of: hit, in: book)
                    // Counted, so that the context is not optimised away.
                    listed += context.hit.count > 0 || chapters.title(at: hit.scalars.lowerBound) != nil ? 1 : 0
                }
                hitCount = listed
            }
        }
        result.add("search_ms", listEveryHit(of: Self.commonQuery))
        result.add("search_hits", hitCount)
        result.add("search_rare_ms", listEveryHit(of: Self.rareQuery))
        result.add("search_rare_hits", hitCount)
    }
}
