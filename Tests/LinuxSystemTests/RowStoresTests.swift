import LinuxSystem
import XCTest

final class RowStoresTests: XCTestCase {
    private static let stores: [RowStores] = [.cached, .streamed, RowStores.bestStreaming]

    /// Rows of every length from 0 to 40 pixels, starting at every
    /// alignment a 4-byte pixel can have against a 32-byte store: exactly
    /// the pixels asked for change, the ones around them stay.
    func testEveryStoreCopiesExactlyTheRowAtAnyAlignment() {
        for stores in Self.stores {
            for start in 0..<8 {
                for count in 0...40 {
                    var target = [UInt32](repeating: 0xDEAD_BEEF, count: 64)
                    let source = (0..<64).map { UInt32($0) * 3 + 1 }
                    target.withUnsafeMutableBufferPointer { to in
                        source.withUnsafeBufferPointer { from in
                            // Both buffers hold 64 pixels; start + count stays below.
                            stores.copy(to: to.baseAddress! + start, from: from.baseAddress! + 5, count: count)
                        }
                    }
                    RowStores.finishStreaming()
                    var expected = [UInt32](repeating: 0xDEAD_BEEF, count: 64)
                    expected.replaceSubrange(start..<start + count, with: source[5..<5 + count])
                    XCTAssertEqual(target, expected, "\(stores) from \(start), \(count) pixels")
                }
            }
        }
    }

    func testEveryStoreFillsExactlyTheRowAtAnyAlignment() {
        for stores in Self.stores {
            for start in 0..<8 {
                for count in 0...40 {
                    var target = [UInt32](repeating: 7, count: 64)
                    target.withUnsafeMutableBufferPointer { to in
                        // 64 pixels; start + count stays below.
                        stores.fill(to.baseAddress! + start, with: 0xFF20_3040, count: count)
                    }
                    RowStores.finishStreaming()
                    var expected = [UInt32](repeating: 7, count: 64)
                    expected.replaceSubrange(start..<start + count, with: repeatElement(0xFF20_3040, count: count))
                    XCTAssertEqual(target, expected, "\(stores) from \(start), \(count) pixels")
                }
            }
        }
    }
}
