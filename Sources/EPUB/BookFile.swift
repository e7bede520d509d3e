import Glibc
import LinuxSystem
import Typesetting

/// A book file opened by what it holds, not by its name: an EPUB (a zip
/// archive) or a plain-text file in any charset. Every command and the
/// reader open books through here.
public struct BookFile: Sendable {
    public enum Format: String, Sendable { case text, epub }

    public let book: Book
    /// What an EPUB says beyond its text; nil for a text file.
    public let epub: EPUBPublication?

    public var format: Format { epub == nil ? .text : .epub }

    /// Opens the book at `path`. `encoding` is a text file's charset (nil
    /// to detect it) and `window` how much of a large text file to read;
    /// `publisherStyles` false drops an EPUB's own style sheets.
    public static func open(path: String, encoding: TextEncoding? = nil, publisherStyles: Bool = true,
                            window: Int? = nil) throws -> BookFile {
        if isZipArchive(path: path) {
            let opened = try EPUBBook.open(path: path, publisherStyles: publisherStyles)
            return BookFile(book: opened.book, epub: opened.publication)
        }
        return BookFile(book: try Book.open(path: path, window: window, encoding: encoding), epub: nil)
    }

    /// Whether the file starts as a zip archive does (a local file header,
    /// or the end record of an empty archive).
    public static func isZipArchive(path: String) -> Bool {
        guard let file = try? FileDescriptor.open(path, flags: O_RDONLY) else { return false }
        defer { file.close() }
        guard let head = try? file.readBytes(count: 4), head.count == 4 else { return false }
        return head[0] == 0x50 && head[1] == 0x4B && ((head[2], head[3]) == (3, 4) || (head[2], head[3]) == (5, 6))
    }
}
