import Reader

/// How a reading ended: stopped for a reload of the kiosk's settings
/// (SIGHUP) or for good, and the book open on screen then, which the
/// kiosk reopens after a reload.
struct ReaderStop: Equatable {
    var forReload: Bool
    /// The book shown over a library, nil when the library itself was shown or there is no library.
    var bookOpenInLibrary: String?

    init(forReload: Bool, bookOpenInLibrary: String? = nil) {
        self.forReload = forReload
        self.bookOpenInLibrary = bookOpenInLibrary
    }

    init(scene: ReadingScene, forReload: Bool) {
        let library = scene as? LibraryScene
        self.init(forReload: forReload, bookOpenInLibrary: library?.status.bookPath)
    }
}
