import Typesetting

/// Plain-text books (`.txt`, `.text`): the title and authors from a
/// Project Gutenberg header (or an Aozora Bunko file's first lines), else
/// from the title page (`TitlePage`), else the file's name. Only the first
/// `headLength` bytes are read and decoded.
public struct TextBookFormat: LibraryBookFormat {
    /// Enough for a Gutenberg header and a title page with its contents.
    public static let headLength = 16 * 1024
    /// The charset to read the books in; nil: each book's is detected.
    public let encoding: TextEncoding?

    public init(encoding: TextEncoding? = nil) {
        self.encoding = encoding
    }

    public func accepts(fileName: String) -> Bool {
        ["txt", "text"].contains(LibraryFileName.fileExtension(fileName))
    }

    public func info(path: String) -> LibraryBookInfo {
        let fallback = LibraryFileName.title(ofPath: path)
        let book: Book
        do {
            book = try Book.open(path: path, window: Self.headLength, encoding: encoding)
        } catch let error as TypesettingError {
            return LibraryBookInfo(title: fallback, problem: Self.reason(error))
        } catch {
            return LibraryBookInfo(title: fallback, problem: "\(error)")
        }
        let names = Self.names(of: book)
        let authors = book.metadata.authors.isEmpty ? names.author.map { [$0] } ?? [] : book.metadata.authors
        return LibraryBookInfo(title: book.metadata.title ?? names.title ?? fallback, authors: authors)
    }

    /// The title page's names: the lines after any header up to the first chapter.
    static func names(of book: Book) -> TitlePage.Names {
        let bodyStart = book.metadata.bodyStart
        let startByte = book.paragraphs.first { $0.scalars.lowerBound >= bodyStart }?.bytes.lowerBound ?? 0
        let chapterStart = book.chapters.first { $0.offset > bodyStart }.flatMap { chapter in
            book.paragraphs.first { $0.scalars.lowerBound >= chapter.offset }?.bytes.lowerBound
        }
        let utf8 = book.text.utf8
        let end = min(utf8.count, chapterStart ?? utf8.count, startByte + 8192)
        guard startByte < end else { return TitlePage.Names(title: nil, author: nil) }
        let text = String(decoding: utf8[startByte..<end], as: UTF8.self)
        return TitlePage.names(in: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// The problem in a few words, without the path the row already shows.
    static func reason(_ error: TypesettingError) -> String {
        switch error {
        case let .unreadable(_, reason): return reason
        case .notAFile: return "a folder, not a book"
        case let .binary(_, kind): return kind + ", not text"
        case .emptyBook: return "the file is empty"
        default: return "\(error)"
        }
    }
}
