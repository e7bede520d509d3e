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
    public func bytes(of rows: FrameDamage) -> Int { rows.count * copier.logicalWidth * 4 }
}
