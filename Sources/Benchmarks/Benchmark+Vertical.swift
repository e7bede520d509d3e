import BookModel
import LinuxSystem
import Reader
import Typesetting

extension Benchmark {
    /// Whole-book pagination set vertically over the same set horizontally
    /// (medians of three, as the reader's background paginates), for a book
    /// set vertically; nil for a horizontal one.
    func verticalPaginateRatio(_ typesetter: Typesetter, segments: ChapterSegments) throws -> Double? {
        guard typesetter.writingMode.isVertical else { return nil }
        let vertical = try Typesetter(matching: typesetter, writingMode: .vertical)
        let horizontal = try Typesetter(matching: typesetter, writingMode: .horizontal)
        func paginate(_ setter: Typesetter) throws -> Double {
            let start = monotonicMilliseconds()
            let store = PaginationStore(segments: segments)
            try store.startPaginating(matching: setter)
            store.wait { _, complete in complete }
            return monotonicMilliseconds() - start
        }
        var ratios: [Double] = []
        // Alternated, so both see the same state of the machine.
        for _ in 0..<5 {
            let across = try paginate(horizontal)
            let down = try paginate(vertical)
            ratios.append(down / max(across, 0.001))
        }
        return BenchClock.median(ratios)
    }
}
