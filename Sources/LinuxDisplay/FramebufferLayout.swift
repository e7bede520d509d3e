/// How a framebuffer's memory is laid out and how frames reach the glass:
/// with room for two screens in the virtual height and a driver that pans,
/// frames alternate between two pages and FBIOPAN_DISPLAY shows the one
/// just written (no tearing); otherwise the one visible page is written,
/// only its changed rows.
public struct FramebufferLayout: Equatable, Sendable {
    /// The visible picture in pixels (xres, yres).
    public let width: Int
    public let height: Int
    /// The height the memory holds (yres_virtual).
    public let virtualHeight: Int
    /// Bytes from one row to the next (line_length).
    public let lineLength: Int
    /// The panning step in rows (ypanstep); 0 when the driver cannot pan.
    public let panStep: Int
    public let format: FramebufferFormat
    /// The mapped memory's size (smem_len).
    public let memorySize: Int

    public init(width: Int, height: Int, virtualHeight: Int, lineLength: Int, panStep: Int,
                format: FramebufferFormat, memorySize: Int) {
        self.width = width
        self.height = height
        self.virtualHeight = virtualHeight
        self.lineLength = lineLength
        self.panStep = panStep
        self.format = format
        self.memorySize = memorySize
    }

    /// A layout that cannot be drawn says why (the device's numbers are checked once, here).
    public var problem: String? {
        if width <= 0 || height <= 0 { return "reports a \(width)x\(height) screen" }
        if lineLength < width * format.bytesPerPixel { return "has rows of \(lineLength) bytes, too short for \(width) pixels" }
        if memorySize < height * lineLength { return "maps \(memorySize) bytes, too few for \(height) rows" }
        return nil
    }

    /// Two pages when the memory holds two screens and the driver pans to
    /// the second one's first row; else one.
    public var pageCount: Int {
        let fits = virtualHeight >= 2 * height && memorySize >= 2 * height * lineLength
        let reachable = panStep > 0 && height % panStep == 0
        return fits && reachable ? 2 : 1
    }

    /// The first row of `page` in the virtual screen: the y offset to pan to.
    public func firstRow(ofPage page: Int) -> Int { page * height }

    /// The byte offset of `page` in the mapped memory.
    public func byteOffset(ofPage page: Int) -> Int { page * height * lineLength }
}
