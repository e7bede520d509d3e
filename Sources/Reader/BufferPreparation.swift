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
    /// One slot per buffer: made and not yet taken.
    private var made: [PixelBuffer?]
    /// Slots whose buffer some thread has started making.
    private var claimed: [Bool]
    private var taken = 0
    private let slotCount: Int
    public let width: Int, height: Int, fill: UInt32

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

    private init(slots: Int, width: Int, height: Int, fill color: UInt32) {
        self.width = width
        self.height = height
        fill = color
        slotCount = slots
        made = Array(repeating: nil, count: slots)
        claimed = Array(repeating: false, count: slots)
    }

    private func maker() -> @Sendable () -> Void {
        { [self] in
            // The slot count, not `claimed`: that array is only read under the lock.
            for slot in 0..<slotCount {
                guard claim(slot) else { continue }
                let buffer = PixelBuffer(width: width, height: height, fill: fill)
                condition.lock()
                // Consumed: this thread keeps no reference that would make
                // the taker's first write copy the pixels.
                made[slot] = consume buffer
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// True when `slot` was not claimed yet and now is, by the caller.
    private func claim(_ slot: Int) -> Bool {
        condition.withLock {
            guard !claimed[slot] else { return false }
            claimed[slot] = true
            return true
        }
    }

    /// How many buffers have been handed over.
    var takenCount: Int { condition.withLock { taken } }

    /// The next buffer in order, once made (here, if no thread has started
    /// it), handed over: none stays here, so the caller's first write does
    /// not copy its pixels.
    func takeNext() -> PixelBuffer {
        condition.lock()
        let slot = taken
        precondition(slot < slotCount, "more buffers taken than prepared")
        taken += 1
        if !claimed[slot] {
            claimed[slot] = true
            condition.unlock()
            return PixelBuffer(width: width, height: height, fill: fill)
        }
        defer { condition.unlock() }
        while made[slot] == nil { condition.wait() }
        var buffer: PixelBuffer?
        swap(&buffer, &made[slot])
        // The loop above ends only with a buffer in the slot.
        guard let buffer else { preconditionFailure("buffer slot \(slot) empty after waiting for it") }
        return buffer
    }
}
