import Raster
import Threading

/// Buffers allocated and touched on a thread of their own while the
/// reader sets up its typesetters: the first touch of 4-8 MB of fresh
/// memory costs milliseconds of page faults, which the first page need not
/// wait for. They are made in order and each is taken as soon as it is
/// made (the first page's buffer before the frame it is composed into).
final class BufferPreparation: @unchecked Sendable {
    private let condition = Condition()
    private var made: [PixelBuffer] = []
    private var taken = 0

    init(count: Int, width: Int, height: Int, fill color: UInt32) {
        let make: @Sendable () -> Void = { [self] in
            for _ in 0..<count {
                let buffer = PixelBuffer(width: width, height: height, fill: color)
                condition.lock()
                // Consumed: this thread keeps no reference that would make
                // the taker's first write copy the pixels.
                made.append(consume buffer)
                condition.broadcast()
                condition.unlock()
            }
        }
        // Without a thread to spare, the buffers are made now.
        do { try DetachedThread.start(name: "buffers", make) } catch { make() }
    }

    /// The next buffer in order, once made, handed over: none stays here,
    /// so the caller's first write does not copy its pixels.
    func takeNext() -> PixelBuffer {
        condition.lock(); defer { condition.unlock() }
        while made.count <= taken { condition.wait() }
        var buffer = PixelBuffer(width: 0, height: 0)
        swap(&buffer, &made[taken])
        taken += 1
        return buffer
    }
}
