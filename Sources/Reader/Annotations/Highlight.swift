import BookModel
import Languages

/// The colours a highlight may have.
public enum HighlightColor: String, Codable, CaseIterable, Sendable {
    case yellow, green, blue, pink
}

/// Whether highlights and notes are made and kept: kept with the book,
/// kept until a kiosk's idle reset (a visitor's never reach the next), or
/// not offered at all.
public enum NotesPolicy: String, Sendable, CaseIterable {
    case keep, session, off
}

/// A passage marked in a colour, with a note or none, kept with the
/// book's place: by scalar offsets, which no layout changes, and for a
/// book of sections by the places of its ends as well (section and
/// offset, which hold when the book's styles change other sections).
public struct Highlight: Codable, Equatable, Sendable {
    public var start: Int
    public var end: Int
    public var color: HighlightColor
    public var note: String?
    /// The passage, for the list, the export and a book whose text moved.
    public var text: String
    public var startPlace: BookPlace?
    public var endPlace: BookPlace?
    /// When it was made and last changed, in seconds since the epoch, by
    /// the state store's clock (absent in files from before them).
    public var made: Double?
    public var changed: Double?

    public init(start: Int, end: Int, color: HighlightColor, note: String? = nil, text: String,
                startPlace: BookPlace? = nil, endPlace: BookPlace? = nil, made: Double? = nil, changed: Double? = nil) {
        self.start = start
        self.end = end
        self.color = color
        self.note = note
        self.text = text
        self.startPlace = startPlace
        self.endPlace = endPlace
        self.made = made
        self.changed = changed
    }

    public var range: Range<Int> { start..<max(start, end) }

    /// Kept with the places of its ends in `book` (a book of sections).
    func placed(in book: Book) -> Highlight {
        var placed = self
        if book.document != nil {
            placed.startPlace = book.place(of: start)
            placed.endPlace = book.place(of: end)
        }
        return placed
    }

    /// Where it is in `book`: by its places when it has them and the book
    /// is one of sections, else by its offsets; nil when it is not there
    /// (a section not read yet, a book shorter than it).
    func located(in book: Book) -> Highlight? {
        var found = self
        if book.document != nil, let startPlace, let endPlace {
            guard let start = book.offset(of: startPlace), let end = book.offset(of: endPlace) else { return nil }
            (found.start, found.end) = (start, end)
        } else if book.document?.isPartial == true {
            return nil
        }
        guard found.start >= 0, found.start < found.end, found.end <= book.text.scalarCount else { return nil }
        return found
    }
}

extension Array where Element == Highlight {
    /// `added` among these in book order, merged with those of its colour it overlaps or touches.
    func adding(_ added: Highlight, text: (Range<Int>) -> String) -> (highlights: [Highlight], index: Int) {
        var merged = added
        var kept: [Highlight] = []
        for highlight in self {
            if highlight.color == added.color, highlight.start <= merged.end, merged.start <= highlight.end {
                merged.start = Swift.min(merged.start, highlight.start)
                merged.end = Swift.max(merged.end, highlight.end)
                merged.note = [highlight.note, merged.note].compactMap { $0 }.joined(separator: "\n").nilIfEmpty
                merged.made = [highlight.made, merged.made].compactMap { $0 }.min()
            } else {
                kept.append(highlight)
            }
        }
        merged.text = text(merged.range)
        let index = kept.firstIndex { ($0.start, $0.end) > (merged.start, merged.end) } ?? kept.count
        kept.insert(merged, at: index)
        return (kept, index)
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension HighlightColor {
    /// The colour's name in the interface's language.
    func name(in catalog: MessageCatalog) -> String {
        switch self {
        case .yellow: catalog.localized(context: "a highlight's colour", "Yellow")
        case .green: catalog.localized(context: "a highlight's colour", "Green")
        case .blue: catalog.localized(context: "a highlight's colour", "Blue")
        case .pink: catalog.localized(context: "a highlight's colour", "Pink")
        }
    }
}
