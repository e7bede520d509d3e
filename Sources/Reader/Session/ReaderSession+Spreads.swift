import Typesetting

/// The spreads the reader holds as pages become known around them.
extension ReaderSession {
    /// The first and last spreads of the `known` pages paired by `map` held
    /// only one page where the pages found since give them two: their
    /// buffers are drawn again with both (`shift`: spreads put in front).
    func redrawGrownSpreads(known: Int, map: SpreadMap, shift: Int) {
        guard map.columns > 1, known > 0 else { return }
        let count = pages.window.pages.count
        let edges = Set([0, map.spreadCount(pageCount: known) - 1])
        for spread in edges where map.pages(ofSpread: spread, pageCount: known).count
            < spreadMap.pages(ofSpread: spread + shift, pageCount: count).count {
            cache.redraw(spread + shift, pagination: knownPages)
            needsFrame = true
        }
    }
}
