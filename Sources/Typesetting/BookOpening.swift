extension Book {
    /// Opens the book at `path` read in `encoding`, or in the encoding
    /// detected when that is nil; at most `window` bytes of it (nil: as
    /// `open(path:window:)` says).
    public static func open(path: String, window: Int? = nil, encoding: TextEncoding?) throws -> Book {
        Book(text: try BookDecoder.decode(contentsOf: path, window: window, encoding: encoding))
    }
}
