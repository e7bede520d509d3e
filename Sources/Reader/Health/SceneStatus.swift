/// What a scene shows, for the service's status line and the metrics.
public struct SceneStatus: Equatable, Sendable {
    /// The book on screen (nil in the library): its path, title and page, from 1.
    public var bookPath: String?
    public var title: String?
    public var page: Int?
    /// The books the library lists, when the reader has a library.
    public var libraryBooks: Int?

    public init(bookPath: String? = nil, title: String? = nil, page: Int? = nil, libraryBooks: Int? = nil) {
        self.bookPath = bookPath
        self.title = title
        self.page = page
        self.libraryBooks = libraryBooks
    }

    /// `systemctl status`'s line: "Reading Emma, page 12", "Library, 7
    /// books"; nil for a scene with nothing to say (the trace, an error page).
    public var line: String? {
        if let bookPath, let page {
            let name = title ?? bookPath.split(separator: "/").last.map(String.init) ?? bookPath
            return "Reading \(name), page \(page)"
        }
        if let libraryBooks { return "Library, \(libraryBooks) book\(libraryBooks == 1 ? "" : "s")" }
        return nil
    }
}
