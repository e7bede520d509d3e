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

    /// open(2) with `flags`; close-on-exec is always added. `permissions`
    /// is used when O_CREAT makes the file.
    public static func open(_ path: String, flags: Int32, permissions: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        let fd = try Syscall.retrying(operation: "open", path: path) { Glibc.open(path, flags | O_CLOEXEC, permissions) }
        return FileDescriptor(rawValue: fd, path: path)
    }

    /// Opens read-only, non-blocking and close-on-exec.
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        try open(path, flags: O_RDONLY | O_NONBLOCK)
    }

    /// Reads up to `buffer.count` bytes; returns nil when nothing is
    /// available now (EAGAIN), and retries on EINTR.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        do throws(SystemError) {
            return try Syscall.retrying(operation: "read", path: path) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
        } catch {
            if error.isWouldBlock { return nil }
            throw error
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` (pread(2)); 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int) throws(SystemError) -> Int {
        try Syscall.retrying(operation: "pread", path: path) { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Up to `count` bytes from `offset`: fewer only when the file ends first.
    public func readBytes(count: Int, fromOffset offset: Int = 0) throws(SystemError) -> [UInt8] {
        var failure: SystemError?
        // Read into memory not zeroed first: the kernel's copy is the first
        // touch of each page (a few megabytes of page faults fewer to take).
        let bytes = [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, filled in
            filled = 0
            while filled < buffer.count {
                let rest = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[filled...])
                do throws(SystemError) {
                    let got = try read(into: rest, atOffset: offset + filled)
                    if got == 0 { break } // the file ended (it may have shrunk since it was measured)
                    filled += got
                } catch {
                    failure = error
                    break
                }
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Writes all of `bytes`: a short write continues with the rest, EINTR
    /// is retried, any error throws (a non-blocking descriptor that is full
    /// throws EAGAIN).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[written...])
            let count = try Syscall.retrying(operation: "write", path: path) { Glibc.write(rawValue, rest.baseAddress, rest.count) }
            // write(2) returns 0 only for a count of 0, which the loop never asks for.
            guard count > 0 else { throw SystemError(operation: "write", path: path, errno: EIO) }
            written += count
        }
    }

    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var failure: SystemError?
        bytes.withUnsafeBytes { raw in
            do throws(SystemError) { try writeAll(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// fsync(2): the file's data and size are on the storage device.
    public func synchronize() throws(SystemError) {
        _ = try Syscall.retrying(operation: "fsync", path: path) { fsync(rawValue) }
    }

    /// ioctl with a pointer argument; `name` is the request's name for error messages.
    public func control(_ request: UInt, _ name: String, _ argument: UnsafeMutableRawPointer) throws(SystemError) -> Int32 {
        try Syscall.retrying(operation: "ioctl \(name)", path: path) { CLinux_ioctlPointer(rawValue, request, argument) }
    }

    /// ioctl with an integer argument.
    public func control(_ request: UInt, _ name: String, value: Int32) throws(SystemError) {
        _ = try Syscall.retrying(operation: "ioctl \(name)", path: path) { CLinux_ioctlInt(rawValue, request, value) }
    }

    /// Closes; errors are ignored (the descriptor is released either way on
    /// Linux, and closing again after EINTR could close another's descriptor).
    public func close() {
        _ = Glibc.close(rawValue)
    }
}

extension FileDescriptor {
    /// The whole contents of a regular file (anything else is refused:
    /// see `RegularFile`).
    public static func readFile(_ path: String) throws(SystemError) -> [UInt8] {
        let file = try RegularFile.open(path)
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
        _ = try Syscall.retrying(operation: "fstat", path: path) { fstat(rawValue, &info) }
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
