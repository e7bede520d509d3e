extension Book {
    /// Opens the book at `path` read in `encoding`, or in the encoding
    /// detected when that is nil; at most `window` bytes of it.
    public static func open(path: String, window: Int = largeBookWindow, encoding: TextEncoding?) throws -> Book {
        Book(text: try BookDecoder.decode(contentsOf: path, window: window, encoding: encoding))
    }
}
