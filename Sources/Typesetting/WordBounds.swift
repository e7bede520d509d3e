import CICU

/// The word a place in a text belongs to, by ICU's word rules (and its
/// dictionaries, for Chinese, Japanese, Thai and the other scripts written
/// without spaces): what a long press selects.
public enum WordBounds {
    /// The scalar range of the word holding scalar `index` of `scalars`
    /// in `language` (a BCP 47 tag; nil for the root rules); nil when that
    /// scalar is white space or punctuation, or ICU cannot say.
    public static func word(in scalars: [Unicode.Scalar], at index: Int, language: String?) -> Range<Int>? {
        guard scalars.indices.contains(index) else { return nil }
        // UTF-16 for ICU, with each unit's scalar index to come back by.
        var units: [UInt16] = []
        var scalarOfUnit: [Int] = []
        units.reserveCapacity(scalars.count)
        for (position, scalar) in scalars.enumerated() {
            for unit in String(scalar).utf16 {
                units.append(unit)
                scalarOfUnit.append(position)
            }
        }
        guard let unitIndex = scalarOfUnit.firstIndex(of: index) else { return nil }
        var start: Int32 = 0, end: Int32 = 0
        let found = (language ?? "").withCString { locale in
            CICU_wordBounds(locale, units, Int32(units.count), Int32(unitIndex), &start, &end)
        }
        guard found == 1, start < end, Int(end) <= units.count else { return nil }
        let first = scalarOfUnit[Int(start)]
        let last = scalarOfUnit[Int(end) - 1]
        return first..<(last + 1)
    }
}
