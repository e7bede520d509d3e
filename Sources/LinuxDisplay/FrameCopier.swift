import Geometry

/// Copies rows of an upright XRGB8888 frame composed in RAM into a mapped
/// scanout buffer, turning it by the output rotation. It only writes the
/// destination: scanout memory can be uncached, and reading it back is slow.
public struct FrameCopier: Equatable, Sendable {
    public let rotation: Rotation
    /// The mode's size: the scanout buffer's pixels.
    public let physicalWidth: Int
    public let physicalHeight: Int
    /// Bytes from one row of the scanout buffer to the next (the driver's pitch).
    public let pitch: Int

    public init(rotation: Rotation, physicalWidth: Int, physicalHeight: Int, pitch: Int) {
        precondition(pitch >= physicalWidth * 4, "the pitch holds at least one row of pixels")
        self.rotation = rotation
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
        self.pitch = pitch
    }

    /// The upright frame's size.
    public var logicalWidth: Int { logicalSize.width }
    public var logicalHeight: Int { logicalSize.height }
    private var logicalSize: (width: Int, height: Int) {
        rotation.logicalSize(physicalWidth: physicalWidth, physicalHeight: physicalHeight)
    }

    /// Copies the frame's `rows` (clamped to the frame) from `source`, whose
    /// rows are `sourceStride` bytes apart, into `destination`.
    public func copy(rows: Range<Int>, from source: UnsafeRawBufferPointer, sourceStride: Int,
                     to destination: UnsafeMutableRawPointer) {
        let rows = rows.clamped(to: 0..<logicalHeight)
        guard !rows.isEmpty, let sourceBase = source.baseAddress else { return }
        precondition(sourceStride >= logicalWidth * 4 && source.count >= (rows.upperBound - 1) * sourceStride + logicalWidth * 4,
                     "the source holds every row asked for")
        let width = logicalWidth
        switch rotation {
        case .none:
            for y in rows {
                (destination + y * pitch).copyMemory(from: sourceBase + y * sourceStride, byteCount: width * 4)
            }
        case .half:
            for y in rows {
                let target = (destination + (physicalHeight - 1 - y) * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    target[physicalWidth - 1 - x] = sourceBase.loadUnaligned(fromByteOffset: y * sourceStride + x * 4, as: UInt32.self)
                }
            }
        case .quarter:
            // Upright (x, y) lands at panel (W - 1 - y, x).
            for y in rows {
                let column = physicalWidth - 1 - y
                for x in 0..<width {
                    let pixel = sourceBase.loadUnaligned(fromByteOffset: y * sourceStride + x * 4, as: UInt32.self)
                    destination.storeBytes(of: pixel, toByteOffset: x * pitch + column * 4, as: UInt32.self)
                }
            }
        case .threeQuarters:
            // Upright (x, y) lands at panel (y, H - 1 - x).
            for y in rows {
                for x in 0..<width {
                    let pixel = sourceBase.loadUnaligned(fromByteOffset: y * sourceStride + x * 4, as: UInt32.self)
                    destination.storeBytes(of: pixel, toByteOffset: (physicalHeight - 1 - x) * pitch + y * 4, as: UInt32.self)
                }
            }
        }
    }

    /// The panel rectangle (x, y, width, height) that the frame's `rows` cover, for DirtyFB.
    public func panelRect(rows: Range<Int>) -> (x: Int, y: Int, width: Int, height: Int) {
        let rows = rows.clamped(to: 0..<logicalHeight)
        switch rotation {
        case .none: return (0, rows.lowerBound, physicalWidth, rows.count)
        case .half: return (0, physicalHeight - rows.upperBound, physicalWidth, rows.count)
        case .quarter: return (physicalWidth - rows.upperBound, 0, rows.count, physicalHeight)
        case .threeQuarters: return (rows.lowerBound, 0, rows.count, physicalHeight)
        }
    }
}
