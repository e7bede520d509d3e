/// Finds the lines a paragraph of the book was set in, among the lines
/// the reader placed, and how each of them ends: at a space, inside a
/// word with a hyphen the typesetter added, or inside a word without one.
struct AttributedLine {
    var text: String
    /// Left and right ink edges in pixels.
    var extent: ClosedRange<Double>
    var endsInsideWord: Bool
    var addedHyphen: Bool
}

enum LineAttribution {
    static let hyphens: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{AD}"]

    /// The lines of the paragraph whose text is `paragraph`, in order; nil
    /// when its lines are not found as a run of consecutive lines.
    static func lines(of paragraph: String, in book: ObservedBook) -> [AttributedLine]? {
        let source = Array(squeezed(paragraph).unicodeScalars)
        var all: [(text: String, extent: ClosedRange<Double>)] = []
        for page in book.pages {
            for (index, line) in page.lines.enumerated() {
                all.append((line, index < page.extents.count ? page.extents[index] : 0...0))
            }
        }
        guard !source.isEmpty else { return nil }
        for start in all.indices {
            if let found = match(source, lines: all[start...]) { return found }
        }
        return nil
    }

    /// Lines from the first of `lines` that spell `source` exactly.
    private static func match(_ source: [Unicode.Scalar], lines: ArraySlice<(text: String, extent: ClosedRange<Double>)>)
        -> [AttributedLine]? {
        var position = 0
        var result: [AttributedLine] = []
        for line in lines {
            var text = Array(squeezed(line.text).unicodeScalars)
            guard !text.isEmpty else { return nil }
            var addedHyphen = false
            if !source[position...].starts(with: text) {
                guard let last = text.last, hyphens.contains(last), source[position...].starts(with: text.dropLast()) else {
                    return nil
                }
                text.removeLast()
                addedHyphen = true
            }
            position += text.count
            var endsInsideWord = false
            if position < source.count {
                if source[position] == " " { position += 1 } else if let last = text.last, !hyphens.contains(last) {
                    endsInsideWord = true
                }
            }
            result.append(AttributedLine(text: line.text, extent: line.extent, endsInsideWord: endsInsideWord || addedHyphen,
                                         addedHyphen: addedHyphen))
            if position >= source.count { return result }
        }
        return nil
    }

    /// Lower-cased, soft hyphens dropped, runs of white space as one space, none at the ends.
    static func squeezed(_ text: String) -> String {
        let kept = String(text.lowercased().unicodeScalars.filter { $0 != "\u{AD}" })
        return kept.split(whereSeparator: { $0.isWhitespace || $0 == "\u{2028}" }).joined(separator: " ")
    }
}
