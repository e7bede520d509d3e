import CLinux

/// How rows of 32-bit pixels are written into a frame: through the cache
/// (a frame in RAM), or streamed past it into a display's scanout buffer,
/// 16 or 32 bytes a store. The copies are the C shim's inline ones; these
/// wrappers are inlinable so a frame's row loop stays one pass with no
/// call per row.
public enum RowStores: Sendable {
    case cached, streamed, streamedWide

    /// The best streaming stores this processor has: 32 bytes a store
    /// where it has AVX2 (and the kernel keeps its registers).
    public static let bestStreaming: RowStores = CLinux_hasWideStreaming() != 0 ? .streamedWide : .streamed

    /// Copies `count` pixels from `source` to `destination`.
    @inlinable @inline(__always)
    public func copy(to destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
        let bytes = count * MemoryLayout<UInt32>.size
        switch self {
        case .cached: CLinux_copyRow(destination, source, bytes)
        case .streamed: CLinux_streamRow(destination, source, bytes)
        case .streamedWide: CLinux_streamRowWide(destination, source, bytes)
        }
    }

    /// Writes `pixel` into `count` pixels from `destination`.
    @inlinable @inline(__always)
    public func fill(_ destination: UnsafeMutablePointer<UInt32>, with pixel: UInt32, count: Int) {
        switch self {
        case .cached: destination.update(repeating: pixel, count: count)
        case .streamed: CLinux_streamFill(destination, pixel, count)
        case .streamedWide: CLinux_streamFillWide(destination, pixel, count)
        }
    }

    /// Orders a frame's streamed stores before whatever follows (the flip).
    @inlinable @inline(__always)
    public static func finishStreaming() {
        CLinux_finishStreaming()
    }
}
