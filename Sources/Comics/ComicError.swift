/// Why a comic book could not be read, naming the file (and the member).
public enum ComicError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file or folder could not be read at all.
    case unreadable(path: String, reason: String)
    /// libarchive could not open or list the archive.
    case damagedArchive(path: String, reason: String)
    /// The archive or folder holds no image.
    case noPages(path: String)
    /// A member could not be read (damaged, encrypted, missing).
    case unreadableMember(path: String, member: String, reason: String)
    /// A member is larger than what is read of one.
    case memberTooLarge(path: String, member: String, limit: Int)
    /// libarchive, loaded with the first archive, is not installed.
    case archiveLibraryMissing(path: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): return "\(path): cannot read the book: \(reason)"
        case let .damagedArchive(path, reason): return "\(path): not a readable archive (\(reason))"
        case let .noPages(path): return "\(path): a comic without any image (JPEG, PNG, GIF or WebP)"
        case let .unreadableMember(path, member, reason): return "\(path): \(member) cannot be read (\(reason))"
        case let .memberTooLarge(path, member, limit): return "\(path): \(member) is larger than \(limit >> 20) MB"
        case let .archiveLibraryMissing(path): return "\(path): cannot read comic archives: \(Self.archiveLibraryMissingReason)"
        }
    }

    /// The problem in a few words, without the path.
    public var reason: String {
        switch self {
        case let .unreadable(_, reason): return reason
        case let .damagedArchive(_, reason): return "not a readable archive (\(reason))"
        case .noPages: return "a comic without any image"
        case let .unreadableMember(_, member, reason): return "\(member) cannot be read (\(reason))"
        case let .memberTooLarge(_, member, limit): return "\(member) is larger than \(limit >> 20) MB"
        case .archiveLibraryMissing: return Self.archiveLibraryMissingReason
        }
    }

    private static let archiveLibraryMissingReason = "libarchive is not installed (Debian's libarchive13)"
}
