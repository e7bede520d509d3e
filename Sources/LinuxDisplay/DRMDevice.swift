import CDRM
import CLinux
import Glibc
import LinuxSystem

/// An open DRM card (/dev/dri/cardN). Every DRM call goes through here, so
/// a failure always names the device and the operation.
public final class DRMDevice {
    public let path: String
    public let fileDescriptor: Int32
    private var isClosed = false

    /// Opens read-write, non-blocking (events are read when the fd polls
    /// readable) and close-on-exec. EACCES names the group owning the node.
    public init(path: String) throws(DisplayError) {
        do throws(SystemError) {
            fileDescriptor = try FileDescriptor.open(path, flags: O_RDWR | O_NONBLOCK).rawValue
        } catch {
            if error.isPermissionDenied { throw .permissionDenied(path: path, group: Self.owningGroup(of: path)) }
            throw .system(error)
        }
        self.path = path
    }

    deinit { close() }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(fileDescriptor)
    }

    /// The group that owns a device node, by name (nil when it has none).
    public static func owningGroup(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrgid_r(info.st_gid, &group, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return String(cString: group.gr_name)
    }

    // MARK: Capabilities and master

    public func capability(_ capability: UInt64, _ name: String) throws(DisplayError) -> UInt64 {
        var value: UInt64 = 0
        try check(drmGetCap(fileDescriptor, capability, &value), "drmGetCap \(name)")
        return value
    }

    public func setMaster() throws(DisplayError) {
        try check(drmSetMaster(fileDescriptor), "drmSetMaster")
    }

    public func dropMaster() throws(DisplayError) {
        try check(drmDropMaster(fileDescriptor), "drmDropMaster")
    }

    // MARK: Mode setting

    /// drmModeGetResources; the caller frees it with drmModeFreeResources.
    public func resources() throws(DisplayError) -> UnsafeMutablePointer<drmModeRes> {
        try pointer("drmModeGetResources") { drmModeGetResources(fileDescriptor) }
    }

    /// drmModeGetConnector (probes the outputs); freed with drmModeFreeConnector.
    public func connector(_ id: UInt32) throws(DisplayError) -> UnsafeMutablePointer<drmModeConnector> {
        try pointer("drmModeGetConnector \(id)") { drmModeGetConnector(fileDescriptor, id) }
    }

    /// drmModeGetEncoder, or nil when the encoder has gone; freed with drmModeFreeEncoder.
    public func encoder(_ id: UInt32) -> UnsafeMutablePointer<drmModeEncoder>? {
        drmModeGetEncoder(fileDescriptor, id)
    }

    /// drmModeGetCrtc: the CRTC's current state; freed with drmModeFreeCrtc.
    public func crtc(_ id: UInt32) throws(DisplayError) -> UnsafeMutablePointer<drmModeCrtc> {
        try pointer("drmModeGetCrtc \(id)") { drmModeGetCrtc(fileDescriptor, id) }
    }

    /// drmModeSetCrtc: show `framebuffer` on `crtc` through `connector` in `mode`
    /// (framebuffer 0 and no mode turn the CRTC off).
    public func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: UInt32 = 0, y: UInt32 = 0,
                        connector: UInt32?, mode: drmModeModeInfo?) throws(DisplayError) {
        var connectorID = connector ?? 0
        var modeInfo = mode ?? drmModeModeInfo()
        let result = withUnsafeMutablePointer(to: &connectorID) { connectorPointer in
            withUnsafeMutablePointer(to: &modeInfo) { modePointer in
                drmModeSetCrtc(fileDescriptor, crtc, framebuffer, x, y, connector == nil ? nil : connectorPointer,
                               connector == nil ? 0 : 1, mode == nil ? nil : modePointer)
            }
        }
        try check(result, "drmModeSetCrtc \(crtc)")
    }

    /// drmModeAddFB2 for one XRGB8888 plane.
    public func addFramebuffer(width: Int, height: Int, handle: UInt32, pitch: UInt32) throws(DisplayError) -> UInt32 {
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var framebuffer: UInt32 = 0
        let result = withUnsafeMutableBytes(of: &handles) { handles in
            withUnsafeMutableBytes(of: &pitches) { pitches in
                withUnsafeMutableBytes(of: &offsets) { offsets in
                    drmModeAddFB2(fileDescriptor, UInt32(width), UInt32(height), CLinux_DRM_FORMAT_XRGB8888(),
                                  handles.baseAddress?.assumingMemoryBound(to: UInt32.self),
                                  pitches.baseAddress?.assumingMemoryBound(to: UInt32.self),
                                  offsets.baseAddress?.assumingMemoryBound(to: UInt32.self), &framebuffer, 0)
                }
            }
        }
        try check(result, "drmModeAddFB2 XRGB8888 \(width)x\(height)")
        return framebuffer
    }

    public func removeFramebuffer(_ framebuffer: UInt32) {
        _ = drmModeRmFB(fileDescriptor, framebuffer)
    }

    /// drmModePageFlip with DRM_MODE_PAGE_FLIP_EVENT; the event carries `userData`.
    public func pageFlip(crtc: UInt32, framebuffer: UInt32, userData: UnsafeMutableRawPointer?) throws(DisplayError) {
        try check(drmModePageFlip(fileDescriptor, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData),
                  "drmModePageFlip \(crtc)")
    }

    /// drmModeDirtyFB for the rectangles drawn into. Returns false when the driver does
    /// not implement it (ENOSYS): the caller stops calling it.
    public func markDirty(framebuffer: UInt32, rects: [(x: Int, y: Int, width: Int, height: Int)]) throws(DisplayError) -> Bool {
        var clips = rects.map { rect in
            drmModeClip(x1: UInt16(clamping: rect.x), y1: UInt16(clamping: rect.y),
                        x2: UInt16(clamping: rect.x + rect.width), y2: UInt16(clamping: rect.y + rect.height))
        }
        do throws(SystemError) {
            _ = try Syscall.retryingNegatedErrno(operation: "drmModeDirtyFB \(framebuffer)", path: path) {
                drmModeDirtyFB(fileDescriptor, framebuffer, &clips, UInt32(clips.count))
            }
            return true
        } catch {
            if error.errno == ENOSYS { return false }
            throw .system(error)
        }
    }

    /// drmHandleEvent: reads the pending events and calls `context`'s handlers.
    public func handleEvents(_ context: inout drmEventContext) throws(DisplayError) {
        do throws(SystemError) {
            _ = try Syscall.retrying(operation: "drmHandleEvent", path: path) { drmHandleEvent(fileDescriptor, &context) }
        } catch {
            // Nothing to read after all: the events come with the next readiness.
            if error.isWouldBlock { return }
            throw .system(error)
        }
    }

    // MARK: Properties

    /// The id of the connector's property called `name` (such as "DPMS"),
    /// or nil when the connector has none by that name.
    public func connectorProperty(_ connector: UInt32, named name: String) -> UInt32? {
        guard let properties = drmModeObjectGetProperties(fileDescriptor, connector,
                                                          UInt32(truncatingIfNeeded: DRM_MODE_OBJECT_CONNECTOR)) else {
            return nil
        }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let id = properties.pointee.props?[index], let property = drmModeGetProperty(fileDescriptor, id) else {
                continue
            }
            defer { drmModeFreeProperty(property) }
            let found = withUnsafeBytes(of: property.pointee.name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if found == name { return id }
        }
        return nil
    }

    /// drmModeConnectorSetProperty (needs DRM master).
    public func setConnectorProperty(_ connector: UInt32, property: UInt32, named name: String,
                                     to value: UInt64) throws(DisplayError) {
        try check(drmModeConnectorSetProperty(fileDescriptor, connector, property, value),
                  "drmModeConnectorSetProperty \(name)=\(value)")
    }

    // MARK: Dumb buffers

    /// DRM_IOCTL_MODE_CREATE_DUMB: the request comes back with handle, pitch and size.
    public func createDumbBuffer(width: Int, height: Int) throws(DisplayError) -> CLinux_DumbBufferRequest {
        var request = CLinux_DumbBufferRequest(height: UInt32(height), width: UInt32(width), bitsPerPixel: 32,
                                               flags: 0, handle: 0, pitch: 0, size: 0)
        try check(drmIoctl(fileDescriptor, CLinux_DRM_IOCTL_MODE_CREATE_DUMB(), &request), "DRM_IOCTL_MODE_CREATE_DUMB \(width)x\(height)")
        return request
    }

    /// DRM_IOCTL_MODE_MAP_DUMB then mmap: the buffer's memory, write-only by our rule.
    public func mapDumbBuffer(handle: UInt32, size: Int) throws(DisplayError) -> UnsafeMutableRawPointer {
        var request = CLinux_DumbBufferMapRequest(handle: handle, padding: 0, offset: 0)
        try check(drmIoctl(fileDescriptor, CLinux_DRM_IOCTL_MODE_MAP_DUMB(), &request), "DRM_IOCTL_MODE_MAP_DUMB")
        return try pointer("mmap dumb buffer") { () -> UnsafeMutableRawPointer? in
            let address = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fileDescriptor, off_t(request.offset))
            return address == MAP_FAILED ? nil : address
        }
    }

    public func destroyDumbBuffer(handle: UInt32) {
        var request = CLinux_DumbBufferDestroyRequest(handle: handle)
        _ = drmIoctl(fileDescriptor, CLinux_DRM_IOCTL_MODE_DESTROY_DUMB(), &request)
    }

    /// libdrm returns either -1 with errno set or a negative errno.
    private func check(_ result: @autoclosure () -> Int32, _ operation: String) throws(DisplayError) {
        _ = try DisplayError.wrapping { () throws(SystemError) in
            try Syscall.retryingNegatedErrno(operation: operation, path: path, result)
        }
    }

    /// libdrm's getters return nil with errno set.
    private func pointer<Pointer>(_ operation: String, _ call: () -> Pointer?) throws(DisplayError) -> Pointer {
        try DisplayError.wrapping { () throws(SystemError) in try Syscall.retryingPointer(operation: operation, path: path, call) }
    }
}
