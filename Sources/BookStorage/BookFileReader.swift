import BookModel
import Glibc
import LinuxSystem

/// Reads a book file with `pread` into memory the reader owns. Nothing is
/// mapped, so a file truncated or replaced while it is open can never fault
/// the process (a mapped page past a new end of file raises SIGBUS); the
/// reader keeps the bytes it read. Large files are read only up to a window.
public enum BookFileReader {
    public struct Contents {
        public var bytes: [UInt8]
        /// The file's size when it was opened.
        public var fileSize: Int
    }

    /// Up to `limit` bytes from the start of the file at `path`; nil: the
    /// whole file up to `Book.largeBookWindow`, else `Book.largeFileWindow`.
    public static func read(path: String, limit: Int?) throws -> Contents {
        do throws(SystemError) {
            let file = try RegularFile.open(path)
            defer { file.close() }
            let status = try file.status()
            let fileSize = Int(status.st_size)
            let window = limit ?? (fileSize <= Book.largeBookWindow ? fileSize : Book.largeFileWindow)
            let wanted = max(0, min(fileSize, window))
            let bytes = try file.readBytes(count: wanted)
            // A file that shrank since it was measured: keep what is there.
            return Contents(bytes: bytes, fileSize: bytes.count < wanted ? bytes.count : fileSize)
        } catch {
            throw Self.error(error)
        }
    }

    /// The file at `path` open for reading pieces of it; nil when it cannot be opened.
    public static func pieces(ofFileAt path: String) -> FilePieces? {
        (try? RegularFile.open(path)).map { FilePieces(file: $0) }
    }

    private static func error(_ failure: SystemError) -> BookError {
        let path = failure.path
        if let kind = failure.notRegularKind { return .notAFile(path: path, kind: kind) }
        switch failure.errno {
        case ENOENT: return .unreadable(path: path, reason: "no such file")
        case EACCES: return .unreadable(path: path, reason: "permission denied")
        default: return .unreadable(path: path, reason: String(cString: strerror(failure.errno)))
        }
    }
}

/// A file open for reading pieces of it at any offset, closed when dropped.
public final class FilePieces {
    private let file: FileDescriptor

    init(file: FileDescriptor) { self.file = file }

    deinit { file.close() }

    /// `count` bytes from `offset` (fewer at the end of the file); nil when they cannot be read.
    public func read(count: Int, fromOffset offset: Int) -> [UInt8]? {
        try? file.readBytes(count: count, fromOffset: offset)
    }
}
