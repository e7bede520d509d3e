import BookModel
import Raster
import Typesetting

/// What a screen over the page may read of the reader and ask of it. A
/// screen changes the book's place, its text settings, its bookmarks or
/// which screen is open only through these calls.
protocol ScreenHost: AnyObject {
    var book: Book { get }
    /// The book's file, for a title found nowhere else.
    var bookPath: String { get }
    /// Set here only for the interface's scale (`applyInterfaceScale`): the
    /// text settings change through `applyTextSettings`, which sets the book anew.
    var settings: ReaderSettings { get set }
    /// The latest time an event or a frame brought; screens animate by it.
    var screenTime: Double { get }
    /// The interface's painter, the typefaces offered and the book's title.
    var resources: ScreenResources { get }
    /// The page's typesetter and glyphs, for text set the page's way (a note).
    var renderer: PageRenderer { get }
    var menuPolicy: MenuPolicy { get }
    /// The book was opened from a library.
    var offersLibrary: Bool { get }
    /// The first character of the page on screen.
    var currentOffset: Int { get }
    /// The characters of the page on screen.
    var offsetRange: Range<Int> { get }
    /// The first page (in reading order) of the spread on screen.
    var currentPage: Int { get }
    /// The spread on screen: its layout is what points on the screen hit.
    var currentSpread: Int { get }
    var knownPages: Pagination { get }
    var pageNumbers: PageNumbers { get }
    /// The marked pages' start offsets, in book order.
    var bookmarks: [Int] { get }
    /// The bookmarks on the page on screen.
    var bookmarksOnPage: [Int] { get }
    /// The way back after a jump, while it is offered.
    var wayBack: WayBack? { get set }
    /// The book's index of the page on screen.
    var pageIndexInBook: Int { get }
    /// The frame is to be composed again.
    var needsFrame: Bool { get set }
    /// What is marked on the pages: the selection, the search hit.
    var annotations: Annotations { get }
    /// The place, bookmarks, highlights and notes kept with the book.
    var places: PlaceKeeper { get }
    /// Whether highlights and notes may be made and kept.
    var notesPolicy: NotesPolicy { get }

    /// Shows the page holding `offset`, the place from now on.
    func show(offset: Int)
    /// Sets the book anew in these settings (`writingMode`: horizontal, vertical or as the book asks), keeping the place, and keeps them.
    func applyTextSettings(geometry: PageGeometry, theme: Theme, font: FontFile, writingMode: WritingModeChoice,
                           columns: ColumnChoice?)
    /// Closes the book's screens and asks for the library.
    func requestLibrary()
    /// Opens `screen` in place of the one open (which gives way at once).
    func open(_ screen: any ReaderScreen)
    /// Closes the open screen (the menu slides out).
    func closeScreen()
    /// A warning from keeping the place, the marks or the notes, for the log.
    func warn(_ message: String?)
}

/// What screens do through the host alone: jumps, the way back, bookmarks,
/// highlights and notes.
extension ScreenHost {
    /// Shows the page holding `offset`, offering the place left as the way back.
    func jump(to offset: Int) {
        let from = (offset: currentOffset, page: pageIndexInBook + 1)
        show(offset: offset)
        wayBack = WayBack.after(jumpFrom: from, landed: currentOffset, current: wayBack)
        needsFrame = true
    }

    /// Goes back to where the last jump left.
    func goBack() {
        guard let back = wayBack else { return }
        wayBack = nil
        show(offset: back.offset)
    }

    func toggleBookmark() {
        warn(places.toggleBookmark(onPage: offsetRange, start: currentOffset, book: book))
        needsFrame = true
    }

    /// The book's highlights, in book order.
    var highlights: [Highlight] { places.highlights(in: book) }

    /// Highlights `range` (with a note); its index in `highlights`, nil when notes are off.
    @discardableResult
    func addHighlight(_ range: Range<Int>, color: HighlightColor, note: String? = nil) -> Int? {
        guard notesPolicy != .off, !range.isEmpty else { return nil }
        let (index, warning) = places.addHighlight(range, color: color, note: note, offset: currentOffset, book: book)
        warn(warning)
        needsFrame = true
        return index
    }

    /// Changes a highlight's colour or note (nil: unchanged; `.some(nil)`: the note removed).
    func updateHighlight(at index: Int, color: HighlightColor?, note: String??) {
        warn(places.updateHighlight(at: index, color: color, note: note, offset: currentOffset, book: book))
        needsFrame = true
    }

    func removeHighlight(at index: Int) {
        warn(places.removeHighlight(at: index, offset: currentOffset, book: book))
        needsFrame = true
    }
}

/// The place a jump left (offset, 1-based page number) and the page start
/// it landed on: offered as the way back until a page is turned by hand.
struct WayBack: Equatable {
    var offset: Int
    var page: Int
    var landed: Int

    /// The way back after a jump from `from` that landed on `landed`: a
    /// jump after a jump still leads back to where the first one left.
    static func after(jumpFrom from: (offset: Int, page: Int), landed: Int, current: WayBack?) -> WayBack? {
        if var current {
            current.landed = landed
            return current
        }
        return landed == from.offset ? nil : WayBack(offset: from.offset, page: from.page, landed: landed)
    }
}
