import BookModel

extension BlockAttributes {
    /// Keeps what falls in `window` of the block's characters (a window of
    /// a long block, `ParagraphWindows`), its offsets made relative to the
    /// window's start.
    mutating func keep(_ window: Range<Int>) {
        let runs = markup.runs
        // Runs are ascending and disjoint: the first that reaches the window is found by halving.
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= window.lowerBound { low = mid + 1 } else { high = mid }
        }
        var kept: [StyledRun] = []
        for run in runs[low...] {
            guard run.range.lowerBound < window.upperBound else { break }
            kept.append(StyledRun(range: Self.rebased(run.range, to: window), style: run.style))
        }
        markup.runs = kept
        markup.hidden = markup.hidden.filter { $0.overlaps(window) }.map { Self.rebased($0, to: window) }
        markup.rubies = markup.rubies.filter { $0.base.overlaps(window) && window.contains($0.reading.lowerBound) }
            .map { RubyAnnotation(base: Self.rebased($0.base, to: window), reading: Self.rebased($0.reading, to: window)) }
        links = links.filter { $0.range.overlaps(window) }.map { link in
            var link = link
            link.range = Self.rebased(link.range, to: window)
            return link
        }
    }

    private static func rebased(_ range: Range<Int>, to window: Range<Int>) -> Range<Int> {
        let clamped = range.clamped(to: window)
        return (clamped.lowerBound - window.lowerBound)..<(clamped.upperBound - window.lowerBound)
    }
}
