import Glibc

/// One dumb buffer registered as a framebuffer and mapped for writing.
final class ScanoutBuffer {
    let handle: UInt32
    let framebuffer: UInt32
    let pitch: Int
    let size: Int
    let memory: UnsafeMutableRawPointer
    private unowned let device: DRMDevice
    private var isReleased = false

    init(device: DRMDevice, width: Int, height: Int) throws(DisplayError) {
        let created = try device.createDumbBuffer(width: width, height: height)
        do {
            memory = try device.mapDumbBuffer(handle: created.handle, size: Int(created.size))
        } catch {
            device.destroyDumbBuffer(handle: created.handle)
            throw error
        }
        do {
            framebuffer = try device.addFramebuffer(width: width, height: height, handle: created.handle, pitch: created.pitch)
        } catch {
            munmap(memory, Int(created.size))
            device.destroyDumbBuffer(handle: created.handle)
            throw error
        }
        self.device = device
        handle = created.handle
        pitch = Int(created.pitch)
        size = Int(created.size)
    }

    /// Unregisters, unmaps and frees; the device must still be open.
    func release() {
        guard !isReleased else { return }
        isReleased = true
        device.removeFramebuffer(framebuffer)
        munmap(memory, size)
        device.destroyDumbBuffer(handle: handle)
    }
}
