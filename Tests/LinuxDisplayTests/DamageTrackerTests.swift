import Devices
import LinuxDisplay
import XCTest

final class DamageTrackerTests: XCTestCase {
    private func damage(_ ranges: Range<Int>..., height: Int = 100) -> FrameDamage {
        var damage = FrameDamage(rows: height)
        for range in ranges { damage.insert(range) }
        return damage
    }

    func testEachBufferIsFilledWholeOnce() {
        var tracker = DamageTracker(height: 100)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: damage(10..<20)).runs, [0..<100])
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: damage(10..<20)).runs, [0..<100])
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: damage(30..<40)).runs, [10..<20, 30..<40],
                       "buffer 0 lacks the last frame's rows too, and only those")
    }

    func testTheOtherBufferCatchesUpWithBothDamages() {
        var tracker = DamageTracker(height: 100)
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: .all(rows: 100)).runs, [0..<100])
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: damage()).runs, [0..<100], "a new buffer is filled whole even without damage")
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: damage(50..<60)).runs, [50..<60])
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: damage(5..<8)).runs, [5..<8, 50..<60])
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: damage()).runs, [5..<8], "nothing new: only what the other frame changed")
        XCTAssertTrue(tracker.rowsToCopy(into: 1, damage: damage()).isEmpty)
    }

    func testInvalidateAllAndDamageOfAnotherHeight() {
        var tracker = DamageTracker(height: 50)
        _ = tracker.rowsToCopy(into: 0, damage: .all(rows: 50))
        _ = tracker.rowsToCopy(into: 1, damage: damage(height: 50))
        XCTAssertTrue(tracker.rowsToCopy(into: 0, damage: damage(height: 50)).isEmpty)
        tracker.invalidateAll()
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: damage(0..<1, height: 50)).runs, [0..<50])
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: damage(40..<90, height: 50)).runs, [0..<50])
        XCTAssertEqual(tracker.rowsToCopy(into: 1, damage: damage(45..<200, height: 50)).runs, [40..<50])
        XCTAssertEqual(tracker.rowsToCopy(into: 0, damage: damage(1..<2, height: 80)).runs, [0..<50],
                       "damage of a frame of another height copies everything")
    }

    /// The damage path into two buffers in memory writes what it says and
    /// leaves the buffer shown last equal to the frame.
    func testTheWriterWritesOnlyDamagedRowsAndShowsTheFrame() {
        let width = 8, height = 6
        var pixels = [UInt32](repeating: 0x0011_2233, count: width * height)
        var writer = ScanoutWriter(copier: FrameCopier(rotation: .none, physicalWidth: width, physicalHeight: height,
                                                       pitch: width * 4))
        var buffers = [[UInt32](repeating: 0, count: width * height), [UInt32](repeating: 0, count: width * height)]
        var next = 0
        func present(_ damage: FrameDamage) -> Int {
            let rows = pixels.withUnsafeBytes { source in
                buffers[next].withUnsafeMutableBytes { target in
                    // Precondition: both hold width x height pixels.
                    writer.write(source, stride: width * 4, damage: damage, into: next, destination: target.baseAddress!)
                }
            }
            next = 1 - next
            return writer.bytes(of: rows)
        }
        XCTAssertEqual(present(.all(rows: height)), width * height * 4)
        XCTAssertEqual(present(damage(height: height)), width * height * 4, "the second buffer is filled whole once")
        for x in 0..<width { pixels[2 * width + x] = 0x00FF_0000 }
        XCTAssertEqual(present(damage(2..<3, height: height)), width * 4, "one row changed, one row written")
        XCTAssertEqual(buffers[1 - next], pixels)
    }
}
