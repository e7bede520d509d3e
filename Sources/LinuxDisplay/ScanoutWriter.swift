import Devices
import Geometry

/// The display's damage path: a frame composed upright in RAM goes into one
/// of the scanout buffers, only the rows that buffer lacks (the frame's
/// damage and what it missed while the other buffer was shown), turned by
/// the rotation. The buffers are written, never read.
public struct ScanoutWriter: Sendable {
    public let copier: FrameCopier
    private var damage: DamageTracker

    public init(copier: FrameCopier, bufferCount: Int = 2) {
        self.copier = copier
        damage = DamageTracker(height: copier.logicalHeight, bufferCount: bufferCount)
    }

    /// Writes the rows of `pixels` that `buffer` lacks into `destination`
    /// (that buffer's memory); returns the frame rows written.
    public mutating func write(_ pixels: UnsafeRawBufferPointer, stride: Int, damage changed: FrameDamage,
                               into buffer: Int, destination: UnsafeMutableRawPointer) -> FrameDamage {
        let rows = damage.rowsToCopy(into: buffer, damage: changed)
        for run in rows.runs {
            copier.copy(rows: run, from: pixels, sourceStride: stride, to: destination)
        }
        return rows
    }

    /// Every buffer is written whole next time (a new mode, the screen taken back).
    public mutating func invalidateAll() { damage.invalidateAll() }

    /// Bytes a write of `rows` puts into a buffer.
    public func bytes(of rows: FrameDamage) -> Int { rows.changedRows * copier.logicalWidth * 4 }
}

/// Scanout buffers in ordinary memory, written through the display's own
/// damage path and flipped like a screen's (without the vblank): what the
/// benchmark measures the bytes of a frame on the glass with.
public final class MemoryScanout {
    private var writer: ScanoutWriter
    private let buffers: [UnsafeMutableRawPointer]
    private let byteCount: Int
    private var next = 0
    /// Bytes written into the buffers by the last present, and in all.
    public private(set) var lastPresentBytes = 0
    public private(set) var bytesWritten = 0

    public init(width: Int, height: Int, rotation: Rotation = .none) {
        let copier = FrameCopier(rotation: rotation, physicalWidth: rotation.swapsAxes ? height : width,
                                 physicalHeight: rotation.swapsAxes ? width : height,
                                 pitch: (rotation.swapsAxes ? height : width) * 4)
        writer = ScanoutWriter(copier: copier)
        byteCount = copier.pitch * copier.physicalHeight
        buffers = (0..<2).map { _ in
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: copier.pitch * copier.physicalHeight, alignment: 64)
            buffer.initializeMemory(as: UInt8.self, repeating: 0, count: copier.pitch * copier.physicalHeight)
            return buffer
        }
    }

    deinit { buffers.forEach { $0.deallocate() } }

    /// Writes a frame into the back buffer and makes it the front one.
    public func present(pixels: UnsafeRawBufferPointer, stride: Int, damage: FrameDamage) {
        let rows = writer.write(pixels, stride: stride, damage: damage, into: next, destination: buffers[next])
        lastPresentBytes = writer.bytes(of: rows)
        bytesWritten += lastPresentBytes
        next = 1 - next
    }

    /// The front buffer's bytes (the last frame presented), rows `pitch` apart.
    public func withFrontBuffer<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        body(UnsafeRawBufferPointer(start: buffers[1 - next], count: byteCount))
    }
}
