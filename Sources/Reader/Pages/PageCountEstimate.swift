import BookModel
import Typesetting

/// Page numbers and counts while only some chapter segments are paginated:
/// the known segments' own counts, and for the others their rough counts
/// (`ChapterSegments.roughPageCounts`) scaled by how the rough counts did
/// on the known ones.
struct PageCountEstimate {
    let rough: [Double]

    init(segments: ChapterSegments, geometry: PageGeometry) {
        rough = segments.roughPageCounts(at: geometry)
    }

    /// Pages before segment `index`, `known` giving each known segment's count.
    func pages(before index: Int, known: [Int?]) -> Int {
        sum(known[..<index].indices, known: known, scale: scale(known))
    }

    /// Pages of the whole book.
    func total(known: [Int?]) -> Int { sum(known.indices, known: known, scale: scale(known)) }

    private func sum(_ indices: Range<Int>, known: [Int?], scale: Double) -> Int {
        Int(indices.reduce(0.0) { $0 + (known[$1].map(Double.init) ?? rough[$1] * scale) }.rounded())
    }

    /// Pages of evidence the rough counts are trusted as much as: a chapter
    /// or two paginated barely moves the scale (one odd chapter, a letter
    /// or a list, would skew it), the whole book decides it.
    static let trustedPages = 30.0

    /// Actual pages over rough pages over the known segments, leaning to 1
    /// while few are known.
    private func scale(_ known: [Int?]) -> Double {
        var actual = Self.trustedPages, estimated = Self.trustedPages
        for (index, count) in known.enumerated() {
            guard let count else { continue }
            actual += Double(count)
            estimated += rough[index]
        }
        return actual / estimated
    }
}
