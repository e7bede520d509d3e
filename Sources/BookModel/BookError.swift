/// Errors a person can act on about a book file or the page it is set on:
/// each names the file or value and what is wrong.
public enum BookError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    /// A folder, device, FIFO or socket: `kind` says which ("a FIFO").
    case notAFile(path: String, kind: String)
    case binary(path: String, kind: String)
    case emptyBook(path: String)
    case unknownEncoding(name: String)
    case invalidGeometry(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot read the book: \(reason)"
        case let .notAFile(path, kind):
            return "\(path): not a regular file (\(kind)), not a book"
        case let .binary(path, kind):
            return "\(path): looks like \(kind), not a plain-text book"
        case let .emptyBook(path):
            return "\(path): the book is empty (no text to show)"
        case let .unknownEncoding(name):
            return "unknown encoding \"\(name)\": not a charset name ICU or iconv knows (e.g. windows-1251, Shift_JIS, KOI8-R)"
        case let .invalidGeometry(reason):
            return "invalid page geometry: \(reason)"
        }
    }
}
