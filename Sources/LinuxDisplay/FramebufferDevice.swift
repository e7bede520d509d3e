import CLinux
import Glibc
import LinuxSystem

/// An open fbdev device (/dev/fbN). Every framebuffer request goes through
/// here, so a failure always names the device and the request.
final class FramebufferDevice {
    let file: FileDescriptor
    private var isClosed = false

    var path: String { file.path }

    /// Opens read-write; EACCES names the group owning the node.
    init(path: String) throws(DisplayError) {
        do throws(SystemError) {
            file = try FileDescriptor.open(path, flags: O_RDWR)
        } catch {
            if error.isPermissionDenied { throw .permissionDenied(path: path, group: DRMDevice.owningGroup(of: path)) }
            if error.errno == ENOENT || error.errno == ENODEV || error.errno == ENXIO { throw .noFramebuffer(path: path) }
            throw .system(error)
        }
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        file.close()
    }

    /// FBIOGET_VSCREENINFO: the visible and virtual sizes, pixel layout and offsets.
    func variableInfo() throws(DisplayError) -> fb_var_screeninfo {
        var info = fb_var_screeninfo()
        try control(CLinux_FBIOGET_VSCREENINFO(), "FBIOGET_VSCREENINFO", &info)
        return info
    }

    /// FBIOGET_FSCREENINFO: the driver's name, memory size and row length.
    func fixedInfo() throws(DisplayError) -> fb_fix_screeninfo {
        var info = fb_fix_screeninfo()
        try control(CLinux_FBIOGET_FSCREENINFO(), "FBIOGET_FSCREENINFO", &info)
        return info
    }

    /// FBIOPAN_DISPLAY to `info`'s x and y offsets.
    func pan(_ info: fb_var_screeninfo) throws(DisplayError) {
        var info = info
        try control(CLinux_FBIOPAN_DISPLAY(), "FBIOPAN_DISPLAY", &info)
    }

    /// FBIOBLANK: the panel off (powered down) or on.
    func blank(_ off: Bool) throws(DisplayError) {
        let level = off ? CLinux_FB_BLANK_POWERDOWN() : CLinux_FB_BLANK_UNBLANK()
        try DisplayError.wrapping { () throws(SystemError) in try file.control(CLinux_FBIOBLANK(), "FBIOBLANK", value: level) }
    }

    /// Asks a deferred-I/O driver (a DRM driver's fbdev emulation over a
    /// shadow buffer, a USB display) to send what was written now rather
    /// than after its delay; other drivers have no fsync, which is fine.
    func flush() {
        _ = fsync(file.rawValue)
    }

    /// The framebuffer memory mapped shared for writing.
    func map(size: Int) throws(DisplayError) -> UnsafeMutableRawPointer {
        let descriptor = file.rawValue
        return try DisplayError.wrapping { () throws(SystemError) in
            try Syscall.retryingPointer(operation: "mmap", path: path) { () -> UnsafeMutableRawPointer? in
                let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
                return address == MAP_FAILED ? nil : address
            }
        }
    }

    private func control<T>(_ request: UInt, _ name: String, _ argument: inout T) throws(DisplayError) {
        let file = file
        _ = try withUnsafeMutablePointer(to: &argument) { (pointer) throws(DisplayError) in
            try DisplayError.wrapping { () throws(SystemError) in try file.control(request, name, UnsafeMutableRawPointer(pointer)) }
        }
    }
}
