import CLinux
import Devices
import Geometry
import Glibc
import LinuxSystem

/// A screen driven through fbdev (/dev/fbN): for boards whose graphics have
/// no DRM driver, and the DRM drivers' fbdev emulation. Frames composed
/// upright in RAM are converted into the device's pixel layout; with room
/// for two screens and a driver that pans, each goes into the hidden page
/// and FBIOPAN_DISPLAY shows it, else only the changed rows are written into
/// the visible one. fbdev has no flip event: the owner paces frames.
/// `restore()` (deinit too) pans back to where the console was and turns
/// the panel on.
public final class FramebufferDisplay {
    public let devicePath: String
    /// The driver's name (FBIOGET_FSCREENINFO's id): "VESA VGA", "bochs-drmdrmfb", "simple".
    public let driverName: String
    public let layout: FramebufferLayout
    /// The picture's size on the glass in millimetres, when the driver says.
    public let physicalSize: Size?
    public private(set) var isPowered = true
    /// False while the console is switched away.
    public private(set) var isActive = true

    private let device: FramebufferDevice
    private let memory: UnsafeMutableRawPointer
    private var writer: FramebufferWriter
    /// The screen info as found: its offsets are panned back to on restore.
    private let savedInfo: fb_var_screeninfo
    /// The first row on the glass (the y offset panned to).
    private var shownRow: Int
    private var isRestored = false

    public var width: Int { layout.width }
    public var height: Int { layout.height }
    /// Whether frames alternate between two pages.
    public var pans: Bool { writer.pans }

    public init(path: String) throws(DisplayError) {
        let device = try FramebufferDevice(path: path)
        let variable = try device.variableInfo()
        let fixed = try device.fixedInfo()
        guard let format = FramebufferFormat(
            bitsPerPixel: Int(variable.bits_per_pixel),
            red: .init(offset: Int(variable.red.offset), length: Int(variable.red.length)),
            green: .init(offset: Int(variable.green.offset), length: Int(variable.green.length)),
            blue: .init(offset: Int(variable.blue.offset), length: Int(variable.blue.length))),
            fixed.type == UInt32(FB_TYPE_PACKED_PIXELS), fixed.visual == UInt32(FB_VISUAL_TRUECOLOR) else {
            device.close()
            throw .unsupportedFramebuffer(path: path, reason: "\(variable.bits_per_pixel) bits a pixel, type \(fixed.type), "
                                          + "visual \(fixed.visual): only packed true-colour pixels of 16, 24 or 32 bits are drawn")
        }
        let layout = FramebufferLayout(width: Int(variable.xres), height: Int(variable.yres),
                                       virtualHeight: Int(variable.yres_virtual), lineLength: Int(fixed.line_length),
                                       panStep: Int(fixed.ypanstep), format: format, memorySize: Int(fixed.smem_len))
        if let problem = layout.problem {
            device.close()
            throw .unsupportedFramebuffer(path: path, reason: problem)
        }
        do {
            memory = try device.map(size: layout.memorySize)
        } catch {
            device.close()
            throw error
        }
        self.device = device
        self.layout = layout
        devicePath = path
        driverName = Self.name(fixed.id)
        savedInfo = variable
        shownRow = Int(variable.yoffset)
        writer = FramebufferWriter(layout: layout)
        let millimetres = (width: Int(Int32(bitPattern: variable.width)), height: Int(Int32(bitPattern: variable.height)))
        physicalSize = (1...3000).contains(millimetres.width) && (1...3000).contains(millimetres.height)
            ? Size(width: Double(millimetres.width), height: Double(millimetres.height)) : nil
    }

    deinit { restore() }

    /// Writes what changed of a frame of `width` x `height` XRGB8888 pixels
    /// (rows `stride` bytes apart) and shows it. False, drawing nothing,
    /// while the console is away or the panel is off.
    @discardableResult
    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage) throws(DisplayError) -> Bool {
        guard isActive, isPowered, !isRestored else { return false }
        let written = writer.write(pixels, stride: stride, damage: damage, into: memory)
        if !written.rows.isEmpty { device.flush() }
        // One page is written at the top of the memory: a console scrolled
        // by panning is brought back there first.
        let row = layout.firstRow(ofPage: written.page)
        if row != shownRow { try panTo(row: row) }
        writer.shown(page: written.page)
        return true
    }

    private func panTo(row: Int) throws(DisplayError) {
        var info = savedInfo
        info.xoffset = 0
        info.yoffset = UInt32(row)
        try device.pan(info)
        shownRow = row
    }

    /// The console is being switched away: stop drawing.
    public func releaseForSwitch() {
        isActive = false
    }

    /// The console is ours again: the console drew over the pages, so the
    /// next present writes every row (the caller redraws).
    public func reacquireAfterSwitch() {
        guard !isRestored else { return }
        isActive = true
        writer.invalidateAll()
        // The console may have panned elsewhere: the next present pans, whatever it shows.
        shownRow = -1
    }

    /// Turns the panel off or on (FBIOBLANK); on again, every row is written next.
    public func setPowered(_ on: Bool) throws(DisplayError) {
        guard on != isPowered, isActive, !isRestored else { return }
        try device.blank(!on)
        isPowered = on
        if on { writer.invalidateAll() }
    }

    /// The panel on and panned back to where the console was; the memory
    /// unmapped and the device closed. Safe to call more than once.
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        if !isPowered { try? device.blank(false) }
        if shownRow != Int(savedInfo.yoffset) { try? device.pan(savedInfo) }
        munmap(memory, layout.memorySize)
        device.close()
    }

    /// FSCREENINFO's id: up to 16 bytes, NUL-terminated when shorter.
    private static func name<T>(_ id: T) -> String {
        withUnsafeBytes(of: id) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
