import CLinux
import Glibc
import LinuxSystem

/// An open tty descriptor; every console ioctl goes through here so errors
/// name the terminal and the request.
struct TerminalDevice {
    let file: FileDescriptor

    var path: String { file.path }
    var fileDescriptor: Int32 { file.rawValue }

    static func open(_ path: String) throws(DisplayError) -> TerminalDevice {
        TerminalDevice(file: try DisplayError.wrapping { () throws(SystemError) in
            try FileDescriptor.open(path, flags: O_RDWR | O_NOCTTY)
        })
    }

    func control(_ request: UInt, _ name: String, value: Int32) throws(DisplayError) {
        try DisplayError.wrapping { () throws(SystemError) in try file.control(request, name, value: value) }
    }

    func control<T>(_ request: UInt, _ name: String, _ argument: inout T) throws(DisplayError) {
        let file = file
        _ = try withUnsafeMutablePointer(to: &argument) { (pointer) throws(DisplayError) in
            try DisplayError.wrapping { () throws(SystemError) in try file.control(request, name, UnsafeMutableRawPointer(pointer)) }
        }
    }

    func close() { file.close() }
}
