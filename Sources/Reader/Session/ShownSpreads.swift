import Typesetting

/// Which of the known pages the scroll view's pages show. With one column
/// each of its pages is a page; with two, pages pair from the start of the
/// book. As pages become known in front of the ones shown or after them,
/// the spreads are kept: shifted, drawn again where they grew, or paired
/// anew when the pages before them change how they pair.
struct ShownSpreads {
    private(set) var map = SpreadMap(columns: 1)

    /// What the reader does with its scroll view and buffers after pages were taken in.
    enum Change: Equatable {
        /// The pages pair otherwise now: every spread is drawn anew, and
        /// spread `show` holds the page that was first on screen.
        case paired(show: Int)
        /// `spreads` spreads came in front of the ones held (0 or more);
        /// `redraw`: spreads that gained a page, drawn again.
        case shifted(spreads: Int, redraw: [Int])
    }

    var columns: Int { map.columns }

    init(_ map: SpreadMap = SpreadMap(columns: 1)) { self.map = map }

    /// Spreads over `pageCount` known pages: at least one, blank if need be.
    func count(pageCount: Int) -> Int { max(1, map.spreadCount(pageCount: pageCount)) }

    func pages(ofSpread index: Int, pageCount: Int) -> Range<Int> { map.pages(ofSpread: index, pageCount: pageCount) }

    /// Every page spread `index` stands for, known or not.
    func pages(ofSpread index: Int) -> Range<Int> { map.pages(ofSpread: index) }

    func spread(ofPage page: Int) -> Int { map.spread(ofPage: page) }

    /// Of the pages `shown`, the one on screen: the one holding the place
    /// (`held`, the page turned or jumped to), else the first in reading order.
    static func page(among shown: Range<Int>, holding held: Int?) -> Int {
        if shown.count > 1, let held, shown.contains(held) { return held }
        return shown.first ?? 0
    }

    /// The characters of the pages `shown` of `entries`: from the first's start to the last's end.
    static func offsets(of shown: Range<Int>, in entries: [PageEntry]) -> Range<Int> {
        guard let first = shown.first, entries.indices.contains(first), entries.indices.contains(shown.upperBound - 1)
        else { return 0..<0 }
        return entries[first].start..<entries[shown.upperBound - 1].end
    }

    /// Takes `next`, how the pages known now pair: `inserted` of them came
    /// in front, `firstShown` was the first page on screen, and
    /// `knownBefore` and `knownNow` pages were known before and are now.
    mutating func takeIn(_ next: SpreadMap, inserted: Int, firstShown: Int, knownBefore: Int, knownNow: Int) -> Change {
        let before = map
        map = next
        if next.phase != (before.phase + inserted) % next.columns {
            return .paired(show: next.spread(ofPage: firstShown + inserted))
        }
        let shift = next.spread(ofPage: firstShown + inserted) - before.spread(ofPage: firstShown)
        return .shifted(spreads: shift, redraw: grown(from: before, knownBefore: knownBefore, shift: shift, knownNow: knownNow))
    }

    /// The first and last spreads of the pages known before that held only
    /// one page where the pages known now give them two (as they are numbered now).
    private func grown(from before: SpreadMap, knownBefore: Int, shift: Int, knownNow: Int) -> [Int] {
        guard before.columns > 1, knownBefore > 0 else { return [] }
        let edges = Set([0, before.spreadCount(pageCount: knownBefore) - 1]).sorted()
        return edges.filter {
            before.pages(ofSpread: $0, pageCount: knownBefore).count < map.pages(ofSpread: $0 + shift, pageCount: knownNow).count
        }.map { $0 + shift }
    }
}
