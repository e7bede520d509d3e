/// Finds the lines a paragraph of the book was set in, among the lines
/// the reader placed, and how each of them ends: at a space, inside a
/// word with a hyphen the typesetter added, or inside a word without one.
struct AttributedLine {
    var text: String
    /// Left and right ink edges in pixels.
    var extent: ClosedRange<Double>
    var endsInsideWord: Bool
    var addedHyphen: Bool
    /// The line ends where the source has a soft hyphen.
    var atSoftHyphen: Bool
}

enum LineAttribution {
    static let hyphens: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{AD}"]

    /// The lines of the book's first block whose text starts with `prefix`.
    static func lines(ofBlockStartingWith prefix: String, in book: ObservedBook) -> [AttributedLine]? {
        guard let full = book.book else { return nil }
        let wanted = squeezed(prefix)
        for (index, paragraph) in full.paragraphs.enumerated() {
            let text = full.string(of: paragraph)
            guard squeezed(text).hasPrefix(wanted) else { continue }
            var marker = ""
            if case let .listItem(itemMarker)? = full.document?.blocks[index].kind { marker = itemMarker }
            return lines(of: text, marker: marker, in: book)
        }
        return nil
    }

    /// The lines of the paragraph whose text is `paragraph`, in order; nil
    /// when its lines are not found as a run of consecutive lines. A list
    /// item's first line shows its `marker` before its text.
    static func lines(of paragraph: String, marker: String = "", in book: ObservedBook) -> [AttributedLine]? {
        let (source, softHyphens) = squeezedMarkingSoftHyphens(marker.isEmpty ? paragraph : marker + " " + paragraph)
        var all: [(text: String, extent: ClosedRange<Double>)] = []
        for page in book.pages {
            for (index, line) in page.lines.enumerated() {
                all.append((line, index < page.extents.count ? page.extents[index] : 0...0))
            }
        }
        guard !source.isEmpty else { return nil }
        for start in all.indices {
            if let found = match(source, softHyphens: softHyphens, lines: all[start...]) { return found }
        }
        return nil
    }

    /// Lines from the first of `lines` that spell `source` exactly.
    private static func match(_ source: [Unicode.Scalar], softHyphens: Set<Int>,
                              lines: ArraySlice<(text: String, extent: ClosedRange<Double>)>) -> [AttributedLine]? {
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
            let atSoftHyphen = softHyphens.contains(position)
            var endsInsideWord = false
            if position < source.count {
                if source[position] == " " { position += 1 } else if let last = text.last, !hyphens.contains(last) {
                    endsInsideWord = true
                }
            }
            result.append(AttributedLine(text: line.text, extent: line.extent, endsInsideWord: endsInsideWord || addedHyphen,
                                         addedHyphen: addedHyphen, atSoftHyphen: atSoftHyphen))
            if position >= source.count { return result }
        }
        return nil
    }

    /// The squeezed text's characters, and the positions in them where
    /// the source had a soft hyphen.
    static func squeezedMarkingSoftHyphens(_ text: String) -> (scalars: [Unicode.Scalar], softHyphens: Set<Int>) {
        var scalars: [Unicode.Scalar] = []
        var softHyphens: Set<Int> = []
        var pendingSpace = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "\u{AD}" { softHyphens.insert(scalars.count); continue }
            if scalar.properties.isWhitespace || scalar == "\u{2028}" { pendingSpace = !scalars.isEmpty; continue }
            if pendingSpace { scalars.append(" "); pendingSpace = false }
            scalars.append(scalar)
        }
        return (scalars, softHyphens)
    }

    /// Lower-cased, soft hyphens dropped, runs of white space as one space, none at the ends.
    static func squeezed(_ text: String) -> String {
        String(String.UnicodeScalarView(squeezedMarkingSoftHyphens(text).scalars))
    }
}
