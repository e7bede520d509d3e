/// A place in a structured book by its section: the section's index in
/// the whole book and a character offset in the section's text. It needs
/// no other section to be read, and stays where it was when the text of
/// other sections changes length (a book's styles turned on or off).
public struct BookPlace: Sendable, Equatable, Codable {
    public var section: Int
    public var offset: Int

    public init(section: Int, offset: Int) {
        self.section = section
        self.offset = offset
    }
}

extension Book {
    /// The place of scalar offset `offset`: its section (counted in the
    /// whole book) and where in it; nil for a book without sections.
    public func place(of offset: Int) -> BookPlace? {
        guard let document, !document.sections.isEmpty else { return nil }
        let sections = document.sections
        var low = 0, high = sections.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sections[middle].offsets.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        let section = sections[low]
        let inside = min(max(0, offset - section.offsets.lowerBound), section.offsets.count)
        return BookPlace(section: document.firstSection + low, offset: inside)
    }

    /// The scalar offset of `place` in this book (an offset past its
    /// section's end is its end); nil when the book does not hold its section.
    public func offset(of place: BookPlace) -> Int? {
        guard let document else { return nil }
        let index = place.section - document.firstSection
        guard document.sections.indices.contains(index) else { return nil }
        let section = document.sections[index]
        return section.offsets.lowerBound + min(max(0, place.offset), section.offsets.count)
    }
}

/// A structured book opened a section at a time: the section holding the
/// place to show is read at once into a book of its own (its
/// `BookDocument.isPartial`), and the whole book on a thread of its own,
/// which the reader takes in once it is read. Offsets over the whole book
/// are known only then; until then places (`BookPlace`) say where a page is.
public protocol SectionedBookReading: AnyObject, Sendable {
    /// What the book's reading state is kept under (`BookDocument.stateKey`).
    var stateKey: String { get }
    /// The sections of the whole book.
    var sectionCount: Int { get }
    /// The section a book opened for the first time shows first.
    var firstShownSection: Int { get }
    /// Whether a page shows section `index` (it is not reached by links only).
    func isShown(section index: Int) -> Bool
    /// A book of section `index` alone, read on the caller's thread.
    func book(ofSection index: Int) -> Book
    /// Reads section `index` ahead for `book(ofSection:)` to give at once;
    /// a format that draws its own pages may draw it for `screen` too.
    func readAhead(section index: Int, screen: PageGeometry)
    /// Where section `index` of `characters` characters lies in the whole
    /// book, estimated before it is read: characters before it and in all.
    func estimatedPlace(ofSection index: Int, characters: Int) -> (charactersBefore: Int, length: Int)
    /// Starts reading the whole book on a thread of its own (once).
    func startReadingWholeBook()
    /// The whole book once it is read; nil until then.
    var wholeBookIfRead: Book? { get }
    /// The whole book, waiting for it (reading it here if no thread could be started).
    func waitForWholeBook() -> Book
    /// The whole book is no longer wanted: reading stops at the next section.
    func stopReading()
}
