import Glibc

/// A failed system call: which operation, on which path, and the errno.
public struct SystemError: Error, Equatable, CustomStringConvertible, Sendable {
    public var operation: String
    /// The file, device or other object the call was about ("signals [15]",
    /// "timer 7" where there is no path).
    public var path: String
    public var errno: Int32
    /// What was found where a regular file was wanted ("a FIFO"); nil for
    /// every other error, which errno says.
    public var notRegularKind: String?

    public init(operation: String, path: String, errno: Int32, notRegularKind: String? = nil) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.notRegularKind = notRegularKind
    }

    public var description: String {
        if let notRegularKind { return "\(operation) \(path): not a regular file (\(notRegularKind))" }
        return "\(operation) \(path): \(String(cString: strerror(errno))) (errno \(errno))"
    }

    public var isPermissionDenied: Bool { errno == EACCES || errno == EPERM }
    /// The device went away (unplugged).
    public var isDeviceGone: Bool { errno == ENODEV || errno == ENXIO }
    public var isNotFound: Bool { errno == ENOENT }
    /// A non-blocking descriptor has nothing to give (or take) now.
    public var isWouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }
}
