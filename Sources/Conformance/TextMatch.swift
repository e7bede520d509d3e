/// Comparing what a page shows with what a test says it must: case and
/// white space do not count (CSS may change case; lines break anywhere).
enum TextMatch {
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "\u{2028}" }).joined(separator: " ")
    }

    /// Without white space at all, for text that lines may cut anywhere.
    static func compact(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "\u{AD}" })
    }

    static func shows(_ page: String, _ phrase: String) -> Bool {
        compact(page).contains(compact(phrase))
    }

    /// Where `phrase` starts in the compacted text, if it is there.
    static func position(of phrase: String, in text: String, from first: Int = 0) -> Int? {
        let haystack = Array(compact(text).unicodeScalars), needle = Array(compact(phrase).unicodeScalars)
        guard !needle.isEmpty, first + needle.count <= haystack.count else { return nil }
        for start in first...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<start + needle.count]) == needle { return start }
        }
        return nil
    }
}
