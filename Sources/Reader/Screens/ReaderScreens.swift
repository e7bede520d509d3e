import Typesetting
import Raster

/// What the reader's screens keep between frames: the loop's time as
/// last seen, the interface painter (made when first needed), the fingers
/// a screen holds, and the book's bookmarks.
final class ReaderScreens {
    /// The latest time an event or a frame brought; screens animate by it.
    var time = 0.0
    var painter: InterfacePainter?
    /// Fingers that went down on the menu's bars: the page does not see them.
    var fingersOnBars: Set<Int> = []
    /// Bookmarked places: the start offsets of the marked pages, in book order.
    var bookmarks: [Int] = []
    var bookmarksLoaded = false
    /// The book's title, found once.
    var title: String?
    /// The contents or bookmarks, while open over the book.
    var list: ListScreen?
    /// The text panel is open over the lower part of the page.
    var textPanelOpen = false
    /// The panel's control chosen with the keys (Enter applies it); nil until a key moves it.
    var textPanelFocus: String?
    /// The size chosen for this book on the text panel, kept with its position.
    var bookFontSize: Int?
    /// The typefaces the text panel offers, found when it first opens.
    var typefaces: [FontFamily]?
    /// What the menu offers (a kiosk's `MENU=`).
    var menuPolicy = MenuPolicy.full
    /// The book was opened from a library: the menu offers the way back to it.
    var hasLibrary = false
    /// Library in the menu (or `l`) was chosen: the reader goes there next.
    var libraryRequested = false
    /// A note open in its panel over the bottom of the page.
    var note: NoteScreen?
    /// Whether the book has links to follow, found at the first tap.
    var bookHasLinks: Bool?
}
