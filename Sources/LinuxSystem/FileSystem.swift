import Glibc

/// Folders and names in the file system.
public enum FileSystem {
    /// Makes `path` and every missing folder above it (mkdir -p); a folder
    /// that exists already is fine. The usual case, a folder that is there,
    /// takes one call. `durable` syncs the folder holding each new one, so a
    /// power cut cannot take away a folder a synced file was then put in.
    public static func createDirectories(_ path: String, permissions: mode_t = 0o755,
                                         durable: Bool = false) throws(SystemError) {
        do throws(SystemError) {
            if try makeDirectory(path, permissions: permissions), durable { synchronizeFolder(parentFolder(of: path)) }
        } catch where error.isNotFound {
            let parent = parentFolder(of: path)
            guard parent != path, path.contains("/") else { throw error }
            try createDirectories(parent, permissions: permissions, durable: durable)
            // Once more, and final: some file systems (/proc) refuse new
            // folders with ENOENT although the parent is there.
            if try makeDirectory(path, permissions: permissions), durable { synchronizeFolder(parent) }
        }
    }

    /// mkdir(2); a folder already there is fine. True when it was made.
    private static func makeDirectory(_ path: String, permissions: mode_t) throws(SystemError) -> Bool {
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "mkdir", path: path) { mkdir(path, permissions) }
            return true
        } catch where error.errno == EEXIST {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw SystemError(operation: "mkdir", path: path, errno: ENOTDIR)
            }
            return false
        }
    }

    /// fsync of a folder, so the names in it survive a power cut. Some file
    /// systems refuse to sync folders; what was written stays all the same,
    /// so that is not an error.
    public static func synchronizeFolder(_ path: String) {
        guard let folder = try? FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY) else { return }
        try? folder.synchronize()
        folder.close()
    }

    /// Removes a file; a file already gone is fine.
    public static func removeFile(_ path: String) throws(SystemError) {
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "unlink", path: path) { unlink(path) }
        } catch where error.isNotFound {}
    }

    /// Names in a folder (without "." and "..").
    public static func directoryEntries(_ path: String) throws(SystemError) -> [String] {
        let directory = try Syscall.retryingPointer(operation: "opendir", path: path) { opendir(path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// stat(2) of `path`, following symbolic links.
    public static func status(_ path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        _ = try Syscall.retrying(operation: "stat", path: path) { stat(path, &info) }
        return FileStatus(info)
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved
    /// (realpath(3)); nil when it does not exist.
    public static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder holding `path` ("." for a bare name).
    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// What stat(2) says of a file that the reader looks at: its kind, size,
/// last change and identity.
public struct FileStatus: Equatable, Sendable {
    public var isRegularFile: Bool
    public var isDirectory: Bool
    public var size: Int
    /// Modification time in nanoseconds since the epoch.
    public var modified: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(isRegularFile: Bool, isDirectory: Bool = false, size: Int, modified: Int64, inode: UInt64 = 0,
                device: UInt64 = 0) {
        self.isRegularFile = isRegularFile
        self.isDirectory = isDirectory
        self.size = size
        self.modified = modified
        self.inode = inode
        self.device = device
    }

    init(_ info: stat) {
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }
}
