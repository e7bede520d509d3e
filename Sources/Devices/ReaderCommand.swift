/// What a key (or a scripted run) asks the reader to do.
public enum ReaderCommand: String, Equatable, Sendable, CaseIterable {
    case nextPage
    case previousPage
    case firstPage
    case lastPage
    case increaseFontSize
    case decreaseFontSize
    case toggleZoom
    case quit
    /// Opens or closes the menu over the page.
    case toggleMenu
    /// Opens the contents, or closes them.
    case toggleContents
    /// Opens the text settings, or closes them.
    case toggleText
    /// Opens what is chosen on the screen (a list's row).
    case activate
    /// Marks the page on screen, or unmarks it.
    case toggleBookmark
    /// Goes to the library of the book's folder, or from it back to the book.
    case openLibrary
    /// Closes the screen open over the page; nothing on the page itself.
    case closeScreen
    /// Closes the screen open over the page, or on the page quits.
    case closeScreenOrQuit
}
