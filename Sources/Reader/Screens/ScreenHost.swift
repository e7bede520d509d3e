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
    var settings: ReaderSettings { get }
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
    var currentPage: Int { get }
    var knownPages: Pagination { get }
    var pageNumbers: PageNumbers { get }
    /// The marked pages' start offsets, in book order.
    var bookmarks: [Int] { get }
    /// The bookmarks on the page on screen.
    var bookmarksOnPage: [Int] { get }
    /// The way back after a jump, while it is offered.
    var wayBack: WayBack? { get }

    /// Shows the page holding `offset`, offering the place left as the way back.
    func jump(to offset: Int)
    /// Goes back to where the last jump left.
    func goBack()
    /// Sets the book anew in these settings, keeping the place, and keeps them.
    func applyTextSettings(geometry: PageGeometry, theme: Theme, font: FontFile)
    func toggleBookmark()
    /// Closes the book's screens and asks for the library.
    func requestLibrary()
    /// Opens `screen` in place of the one open (which gives way at once).
    func open(_ screen: any ReaderScreen)
    /// Closes the open screen (the menu slides out).
    func closeScreen()
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
