import Raster

/// Builds each frame from the page buffers: in paging mode the (at most)
/// two pages under the viewport, copied row by row at the scroll offset;
/// while a zoom is in motion the current page magnified from its buffer.
public struct Compositor {
    public let width: Int
    public let height: Int
    public var background: UInt32

    public init(width: Int, height: Int, background: UInt32) {
        self.width = width
        self.height = height
        self.background = background
    }

    /// The page index at the viewport's left edge and how far into it the edge lies.
    public static func split(offsetX: Double, pageWidth: Int) -> (page: Int, shift: Int) {
        let x = Int(offsetX.rounded())
        let page = x >= 0 ? x / pageWidth : -((-x + pageWidth - 1) / pageWidth)
        return (page, x - page * pageWidth)
    }

    /// Composes the paging view at `offsetX`. `page(_:_:)` lends the buffer
    /// of a page and returns false when there is none (past either end).
    public func composePaging(offsetX: Double, into frame: inout PixelBuffer,
                              page: (Int, (PixelBuffer) -> Void) -> Bool) {
        let (left, shift) = Self.split(offsetX: offsetX, pageWidth: width)
        let leftWidth = width - shift
        var drewLeft = false, drewRight = shift == 0
        drewLeft = page(left) { buffer in
            frame.copy(from: buffer, sourceRect: PixelRect(x: shift, y: 0, width: leftWidth, height: height), toX: 0, y: 0)
        }
        if shift > 0 {
            drewRight = page(left + 1) { buffer in
                frame.copy(from: buffer, sourceRect: PixelRect(x: 0, y: 0, width: shift, height: height), toX: leftWidth, y: 0)
            }
        }
        // Past the first or last page the rubber band shows the background.
        if !drewLeft { frame.fill(PixelRect(x: 0, y: 0, width: leftWidth, height: height), with: background) }
        if !drewRight { frame.fill(PixelRect(x: leftWidth, y: 0, width: shift, height: height), with: background) }
    }

    /// Magnifies `page` by `scale` with the zoomed content offset `offset`
    /// at the viewport's top-left, bilinear (fast enough during a pinch).
    public func composeMagnified(_ page: PixelBuffer, scale: Double, offsetX: Double, offsetY: Double,
                                 into frame: inout PixelBuffer) {
        let inverse = 1 / scale
        let maxX = page.width - 1, maxY = page.height - 1
        let background = self.background
        page.withUnsafeBytes { sourceBytes in
            let source = sourceBytes.bindMemory(to: UInt32.self)
            let sourceStride = page.stride
            let stride = frame.stride
            frame.withUnsafeMutablePixels { pixels in
                for y in 0..<height {
                    let pageY = (Double(y) + offsetY + 0.5) * inverse - 0.5
                    let row = y * stride
                    if pageY < -0.5 || pageY > Double(maxY) + 0.5 {
                        for x in 0..<width { pixels[row + x] = background }
                        continue
                    }
                    let y0 = max(0, min(maxY, Int(pageY.rounded(.down))))
                    let y1 = min(maxY, y0 + 1)
                    let fy = UInt32(max(0, min(1, pageY - Double(y0))) * 256)
                    for x in 0..<width {
                        let pageX = (Double(x) + offsetX + 0.5) * inverse - 0.5
                        if pageX < -0.5 || pageX > Double(maxX) + 0.5 { pixels[row + x] = background; continue }
                        let x0 = max(0, min(maxX, Int(pageX.rounded(.down))))
                        let x1 = min(maxX, x0 + 1)
                        let fx = UInt32(max(0, min(1, pageX - Double(x0))) * 256)
                        let top = Self.mix(source[y0 * sourceStride + x0], source[y0 * sourceStride + x1], fx)
                        let bottom = Self.mix(source[y1 * sourceStride + x0], source[y1 * sourceStride + x1], fx)
                        pixels[row + x] = Self.mix(top, bottom, fy)
                    }
                }
            }
        }
    }

    /// Linear mix of two XRGB pixels, `weight` of 256 toward `b`.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ weight: UInt32) -> UInt32 {
        let keep = 256 - weight
        let redBlue = ((a & 0xFF00FF) &* keep &+ (b & 0xFF00FF) &* weight) >> 8 & 0xFF00FF
        let green = ((a & 0x00FF00) &* keep &+ (b & 0x00FF00) &* weight) >> 8 & 0x00FF00
        return redBlue | green
    }
}
