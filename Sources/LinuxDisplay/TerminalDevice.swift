import CLinux
import Glibc

/// An open tty descriptor; every console ioctl goes through here so errors
/// name the terminal and the request.
struct TerminalDevice {
    let path: String
    let fileDescriptor: Int32

    static func open(_ path: String) throws(DisplayError) -> TerminalDevice {
        let fd = Glibc.open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(operation: "open", path: path, errno: Glibc.errno) }
        return TerminalDevice(path: path, fileDescriptor: fd)
    }

    func control(_ request: UInt, _ name: String, value: Int32) throws(DisplayError) {
        guard CLinux_ioctlInt(fileDescriptor, request, value) >= 0 else {
            throw .system(operation: "ioctl \(name)", path: path, errno: Glibc.errno)
        }
    }

    func control<T>(_ request: UInt, _ name: String, _ argument: inout T) throws(DisplayError) {
        let result = withUnsafeMutablePointer(to: &argument) { CLinux_ioctlPointer(fileDescriptor, request, $0) }
        guard result >= 0 else { throw .system(operation: "ioctl \(name)", path: path, errno: Glibc.errno) }
    }

    func close() { _ = Glibc.close(fileDescriptor) }
}
