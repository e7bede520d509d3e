/// A PDF's page labels ("i", "ii", "1", "A-3"): ranges of pages from a
/// first page on, each numbered in a style from a start, after a prefix.
public enum PageLabels {
    public enum Style: Character, Sendable {
        case decimal = "D"
        case upperRoman = "R"
        case lowerRoman = "r"
        case upperLetters = "A"
        case lowerLetters = "a"
    }

    public struct Range: Sendable, Equatable {
        /// 0-based.
        public var firstPage: Int
        /// nil: the prefix alone.
        public var style: Style?
        public var prefix: String
        /// The number of the range's first page.
        public var start: Int

        public init(firstPage: Int, style: Style?, prefix: String, start: Int) {
            self.firstPage = firstPage
            self.style = style
            self.prefix = prefix
            self.start = start
        }
    }

    /// The label of each of `pageCount` pages; nil when `ranges` is empty.
    /// Pages before the first range have none ("").
    public static func labels(pageCount: Int, ranges: [Range]) -> [String]? {
        let sorted = ranges.filter { (0..<pageCount).contains($0.firstPage) }.sorted { $0.firstPage < $1.firstPage }
        guard !sorted.isEmpty else { return nil }
        var labels = [String](repeating: "", count: pageCount)
        for (number, range) in sorted.enumerated() {
            let end = number + 1 < sorted.count ? sorted[number + 1].firstPage : pageCount
            for page in range.firstPage..<end {
                labels[page] = range.prefix + numeral(max(1, range.start) + page - range.firstPage, style: range.style)
            }
        }
        return labels
    }

    static func numeral(_ value: Int, style: Style?) -> String {
        switch style {
        case nil: return ""
        case .decimal: return String(value)
        case .upperRoman: return roman(value)
        case .lowerRoman: return roman(value).lowercased()
        case .upperLetters: return letters(value)
        case .lowerLetters: return letters(value).lowercased()
        }
    }

    /// Roman numerals; thousands as repeated M (as PDF readers write them).
    static func roman(_ value: Int) -> String {
        let digits: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                       (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        // A hostile start would make a label of millions of Ms.
        var rest = min(value, 100_000), text = ""
        for (size, digit) in digits {
            while rest >= size {
                text += digit
                rest -= size
            }
        }
        return text
    }

    /// A to Z, then AA to ZZ, and so on: the letter repeated.
    static func letters(_ value: Int) -> String {
        let bounded = min(value, 26 * 100)
        let letter = Character(Unicode.Scalar(UInt8(65 + (bounded - 1) % 26)))
        return String(repeating: letter, count: (bounded - 1) / 26 + 1)
    }
}
