import Glibc

/// Books, fonts, dictionaries and settings are read only from regular
/// files. The open never blocks (a FIFO's would wait for a writer for
/// ever), and fstat on the descriptor then refuses anything else: a device
/// such as /dev/zero never ends, a folder has no bytes.
public enum RegularFile {
    /// `path` open for reading, non-blocking and close-on-exec; throws
    /// an error with `notRegularKind` for anything but a regular file.
    public static func open(_ path: String) throws(SystemError) -> FileDescriptor {
        let file = try FileDescriptor.open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        do throws(SystemError) {
            let mode = try file.status().st_mode & S_IFMT
            guard mode == S_IFREG else { throw SystemError.notRegularFile(path: path, mode: mode) }
            return file
        } catch {
            file.close()
            throw error
        }
    }

    /// Throws unless `path` is a regular file this process can open for reading.
    public static func check(_ path: String) throws(SystemError) {
        try open(path).close()
    }
}

extension SystemError {
    /// The error for a path that is there but is not a regular file.
    static func notRegularFile(path: String, mode: mode_t) -> SystemError {
        let kind: String
        switch mode {
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        return SystemError(operation: "open", path: path, errno: mode == S_IFDIR ? EISDIR : EINVAL, notRegularKind: kind)
    }
}
