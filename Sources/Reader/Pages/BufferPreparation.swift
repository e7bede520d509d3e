import Raster
import Threading

/// Buffers allocated and touched on a thread of their own while the
/// reader sets up its typesetters: the first touch of 4-8 MB of fresh
/// memory costs milliseconds of page faults, which the first page need not
/// wait for. They are made in order and each is taken as soon as it is
/// made (the first page's buffer before the frame it is composed into).
/// A buffer the making thread has not started when it is asked for is made
/// by the thread asking, which would otherwise only wait (the start-up
/// thread is still loading patterns on a first start).
public final class BufferPreparation: @unchecked Sendable {
    private let condition = Condition()
    /// Each buffer's progress, read and written under the lock.
    private var slots: [Slot]
    private var taken = 0
    private let slotCount: Int
    public let width: Int, height: Int, fill: UInt32

    private enum Slot {
        /// No thread has started it.
        case open
        /// A thread is making it, or it was handed over.
        case claimed
        /// Made and waiting to be taken.
        case made(PixelBuffer)
    }

    /// Makes the buffers on a thread of their own.
    convenience init(count: Int, width: Int, height: Int, fill color: UInt32) {
        self.init(slots: count, width: width, height: height, fill: color)
        let make = maker()
        // Without a thread to spare, the buffers are made now.
        do { try DetachedThread.start(name: "buffers", make) } catch { make() }
    }

    /// Makes the first page's buffer and the frame as a job of `work`
    /// (started by the caller): the reader's start-up thread makes them
    /// once its other loads are done, while the book is still being read.
    public convenience init(firstPageAndFrameOf width: Int, height: Int, fill color: UInt32, on work: StartupWork) {
        self.init(slots: 2, width: width, height: height, fill: color)
        work.add(maker())
    }

    private init(slots count: Int, width: Int, height: Int, fill color: UInt32) {
        self.width = width
        self.height = height
        fill = color
        slotCount = count
        slots = Array(repeating: .open, count: count)
    }

    private func maker() -> @Sendable () -> Void {
        { [self] in
            for slot in 0..<slotCount {
                guard claim(slot) else { continue }
                let buffer = PixelBuffer(width: width, height: height, fill: fill)
                condition.lock()
                // Consumed: this thread keeps no reference that would make
                // the taker's first write copy the pixels.
                slots[slot] = .made(consume buffer)
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// True when no thread had started `slot` and the caller now has.
    private func claim(_ slot: Int) -> Bool {
        condition.withLock {
            guard case .open = slots[slot] else { return false }
            slots[slot] = .claimed
            return true
        }
    }

    /// How many buffers have been handed over.
    var takenCount: Int { condition.withLock { taken } }

    /// The next buffer in order, once made (here, if no thread has started
    /// it), handed over: none stays here, so the caller's first write does
    /// not copy its pixels.
    func takeNext() -> PixelBuffer {
        let slot = condition.withLock {
            precondition(taken < slotCount, "more buffers taken than prepared")
            taken += 1
            return taken - 1
        }
        if claim(slot) { return PixelBuffer(width: width, height: height, fill: fill) }
        condition.lock(); defer { condition.unlock() }
        while true {
            if case let .made(buffer) = slots[slot] {
                // The slot lets go of it before it is returned: one owner.
                slots[slot] = .claimed
                return buffer
            }
            condition.wait()
        }
    }
}
