import BookModel
import BookStorage

/// Plain-text books in any charset: the fallback for every file no other
/// format recognises. The library's title and authors come from a Project
/// Gutenberg header (or an Aozora Bunko file's first lines), else from the
/// title page (`TitlePage`), else the file's name; only the first
/// `describedLength` bytes are read and decoded.
public struct PlainTextFormat: BookFormat {
    /// Enough for a Gutenberg header and a title page with its contents.
    public static let describedLength = 16 * 1024
    /// The charset to read the books in; nil: each book's is detected.
    public let encoding: TextEncoding?
    /// Where the paragraphs of books opened for reading are kept between starts.
    public let structures: BookStructureStore?

    public init(encoding: TextEncoding? = nil, structures: BookStructureStore? = nil) {
        self.encoding = encoding
        self.structures = structures
    }

    public var name: String { "text" }
    public var headLength: Int { 0 }
    public var fileExtensions: Set<String> { ["txt", "text"] }
    public var descriptionVersion: Int { 1 }

    /// Anything may be text: a file that is not is refused when it is
    /// decoded (a picture, an archive), with the reason. The name only
    /// ranks a `.txt` file above other formats that accept anything.
    public func recognition(ofHead head: [UInt8], fileName: String) -> BookRecognition {
        fileExtensions.contains(BookDescription.fileExtension(fileName)) ? .fallbackNamed : .fallback
    }

    public func open(path: String, window: Int?) throws -> OpenedBook {
        let book = try Book.open(path: path, window: window, encoding: encoding)
        var leading = BookFacts()
        leading.add("encoding", book.text.encoding.name)
        leading.add("encoding_confidence", book.text.encodingConfidence)
        leading.add("bytes", book.text.sourceByteCount)
        var trailing = BookFacts()
        trailing.add("body_start", book.metadata.bodyStart)
        trailing.add("chapters", objects: book.chapters.map(BookFacts.chapter))
        return OpenedBook(book: book, formatName: name, leadingFacts: leading, trailingFacts: trailing)
    }

    public func openForReading(path: String) throws -> ReadingBook {
        .whole(try Book.open(path: path, encoding: encoding, structures: structures))
    }

    public func earlyLanguage(path: String) -> EarlyLanguage {
        .detected { [encoding] in try? BookDecoder.decode(contentsOf: path, window: Self.languageSampleBytes, encoding: encoding) }
    }

    /// Bytes of the file read to guess the language: more than the detector's sample.
    public static let languageSampleBytes = 256 << 10

    public func describe(path: String) -> BookDescription {
        let fallback = BookDescription.title(ofPath: path)
        let book: Book
        do {
            book = try Book.open(path: path, window: Self.describedLength, encoding: encoding)
        } catch let error as BookError {
            return BookDescription(title: fallback, problem: Self.reason(error))
        } catch {
            return BookDescription(title: fallback, problem: "\(error)")
        }
        let names = Self.names(of: book)
        let authors = book.metadata.authors.isEmpty ? names.author.map { [$0] } ?? [] : book.metadata.authors
        return BookDescription(title: book.metadata.title ?? names.title ?? fallback, authors: authors,
                               language: book.metadata.language)
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

    public func problem(of error: any Error) -> String? {
        (error as? BookError).map(Self.reason)
    }

    /// The problem in a few words, without the path the row already shows.
    static func reason(_ error: BookError) -> String {
        switch error {
        case let .unreadable(_, reason): return reason
        case let .notAFile(_, kind): return "not a regular file (\(kind))"
        case let .binary(_, kind): return kind + ", not text"
        case .emptyBook: return "the file is empty"
        default: return "\(error)"
        }
    }
}
