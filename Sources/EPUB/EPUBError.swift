/// Why an EPUB cannot be opened at all, in one line that names the file
/// and what is wrong. Damage inside a book that opens (a missing chapter,
/// broken markup) is not an error: it becomes a notice on the page.
public enum EPUBError: Error, CustomStringConvertible, Equatable {
    /// The file is not a zip archive libzip can read (truncated, damaged).
    case damagedArchive(path: String, reason: String)
    /// A zip archive that is no EPUB (no mimetype, no container).
    case notAnEPUB(path: String)
    case missingContainer(path: String)
    /// container.xml names no package, or the package cannot be read.
    case missingPackage(path: String, reason: String)
    /// An entry compressed with a method EPUB does not allow.
    case unsupportedCompression(path: String, entry: String, method: String)
    /// Content encrypted with DRM.
    case protected(path: String, reason: String)
    /// Beyond what the reader will inflate from one book.
    case tooLarge(path: String, reason: String)
    /// A library loaded with the first EPUB (libzip, libxml2, nettle) is
    /// not installed; `library` names it and its Debian package.
    case libraryMissing(path: String, library: String)

    public var description: String {
        switch self {
        case let .damagedArchive(path, reason):
            return "\(path): cannot read the EPUB: the zip archive is damaged (\(reason))"
        case let .notAnEPUB(path):
            return "\(path): a zip archive but not an EPUB (no mimetype file and no META-INF/container.xml)"
        case let .missingContainer(path):
            return "\(path): not a readable EPUB: it has no META-INF/container.xml to name its package"
        case let .missingPackage(path, reason):
            return "\(path): not a readable EPUB: \(reason)"
        case let .unsupportedCompression(path, entry, method):
            return "\(path): refused: \(entry) is compressed with \(method); an EPUB may only use Deflate or no compression"
        case let .protected(path, reason):
            return "\(path): refused: the book is protected by DRM (\(reason)) and cannot be read"
        case let .tooLarge(path, reason):
            return "\(path): refused: \(reason)"
        case let .libraryMissing(path, library):
            return "\(path): cannot read EPUB books: \(library) is not installed"
        }
    }
}

/// Why one file inside a book could not be read.
public enum ResourceError: Error, CustomStringConvertible, Equatable {
    case missing(String)
    case tooLarge(String, limit: Int)
    case suspiciousRatio(String)
    case damaged(String, reason: String)
    case outsideBook(String)

    public var description: String {
        switch self {
        case let .missing(name): return "\(name) is not in the book"
        case let .tooLarge(name, limit): return "\(name) is larger than \(limit / 1_048_576) MB"
        case let .suspiciousRatio(name): return "\(name) inflates beyond any real book's compression ratio"
        case let .damaged(name, reason): return "\(name) is damaged (\(reason))"
        case let .outsideBook(name): return "\(name) points outside the book"
        }
    }
}
