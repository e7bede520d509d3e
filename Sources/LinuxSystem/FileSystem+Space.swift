import Glibc

extension FileSystem {
    /// Bytes an unprivileged process may still write on the file system
    /// holding `path` (statvfs(2): available blocks times their size).
    public static func availableBytes(at path: String) throws(SystemError) -> Int {
        var info = statvfs()
        _ = try Syscall.retrying(operation: "statvfs", path: path) { statvfs(path, &info) }
        let bytes = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        return bytes.overflow ? Int.max : Int(clamping: bytes.partialValue)
    }

    /// rename(2): `destination` is replaced at once, never seen half made;
    /// both must be on one file system.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        _ = try Syscall.retrying(operation: "rename to \(destination)", path: source) { Glibc.rename(source, destination) }
    }
}

extension FileDescriptor {
    /// ftruncate(2): the file ends after `length` bytes.
    public func truncate(to length: Int) throws(SystemError) {
        _ = try Syscall.retrying(operation: "ftruncate", path: path) { ftruncate(rawValue, off_t(length)) }
    }
}
