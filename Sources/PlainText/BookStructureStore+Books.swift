import BookModel
import BookStorage

extension BookStructureStore {
    /// The book of `text`, from its snapshot when there is one, else cut
    /// here and its snapshot saved.
    public func book(of text: DecodedText) -> Book {
        let hash = text.utf8.withUnsafeBytes(ByteHash.hash64)
        if let found = load(text: text, hash: hash) { return found }
        let book = Book(plainText: text, textHash: hash)
        save(book, hash: hash)
        return book
    }

    func load(text: DecodedText, hash: UInt64) -> Book? {
        guard let bytes = snapshot(forHash: hash) else { return nil }
        return bytes.withUnsafeBytes {
            BookStructureSnapshot.decode($0, text: text, textHash: hash, program: Self.programIdentity)
        }
    }

    @discardableResult
    func save(_ book: Book, hash: UInt64) -> Bool {
        save(snapshot: BookStructureSnapshot.encode(book, textHash: hash, program: Self.programIdentity), forHash: hash)
    }
}
