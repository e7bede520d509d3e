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
