import BookModel

/// The chapter a place in the book is in: the last entry of the contents
/// that starts at or before it, whatever its level.
public struct ChapterTitles: Sendable {
    private let chapters: [Chapter]

    public init(book: Book) {
        chapters = book.chapters.sorted { $0.offset < $1.offset }
    }

    /// The book has a table of contents.
    public var isEmpty: Bool { chapters.isEmpty }

    /// The title of the chapter holding scalar `offset`; nil before the first.
    public func title(at offset: Int) -> String? {
        var low = 0, high = chapters.count
        while low < high {
            let middle = (low + high) / 2
            if chapters[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : chapters[low - 1].title
    }
}
