import BookModel
import Raster
import Threading
import Typesetting
@testable import Reader
import XCTest

/// Page-sized buffers change hands between threads; a reference left
/// behind would make the next write copy megabytes of pixels (a stall and
/// a spike of memory). These check that each hand-over leaves one owner.
final class BufferPreparationTests: XCTestCase {
    private func address(_ buffer: PixelBuffer) -> UInt {
        buffer.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    }

    func testPreparedBuffersComeFilledInOrderAndAreWrittenInPlace() {
        let preparation = BufferPreparation(count: 2, width: 64, height: 32, fill: 0x00AB_CDEF)
        for _ in 0..<2 {
            var buffer = preparation.takeNext()
            XCTAssertEqual(buffer.width, 64)
            XCTAssertEqual(buffer[63, 31], 0x00AB_CDEF)
            let before = address(buffer)
            buffer.fill(0)
            XCTAssertEqual(address(buffer), before, "the first write copied the pixels")
        }
    }

    /// A buffer the making thread has not reached is made by the thread
    /// asking for it; the making thread then skips it.
    func testABufferNotStartedYetIsMadeByTheThreadAskingForIt() {
        final class Gate: @unchecked Sendable {
            let condition = Condition()
            var open = false
        }
        let work = StartupWork()
        let loads = Gate()
        // A load ahead of the buffers that lasts until the first buffer is taken.
        work.add {
            loads.condition.withLock { while !loads.open { loads.condition.wait() } }
        }
        let preparation = BufferPreparation(firstPageAndFrameOf: 64, height: 32, fill: 0x0012_3456, on: work)
        work.start(name: "test start-up")
        var first = preparation.takeNext() // made here: the start-up thread is still loading
        XCTAssertEqual(first[10, 10], 0x0012_3456)
        let before = address(first)
        first.fill(0)
        XCTAssertEqual(address(first), before, "the first write copied the pixels")
        loads.condition.withLock {
            loads.open = true
            loads.condition.broadcast()
        }
        let frame = preparation.takeNext() // made by the start-up thread
        XCTAssertEqual(frame[63, 31], 0x0012_3456)
        XCTAssertEqual(preparation.takenCount, 2)
    }

    func testTheRenderWorkerDrawsASubmittedBufferInPlace() throws {
        let book = try ReaderSessionTests.longBook()
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 300, height: 200, fontSize: 14),
                                        font: ReaderSessionTests.font)
        let pagination = typesetter.paginate()
        let worker = try RenderWorker(renderer: PageRenderer(typesetter: typesetter, theme: .light))
        defer { worker.stop() }

        final class Outcome: @unchecked Sendable {
            let condition = Condition()
            var drawnAt: [UInt] = []
        }
        let outcome = Outcome()
        var submitted: [UInt] = []
        for page in 0..<4 {
            let buffer = PixelBuffer(unfilledWidth: 300, height: 200)
            submitted.append(address(buffer))
            worker.submit(page: page, pagination: pagination, buffer: consume buffer, ink: .all(rows: 200)) { drawn, _ in
                let drawnAddress = drawn.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
                outcome.condition.withLock {
                    outcome.drawnAt.append(drawnAddress)
                    outcome.condition.broadcast()
                }
            }
        }
        outcome.condition.withLock {
            while outcome.drawnAt.count < 4 { outcome.condition.wait() }
        }
        XCTAssertEqual(outcome.drawnAt, submitted, "a buffer was copied when the worker drew into it")
    }
}
