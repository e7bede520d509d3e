import Geometry
import Raster

/// What an e-ink panel shows: each frame given to it quantized to its 16
/// greys, or to black and white where the interface is drawn in fast
/// mode, and which parts of the glass that changed.
public struct EinkPanel: Sendable {
    /// The picture on the glass.
    public private(set) var picture: PixelBuffer
    /// Rows last drawn in black and white: a page drawn over them redraws them in greys.
    public private(set) var blackAndWhiteRows: RowSet
    /// Changed rows this close together count as one band (lines of text and the leading between them).
    public static let bandGap = 24

    public init(width: Int, height: Int) {
        picture = PixelBuffer(width: width, height: height)
        blackAndWhiteRows = RowSet(rows: height)
    }

    /// A pixel's grey (Rec. 601 luma) rounded to one of 16 levels, as XRGB.
    @inline(__always)
    public static func grey(_ pixel: UInt32) -> UInt32 {
        let level = (luma(pixel) * 15 + 127) / 255 * 17
        return level << 16 | level << 8 | level
    }

    /// A pixel as black or white, as XRGB.
    @inline(__always)
    public static func blackOrWhite(_ pixel: UInt32) -> UInt32 {
        luma(pixel) >= 128 ? 0xFF_FFFF : 0
    }

    @inline(__always)
    private static func luma(_ pixel: UInt32) -> UInt32 {
        ((pixel >> 16 & 0xFF) * 77 + (pixel >> 8 & 0xFF) * 150 + (pixel & 0xFF) * 29) >> 8
    }

    /// Takes the `rows` of a frame (`stride` bytes a row) onto the glass,
    /// quantized, and returns the bands where the glass changed, top to
    /// bottom, each as wide as its changes.
    public mutating func take(pixels: UnsafeRawBufferPointer, stride: Int, rows: RowSet, blackAndWhite: Bool) -> [PixelRect] {
        let width = picture.width, height = picture.height
        precondition(stride >= width * 4 && pixels.count >= (height - 1) * stride + width * 4,
                     "the frame holds \(width)x\(height) pixels")
        var bands: [PixelRect] = []
        var band: (top: Int, bottom: Int, left: Int, right: Int)?
        let target = picture.stride
        picture.withUnsafeMutablePixels { glass in
            // Precondition: the picture holds `height` rows of `target` pixels.
            let glassBase = glass.baseAddress!
            for run in rows.runs {
                for y in run.lowerBound..<min(run.upperBound, height) {
                    let row = glassBase + y * target
                    var left = width, right = -1
                    for x in 0..<width {
                        let source = pixels.loadUnaligned(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                        let shown = blackAndWhite ? Self.blackOrWhite(source) : Self.grey(source)
                        if row[x] != shown {
                            row[x] = shown
                            left = min(left, x)
                            right = x
                        }
                    }
                    guard right >= 0 else { continue }
                    if let open = band, y - open.bottom <= Self.bandGap {
                        band = (open.top, y, min(open.left, left), max(open.right, right))
                    } else {
                        if let open = band { bands.append(Self.rect(open)) }
                        band = (y, y, left, right)
                    }
                }
            }
        }
        if let open = band { bands.append(Self.rect(open)) }
        let taken = rows.resized(to: height)
        if blackAndWhite { blackAndWhiteRows.formUnion(taken) } else { blackAndWhiteRows.subtract(taken) }
        return bands
    }

    private static func rect(_ band: (top: Int, bottom: Int, left: Int, right: Int)) -> PixelRect {
        PixelRect(x: band.left, y: band.top, width: band.right - band.left + 1, height: band.bottom - band.top + 1)
    }
}
