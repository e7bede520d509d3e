extension Book {
    /// Opens the book at `path` read in `encoding`, or in the encoding
    /// detected when that is nil; at most `window` bytes of it (nil: as
    /// `open(path:window:)` says). With `structures`, the paragraphs come
    /// from there when it holds a snapshot of this text (else they are cut,
    /// and saved there).
    public static func open(path: String, window: Int? = nil, encoding: TextEncoding?,
                            structures: BookStructureStore? = nil) throws -> Book {
        let text = try BookDecoder.decode(contentsOf: path, window: window, encoding: encoding)
        guard let structures else { return Book(text: text) }
        return structures.book(of: text)
    }
}
