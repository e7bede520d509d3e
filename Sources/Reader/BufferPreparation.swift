import Foundation
import Raster

/// The page buffers and the frame, allocated and touched on a thread of
/// their own while the reader sets up its typesetters: the first touch of
/// 16-33 MB of fresh memory costs milliseconds of page faults, which the
/// first page need not wait for.
final class BufferPreparation: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffers: [PixelBuffer]?

    init(count: Int, width: Int, height: Int, fill color: UInt32) {
        let thread = Thread { [self] in
            let made = (0..<count).map { _ in PixelBuffer(width: width, height: height, fill: color) }
            condition.lock()
            buffers = made
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "ebook-fb buffers"
        thread.start()
    }

    /// The buffers, once made.
    func take() -> [PixelBuffer] {
        condition.lock(); defer { condition.unlock() }
        while buffers == nil { condition.wait() }
        return buffers ?? []
    }
}
