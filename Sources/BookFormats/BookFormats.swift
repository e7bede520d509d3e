import BookModel
import BookStorage
import Comics
import EPUB
import LinuxSystem
import PDF
import PlainText

/// The formats the reader knows, and the one place a file's format is
/// chosen: by what its first bytes are (its name only breaks a tie), so an
/// EPUB named `.txt` is read as an EPUB and a text file named `.epub` as
/// text. Plain text takes whatever no other format recognises.
public struct BookFormats: Sendable {
    /// In the order they are asked; a format is added with one line here.
    public let all: [any BookFormat]

    /// The formats reading text in `encoding` (nil: detected for each
    /// book), an EPUB's own styles on or off, and text books' paragraphs
    /// kept in `structures`.
    public init(encoding: TextEncoding? = nil, publisherStyles: Bool = true, structures: BookStructureStore? = nil) {
        all = [
            EPUBBookFormat(publisherStyles: publisherStyles, clock: monotonicMilliseconds),
            ComicFormat(),
            PDFFormat(),
            PlainTextFormat(encoding: encoding, structures: structures),
        ]
    }

    /// Bytes read from the start of a file to recognise it.
    public var headLength: Int { all.map(\.headLength).max() ?? 0 }

    /// The format of a file that starts with `head` and is called `fileName`:
    /// the one most sure of it, the first listed on a tie.
    public func format(ofHead head: [UInt8], fileName: String) -> any BookFormat {
        var best: (format: any BookFormat, recognition: BookRecognition)?
        for format in all {
            let recognition = format.recognition(ofHead: Array(head.prefix(format.headLength)), fileName: fileName)
            if recognition > (best?.recognition ?? .no) { best = (format, recognition) }
        }
        return best?.format ?? fallback
    }

    /// The format of the file at `path`, from its first bytes (none when
    /// it cannot be read: opening it then says why); a folder is a format's
    /// that reads folders.
    public func format(ofFileAt path: String) -> any BookFormat {
        if (try? FileSystem.status(path))?.isDirectory == true, let reader = all.first(where: \.readsFolders) {
            return reader
        }
        return format(ofHead: head(ofFileAt: path) ?? [], fileName: Self.fileName(of: path))
    }

    /// Whether the library lists the file at `path`: its bytes are a
    /// format's own (more than the text every file may be), or its name is
    /// one a format's files have. Only the first few bytes are read.
    public func lists(fileAt path: String) -> Bool {
        let name = Self.fileName(of: path)
        let fileExtension = BookDescription.fileExtension(name)
        if all.contains(where: { $0.fileExtensions.contains(fileExtension) }) { return true }
        guard let head = head(ofFileAt: path), !head.isEmpty else { return false }
        return all.contains { $0.recognition(ofHead: Array(head.prefix($0.headLength)), fileName: name) > .fallbackNamed }
    }

    /// Opens the file at `path` in its format (see `BookFormat.open`).
    public func open(path: String, window: Int? = nil) throws -> OpenedBook {
        try format(ofFileAt: path).open(path: path, window: window)
    }

    /// Opens the file at `path` as the reader reads it.
    public func openForReading(path: String) throws -> ReadingBook {
        try format(ofFileAt: path).openForReading(path: path)
    }

    /// What the library shows of the file at `path`.
    public func describe(path: String) -> BookDescription {
        format(ofFileAt: path).describe(path: path)
    }

    /// Why a book could not be opened, in a few words, without the path
    /// the library's row already shows.
    public func reason(_ error: any Error) -> String {
        for format in all {
            if let problem = format.problem(of: error) { return problem }
        }
        return "\(error)"
    }

    /// What is asked of a file no format recognises: the last listed (plain text).
    private var fallback: any BookFormat {
        guard let last = all.last else { preconditionFailure("the registry lists at least one format") }
        return last
    }

    private func head(ofFileAt path: String) -> [UInt8]? {
        try? BookFileReader.read(path: path, limit: headLength).bytes
    }

    private static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
