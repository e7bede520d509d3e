/// A book opened from a library: the menu's Library (and `l`) asks to go
/// back there; the scene that holds both rooms takes the request.
extension ReaderSession {
    /// True when the book was opened from a library, so the menu offers it.
    public var offersLibrary: Bool {
        get { screens.hasLibrary }
        set { screens.hasLibrary = newValue }
    }

    /// Closes whatever is open over the page and asks for the library.
    func requestLibrary() {
        guard screens.hasLibrary else { return }
        screens.list = nil
        screens.textPanelOpen = false
        overlay.isVisible = false
        screens.libraryRequested = true
        needsFrame = true
    }

    /// Saves the position even when it did not move: a book opened and
    /// left again was read last all the same (the library lists it first).
    func saveAsRead() {
        savedOffset = nil
        saveNow()
    }

    /// True once after the library was asked for.
    func takeLibraryRequest() -> Bool {
        defer { screens.libraryRequested = false }
        return screens.libraryRequested
    }
}
