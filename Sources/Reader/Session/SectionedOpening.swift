import BookModel
import Typesetting

extension ReadingBook {
    /// What the book's reading state is kept under.
    public var stateKey: String {
        switch self {
        case let .whole(book): StateStore.key(of: book)
        case let .sectioned(reading): reading.stateKey
        }
    }
}

/// A book opened a section at a time, shown from the section holding the
/// place opened while the whole book is read on a thread of its own.
struct PendingWholeBook {
    let reading: SectionedBookReading
    /// Where the section shown lies in the whole book, for footers.
    let enclosing: EnclosingBook

    /// The section shown is where the whole book starts: its page numbers are the book's.
    var startsTheBook: Bool { enclosing.charactersBefore == 0 }

    /// The pages of the section shown, numbered as they will be in the
    /// whole book: its pages before and in all estimated from its own
    /// characters per page.
    func estimate(_ pages: inout Pagination) {
        guard let last = pages.pages.last else { return }
        let perPage = Double(max(1, last.end - (pages.pages.first?.start ?? 0))) / Double(pages.pages.count)
        pages.pagesBefore = Int((Double(enclosing.charactersBefore) / perPage).rounded())
        pages.pagesBeforeIsEstimate = !startsTheBook
        pages.estimatedPageCount = max(pages.pagesBefore + pages.pages.count,
                                       Int((Double(enclosing.length) / perPage).rounded()))
        pages.enclosingBook = enclosing
    }
}

/// Opening a book of sections: the section holding the saved place (a
/// place is its section and an offset in it, see `BookPlace`) is read
/// alone and its page shown, while the whole book is read on a thread of
/// its own. The whole book is taken in as soon as it is read, or at the
/// first input (which waits for it): everything a person can reach (the
/// contents, the slider, bookmarks, other chapters) sees the whole book,
/// and places saved are the whole book's.
public enum SectionedOpening {
    /// The section a book of sections opened at `start` shows first, to be
    /// read ahead; nil when the start needs the whole book.
    public static func firstSection(of reading: SectionedBookReading, start: ReaderStart, stateStore: StateStore?) -> Int? {
        firstPlace(in: reading, start: start, stateStore: stateStore)?.place.section
    }

    /// What a session opening `opening` at `start` shows first: a book of
    /// sections opened at its saved place, or at its start, shows that
    /// section's page before the others are read (`pending` names the
    /// whole book); any other start (a page number, an offset into the
    /// book) needs the whole book first.
    static func firstShown(of opening: ReadingBook, start: ReaderStart,
                           stateStore: StateStore?) -> (book: Book, start: ReaderStart, pending: PendingWholeBook?) {
        let reading: SectionedBookReading
        switch opening {
        case let .whole(book): return (book, start, nil)
        case let .sectioned(sectioned): reading = sectioned
        }
        guard let first = firstPlace(in: reading, start: start, stateStore: stateStore) else {
            return (reading.waitForWholeBook(), start, nil)
        }
        let part = reading.book(ofSection: first.place.section)
        let characters = part.text.scalarCount
        var enclosing = reading.estimatedPlace(ofSection: first.place.section, characters: characters)
        // The place saved with the same styles knows where its section starts and the book's length exactly.
        if let saved = first.saved, let place = saved.place, place.section == first.place.section,
           let length = saved.characters, place.offset <= saved.offset {
            let before = saved.offset - place.offset
            enclosing = (before, max(length, before + characters))
        }
        let pending = PendingWholeBook(reading: reading, enclosing: EnclosingBook(charactersBefore: enclosing.charactersBefore,
                                                                                  length: enclosing.length))
        return (part, .offset(part.offset(of: first.place) ?? 0), pending)
    }

    /// The place a book of sections opens at without the whole book: its
    /// saved place (with the state it came from), or its first page; nil
    /// when the start needs the whole book (a page number, an offset past
    /// the start, a state file from before places, or one that cannot be used).
    static func firstPlace(in reading: SectionedBookReading, start: ReaderStart,
                           stateStore: StateStore?) -> (place: BookPlace, saved: ReadingState?)? {
        let first = BookPlace(section: reading.firstShownSection, offset: 0)
        guard reading.sectionCount > 0, reading.isShown(section: first.section) else { return nil }
        switch start {
        case .offset(0):
            return (first, nil)
        case .savedPlace:
            guard let stateStore else { return (first, nil) }
            switch stateStore.load(book: reading.stateKey) {
            case .none:
                return (first, nil)
            case let .found(state):
                guard let place = state.place, reading.isShown(section: place.section) else { return nil }
                return (place, state)
            case .ignored:
                // The whole book's opening reports it.
                return nil
            }
        default:
            return nil
        }
    }
}
