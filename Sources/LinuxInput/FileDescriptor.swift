import CLinux
import Glibc

/// An open file descriptor and the path it came from. Every system call on
/// it goes through here, so errors always name the path and the operation.
/// The owner closes it; it is not closed on deinit (it is a plain value).
public struct FileDescriptor: Sendable {
    public let rawValue: Int32
    public let path: String

    public init(rawValue: Int32, path: String) {
        self.rawValue = rawValue
        self.path = path
    }

    /// Opens read-only, non-blocking and close-on-exec.
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError(operation: "open", path: path, errno: Glibc.errno) }
        return FileDescriptor(rawValue: fd, path: path)
    }

    /// Reads up to `buffer.count` bytes; returns nil when nothing is
    /// available now (EAGAIN), and retries on EINTR.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        while true {
            let count = Glibc.read(rawValue, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let error = Glibc.errno
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK { return nil }
            throw SystemError(operation: "read", path: path, errno: error)
        }
    }

    /// ioctl with a pointer argument; `name` is the request's name for error messages.
    public func control(_ request: UInt, _ name: String, _ argument: UnsafeMutableRawPointer) throws(SystemError) -> Int32 {
        let result = CLinux_ioctlPointer(rawValue, request, argument)
        guard result >= 0 else { throw SystemError(operation: "ioctl \(name)", path: path, errno: Glibc.errno) }
        return result
    }

    /// ioctl with an integer argument.
    public func control(_ request: UInt, _ name: String, value: Int32) throws(SystemError) {
        guard CLinux_ioctlInt(rawValue, request, value) >= 0 else {
            throw SystemError(operation: "ioctl \(name)", path: path, errno: Glibc.errno)
        }
    }

    /// Closes; errors are ignored (the descriptor is released either way on Linux).
    public func close() {
        _ = Glibc.close(rawValue)
    }
}

extension FileDescriptor {
    /// The whole contents of a (regular) file.
    public static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        let file = try openForReading(path)
        defer { file.close() }
        var contents: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 8)
        defer { chunk.deallocate() }
        while let count = try file.read(into: chunk), count > 0 {
            contents += chunk[0..<count]
        }
        return contents
    }
}

extension FileDescriptor {
    /// fstat(2).
    public func status() throws(SystemError) -> stat {
        var info = stat()
        guard fstat(rawValue, &info) == 0 else { throw SystemError(operation: "fstat", path: path, errno: Glibc.errno) }
        return info
    }

    /// The major and minor numbers of the character device this descriptor is open on.
    public func deviceNumber() throws(SystemError) -> (major: UInt32, minor: UInt32) {
        let device = UInt64(try status().st_rdev)
        // glibc's encoding of dev_t (gnu_dev_major / gnu_dev_minor).
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        return (UInt32(truncatingIfNeeded: major), UInt32(truncatingIfNeeded: minor))
    }
}
