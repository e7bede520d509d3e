import CICU

/// Where the sentences of a text end, by ICU's sentence rules for its
/// language: reading aloud speaks them one at a time and highlights the
/// one being spoken.
public enum SentenceBreaks {
    /// The sentences of `scalars` (Unicode scalar values) as ranges of
    /// scalar offsets from `base`, in order, covering the whole text; the
    /// spaces after a sentence belong to it.
    public static func sentences(in scalars: [UInt32], language: String?, base: Int = 0) -> [Range<Int>] {
        guard !scalars.isEmpty else { return [] }
        // ICU counts UTF-16 units: each unit's scalar offset maps the ends back.
        var units: [UInt16] = []
        var scalarAt: [Int] = []
        units.reserveCapacity(scalars.count)
        for (index, value) in scalars.enumerated() {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            for unit in String(scalar).utf16 {
                units.append(unit)
                scalarAt.append(index)
            }
        }
        scalarAt.append(scalars.count)
        var ends = [Int32](repeating: 0, count: units.count + 1)
        // ICU's standard suppressions keep "Mr. Smith" one sentence.
        let count = ((language ?? "") + "@ss=standard").withCString { locale in
            CICU_sentenceEnds(locale, units, Int32(units.count), &ends, Int32(ends.count))
        }
        guard count > 0 else { return [base..<base + scalars.count] }
        var result: [Range<Int>] = []
        var start = 0
        for end in ends.prefix(Int(count)).map({ scalarAt[Int($0)] }) where end > start {
            result.append(base + start..<base + end)
            start = end
        }
        if start < scalars.count { result.append(base + start..<base + scalars.count) }
        return result
    }
}
