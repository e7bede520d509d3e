import Raster
import Threading

/// Buffers allocated and touched on a thread of their own while the
/// reader sets up its typesetters: the first touch of 4-8 MB of fresh
/// memory costs milliseconds of page faults, which the first page need not
/// wait for. They are made in order and each is taken as soon as it is
/// made (the first page's buffer before the frame it is composed into).
public final class BufferPreparation: @unchecked Sendable {
    private let condition = Condition()
    private var made: [PixelBuffer] = []
    private var taken = 0
    public let width: Int, height: Int, fill: UInt32

    /// Makes the buffers on a thread of their own.
    convenience init(count: Int, width: Int, height: Int, fill color: UInt32) {
        self.init(width: width, height: height, fill: color)
        let make = maker(count: count)
        // Without a thread to spare, the buffers are made now.
        do { try DetachedThread.start(name: "buffers", make) } catch { make() }
    }

    /// Makes the first page's buffer and the frame as a job of `work`
    /// (started by the caller): the reader's start-up thread makes them
    /// once its other loads are done, while the book is still being read.
    public convenience init(firstPageAndFrameOf width: Int, height: Int, fill color: UInt32, on work: StartupWork) {
        self.init(width: width, height: height, fill: color)
        work.add(maker(count: 2))
    }

    private init(width: Int, height: Int, fill color: UInt32) {
        self.width = width
        self.height = height
        fill = color
    }

    private func maker(count: Int) -> @Sendable () -> Void {
        { [self] in
            for _ in 0..<count {
                let buffer = PixelBuffer(width: width, height: height, fill: fill)
                condition.lock()
                // Consumed: this thread keeps no reference that would make
                // the taker's first write copy the pixels.
                made.append(consume buffer)
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// How many buffers have been handed over.
    var takenCount: Int { condition.withLock { taken } }

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
