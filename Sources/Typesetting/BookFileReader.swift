import Glibc
import LinuxSystem

/// Reads a book file with `pread` into memory the reader owns. Nothing is
/// mapped, so a file truncated or replaced while it is open can never fault
/// the process (a mapped page past a new end of file raises SIGBUS); the
/// reader keeps the bytes it read. Large files are read only up to a window.
enum BookFileReader {
    struct Contents {
        var bytes: [UInt8]
        /// The file's size when it was opened.
        var fileSize: Int
    }

    /// Up to `limit` bytes from the start of the file at `path`; nil: the
    /// whole file up to `Book.largeBookWindow`, else `Book.largeFileWindow`.
    static func read(path: String, limit: Int?) throws -> Contents {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, flags: O_RDONLY)
            defer { file.close() }
            let status = try file.status()
            if status.st_mode & S_IFMT == S_IFDIR { throw SystemError(operation: "read", path: path, errno: EISDIR) }
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

    private static func error(_ failure: SystemError) -> TypesettingError {
        let path = failure.path
        switch failure.errno {
        case ENOENT: return .unreadable(path: path, reason: "no such file")
        case EACCES: return .unreadable(path: path, reason: "permission denied")
        case EISDIR: return .notAFile(path: path)
        default: return .unreadable(path: path, reason: String(cString: strerror(failure.errno)))
        }
    }

    /// Where to cut a window of `bytes` so that no paragraph is split: after
    /// the last blank line, else after the last line end, else at a
    /// character boundary. `unit` is 2 for UTF-16 (with `bigEndian`), else 1.
    static func cutPoint(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, unit: Int, bigEndian: Bool) -> Int {
        let count = bytes.count
        func isLineFeed(_ index: Int) -> Bool {
            guard index >= start, index + unit <= count else { return false }
            if unit == 1 { return bytes[index] == 0x0A }
            let high = bigEndian ? bytes[index] : bytes[index + 1]
            let low = bigEndian ? bytes[index + 1] : bytes[index]
            return high == 0 && low == 0x0A
        }
        func isCarriageReturn(_ index: Int) -> Bool {
            guard index >= start, index + unit <= count else { return false }
            if unit == 1 { return bytes[index] == 0x0D }
            return (bigEndian ? bytes[index + 1] : bytes[index]) == 0x0D && (bigEndian ? bytes[index] : bytes[index + 1]) == 0
        }
        let alignedEnd = start + (count - start) / unit * unit
        var lastLineEnd: Int?
        var index = alignedEnd - unit
        while index >= start {
            if isLineFeed(index) {
                if lastLineEnd == nil { lastLineEnd = index + unit }
                var previous = index - unit
                if isCarriageReturn(previous) { previous -= unit }
                if isLineFeed(previous) { return index + unit }
            }
            index -= unit
        }
        if let lastLineEnd { return lastLineEnd }
        // One enormous line: cut before a partial character.
        var end = alignedEnd
        if unit == 1 {
            var back = 0
            while back < 4, end - back - 1 >= start, bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
            if end - back - 1 >= start, bytes[end - back - 1] >= 0xC0 { end -= back + 1 }
        } else if end - 2 >= start {
            let high = bigEndian ? bytes[end - 2] : bytes[end - 1]
            if (0xD8...0xDB).contains(high) { end -= 2 } // a lone high surrogate
        }
        return end
    }
}
