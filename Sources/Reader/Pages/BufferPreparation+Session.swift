import Raster

/// A new session's pixel buffers: the page cache's three and the frame.
extension BufferPreparation {
    /// `prepared` (made while the book was opened) when it has the page's
    /// size and background, else the first page's buffer and the frame
    /// made from now on, on a thread of their own.
    static func forSession(_ prepared: BufferPreparation?, width: Int, height: Int,
                           background: UInt32) -> BufferPreparation {
        if let prepared, prepared.width == width, prepared.height == height, prepared.fill == background {
            return prepared
        }
        return BufferPreparation(count: 2, width: width, height: height, fill: background)
    }

    /// The page cache's buffers: the first page's, taken here before the
    /// frame, and two more, whose ink is not known: their first painting
    /// clears them whole.
    func takePageBuffers() -> [PixelBuffer] {
        [takeNext()] + (1..<PageCache.bufferCount).map { _ in PixelBuffer(unfilledWidth: width, height: height) }
    }
}
