#if canImport(Glibc)
import Geometry
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An XRGB8888 image: one `UInt32` per pixel holding `0x00RRGGBB`.
///
/// Rows are `stride` pixels apart in storage so a buffer can match a scan-out
/// buffer whose rows are padded; only the first `width` pixels of a row are
/// part of the image. The padding is never read by comparisons or output.
///
/// The storage is a value: copying a buffer and then mutating one of the
/// copies duplicates the pixels. Owners that count their buffers (the page
/// cache keeps exactly three) mutate them in place through `inout`.
public struct PixelBuffer: Sendable {
    public let width: Int
    public let height: Int
    /// Distance between the starts of two rows, in pixels; at least `width`.
    public let stride: Int
    /// Row-major storage of `stride * height` pixels.
    public private(set) var pixels: [UInt32]

    /// Creates a buffer filled with `color`. `stride` defaults to `width`.
    public init(width: Int, height: Int, stride: Int? = nil, fill color: UInt32 = 0) {
        precondition(width >= 0 && height >= 0, "negative size \(width)x\(height)")
        let rowPixels = stride ?? width
        precondition(rowPixels >= width, "stride \(rowPixels) is narrower than width \(width)")
        self.width = width
        self.height = height
        self.stride = rowPixels
        self.pixels = [UInt32](repeating: color, count: rowPixels * height)
    }

    /// A buffer whose pixels are left as the allocator gives them, for one
    /// that is always painted whole before it is read (a page buffer): its
    /// memory is then touched once, by the painting, not twice.
    public init(unfilledWidth width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative size \(width)x\(height)")
        self.width = width
        self.height = height
        stride = width
        pixels = [UInt32](unsafeUninitializedCapacity: width * height) { _, count in count = width * height }
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }
    /// Bytes between row starts, as a scan-out buffer's pitch is counted.
    public var bytesPerRow: Int { stride * MemoryLayout<UInt32>.size }

    // MARK: Single pixels

    /// The pixel at (x, y). Precondition: the point is inside the buffer.
    public subscript(x: Int, y: Int) -> UInt32 {
        get {
            precondition(contains(x: x, y: y), "pixel (\(x), \(y)) outside \(width)x\(height)")
            return pixels[y * stride + x]
        }
        set {
            precondition(contains(x: x, y: y), "pixel (\(x), \(y)) outside \(width)x\(height)")
            pixels[y * stride + x] = newValue
        }
    }

    /// The pixel at (x, y), or nil outside the buffer.
    public func pixel(x: Int, y: Int) -> UInt32? {
        contains(x: x, y: y) ? pixels[y * stride + x] : nil
    }

    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    // MARK: Fills

    /// Sets every pixel, padding included, to `color`.
    public mutating func fill(_ color: UInt32) {
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: color) }
    }

    /// Sets the pixels of `rect` that lie inside the buffer to `color`.
    public mutating func fill(_ rect: PixelRect, with color: UInt32) {
        guard let clipped = rect.intersection(bounds) else { return }
        let rowStride = stride
        pixels.withUnsafeMutableBufferPointer { storage in
            // Precondition: storage is non-empty because `clipped` is non-empty.
            let base = storage.baseAddress!
            if clipped.width == rowStride {
                let start = base + clipped.y * rowStride
                start.update(repeating: color, count: rowStride * clipped.height)
                return
            }
            for row in clipped.y..<clipped.maxY {
                (base + row * rowStride + clipped.x).update(repeating: color, count: clipped.width)
            }
        }
    }

    // MARK: Copies

    /// Copies `sourceRect` of `source` so that its top-left pixel lands at
    /// (`x`, `y`) here. Parts outside either buffer are skipped; each row is
    /// one memory copy, and the whole block is one when rows are contiguous.
    public mutating func copy(from source: PixelBuffer, sourceRect: PixelRect, toX x: Int, y: Int) {
        guard let region = Self.clippedCopy(
            sourceRect: sourceRect, sourceBounds: source.bounds,
            destinationX: x, destinationY: y, destinationBounds: bounds)
        else { return }
        let destinationStride = stride
        let sourceStride = source.stride
        let rowBytes = region.width * MemoryLayout<UInt32>.size
        source.pixels.withUnsafeBufferPointer { sourceStorage in
            pixels.withUnsafeMutableBufferPointer { destinationStorage in
                // Precondition: both are non-empty because the clipped region is.
                let from = sourceStorage.baseAddress! + region.sourceY * sourceStride + region.sourceX
                let to = destinationStorage.baseAddress! + region.destinationY * destinationStride
                    + region.destinationX
                if region.width == sourceStride && sourceStride == destinationStride {
                    UnsafeMutableRawPointer(to).copyMemory(
                        from: from, byteCount: rowBytes * region.height)
                    return
                }
                // One memcpy per row: the same stores a whole-frame memcpy makes,
                // so a composed frame costs what copying one frame costs.
                for row in 0..<region.height {
                    UnsafeMutableRawPointer(to + row * destinationStride)
                        .copyMemory(from: from + row * sourceStride, byteCount: rowBytes)
                }
            }
        }
    }

    /// Copies all of `source` with its top-left pixel at (`x`, `y`), clipped.
    public mutating func copy(from source: PixelBuffer, toX x: Int, y: Int) {
        copy(from: source, sourceRect: source.bounds, toX: x, y: y)
    }

    struct CopyRegion: Equatable {
        var sourceX: Int, sourceY: Int
        var destinationX: Int, destinationY: Int
        var width: Int, height: Int
    }

    /// Shrinks a copy so it reads only inside the source and writes only
    /// inside the destination; nil when nothing is left.
    static func clippedCopy(
        sourceRect: PixelRect, sourceBounds: PixelRect,
        destinationX: Int, destinationY: Int, destinationBounds: PixelRect
    ) -> CopyRegion? {
        guard let readable = sourceRect.intersection(sourceBounds) else { return nil }
        // Where the readable part would land, then what of it is writable.
        let landing = PixelRect(
            x: destinationX + (readable.x - sourceRect.x),
            y: destinationY + (readable.y - sourceRect.y),
            width: readable.width, height: readable.height)
        guard let writable = landing.intersection(destinationBounds) else { return nil }
        return CopyRegion(
            sourceX: readable.x + (writable.x - landing.x),
            sourceY: readable.y + (writable.y - landing.y),
            destinationX: writable.x, destinationY: writable.y,
            width: writable.width, height: writable.height)
    }

    // MARK: Raw access

    /// The whole storage as bytes, `bytesPerRow` apart, padding included.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes(body)
    }

    /// One row's `width * 4` visible bytes. Precondition: `row` is in range.
    public func withRowBytes<R>(_ row: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(row >= 0 && row < height, "row \(row) outside 0..<\(height)")
        let start = row * stride * MemoryLayout<UInt32>.size
        return try pixels.withUnsafeBytes { storage in
            try body(UnsafeRawBufferPointer(rebasing: storage[start..<start + width * MemoryLayout<UInt32>.size]))
        }
    }

    /// Mutable access to the storage for painters' inner loops.
    public mutating func withUnsafeMutablePixels<R>(
        _ body: (UnsafeMutableBufferPointer<UInt32>) throws -> R
    ) rethrows -> R {
        try pixels.withUnsafeMutableBufferPointer { try body($0) }
    }
}

extension PixelBuffer: Equatable {
    /// Equal when sizes and visible pixels match; stride and padding are ignored.
    public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        for row in 0..<lhs.height {
            let equalRow = lhs.withRowBytes(row) { left in
                rhs.withRowBytes(row) { right in
                    // Precondition: rows of a non-empty image have base addresses.
                    left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
                }
            }
            if !equalRow { return false }
        }
        return true
    }
}
