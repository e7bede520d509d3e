import CLinux
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

    /// Composes the paging view at `offsetX`. `page` gives the buffer of a
    /// page, or nil when there is none (past either end). The frame is
    /// written in one pass, row after row, each row copied from the two
    /// pages side by side: the same stores, in the same order, as one
    /// memcpy of a frame.
    public func composePaging(offsetX: Double, into frame: inout PixelBuffer, page: (Int) -> PixelBuffer?) {
        let (left, shift) = Self.split(offsetX: offsetX, pageWidth: width)
        let leftWidth = width - shift
        let rows = min(height, frame.height)
        let frameStride = frame.stride
        guard frame.width >= width else { return }
        let background = self.background
        withRows(of: page(left), rows: rows) { leftRows, leftStride in
            withRows(of: shift > 0 ? page(left + 1) : nil, rows: rows) { rightRows, rightStride in
                frame.withUnsafeMutablePixels { pixels in
                    // Precondition: the frame holds at least `width` x `rows` pixels (checked above).
                    let base = pixels.baseAddress!
                    for y in 0..<rows {
                        let row = base + y * frameStride
                        if let leftRows {
                            Self.copyPixels(to: row, from: leftRows + y * leftStride + shift, count: leftWidth)
                        } else {
                            // Past the first or last page the rubber band shows the background.
                            row.update(repeating: background, count: leftWidth)
                        }
                        guard shift > 0 else { continue }
                        if let rightRows {
                            Self.copyPixels(to: row + leftWidth, from: rightRows + y * rightStride, count: shift)
                        } else {
                            (row + leftWidth).update(repeating: background, count: shift)
                        }
                    }
                }
            }
        }
    }

    /// A row part, copied with the platform's best row copy (`CLinux_copyRow`).
    @inline(__always)
    static func copyPixels(to destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
        CLinux_copyRow(destination, source, count * MemoryLayout<UInt32>.size)
    }

    /// Lends the pixels of a page buffer that covers the viewport, with its
    /// stride; nil for no page or one of another size.
    private func withRows(of page: PixelBuffer?, rows: Int, _ body: (UnsafePointer<UInt32>?, Int) -> Void) {
        guard let page, page.width >= width, page.height >= rows else { return body(nil, 0) }
        page.withUnsafeBytes { raw in body(raw.bindMemory(to: UInt32.self).baseAddress, page.stride) }
    }

    /// Magnifies `page` by `scale` with the zoomed content offset `offset`
    /// at the viewport's top-left, bilinear (fast enough during a pinch):
    /// the source columns and weights are worked out once per frame, so
    /// the per-pixel work is integer only.
    public func composeMagnified(_ page: PixelBuffer, scale: Double, offsetX: Double, offsetY: Double,
                                 into frame: inout PixelBuffer) {
        let inverse = 1 / scale
        let maxX = page.width - 1, maxY = page.height - 1
        let background = self.background
        let width = self.width
        var columns = [SourceSpan](repeating: SourceSpan(first: 0, second: 0, weight: 0, inside: false), count: width)
        for x in 0..<width {
            let pageX = (Double(x) + offsetX + 0.5) * inverse - 0.5
            columns[x] = SourceSpan(position: pageX, last: maxX)
        }
        page.withUnsafeBytes { sourceBytes in
            let source = sourceBytes.bindMemory(to: UInt32.self)
            let sourceStride = page.stride
            let stride = frame.stride
            frame.withUnsafeMutablePixels { pixels in
                columns.withUnsafeBufferPointer { columns in
                    for y in 0..<height {
                        let row = y * stride
                        let span = SourceSpan(position: (Double(y) + offsetY + 0.5) * inverse - 0.5, last: maxY)
                        guard span.inside else {
                            for x in 0..<width { pixels[row + x] = background }
                            continue
                        }
                        let top = span.first * sourceStride, bottom = span.second * sourceStride
                        for x in 0..<width {
                            let column = columns[x]
                            guard column.inside else { pixels[row + x] = background; continue }
                            let upper = Self.mix(source[top + column.first], source[top + column.second], column.weight)
                            let lower = Self.mix(source[bottom + column.first], source[bottom + column.second], column.weight)
                            pixels[row + x] = Self.mix(upper, lower, span.weight)
                        }
                    }
                }
            }
        }
    }

    /// The two source pixels a destination pixel falls between along one
    /// axis, and the weight (of 256) of the second.
    struct SourceSpan {
        var first: Int
        var second: Int
        var weight: UInt32
        /// False when the position lies off the page (the background shows).
        var inside: Bool

        init(first: Int, second: Int, weight: UInt32, inside: Bool) {
            self.first = first
            self.second = second
            self.weight = weight
            self.inside = inside
        }

        init(position: Double, last: Int) {
            inside = position >= -0.5 && position <= Double(last) + 0.5
            first = max(0, min(last, Int(position.rounded(.down))))
            second = min(last, first + 1)
            weight = UInt32(max(0, min(1, position - Double(first))) * 256)
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
