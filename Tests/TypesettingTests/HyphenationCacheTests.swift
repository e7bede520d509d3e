import XCTest
@testable import Typesetting

/// The hyphenation points of words looked up lately are kept compactly
/// and still given back exactly as they were put in.
final class HyphenationCacheTests: XCTestCase {
    private func points(_ cache: HyphenationCache, _ word: String) -> UInt64? {
        let scalars = word.unicodeScalars.map(\.value)
        return scalars.withUnsafeBufferPointer { cache.points(of: $0, 0..<scalars.count) }
    }

    private func insert(_ points: UInt64, _ word: String, into cache: inout HyphenationCache) {
        let scalars = word.unicodeScalars.map(\.value)
        scalars.withUnsafeBufferPointer { cache.insert(points, of: $0, 0..<scalars.count) }
    }

    func testTheHyphenationCacheKeepsWordsOfTheBasicPlaneAndStartsOverWhenFull() {
        var cache = HyphenationCache(limit: 3)
        insert(0b1010, "hyphenation", into: &cache)
        insert(0b100, "Übersetzung", into: &cache)
        insert(0b10, "𝔣raktur", into: &cache)
        XCTAssertEqual(points(cache, "hyphenation"), 0b1010)
        XCTAssertEqual(points(cache, "Übersetzung"), 0b100)
        XCTAssertNil(points(cache, "𝔣raktur"), "a character beyond U+FFFF: not kept")
        XCTAssertNil(points(cache, "hyphenatioN"))
        XCTAssertEqual(cache.count, 2)
        // A character that matches another's low 16 bits is not taken for it.
        XCTAssertNil(points(cache, "hyphenatio\u{1006E}"))
        let longest = String(repeating: "a", count: HyphenationCache.longestWord)
        insert(1 << 63, longest, into: &cache)
        XCTAssertEqual(points(cache, longest), 1 << 63)
        insert(0b1, "fourth", into: &cache)
        XCTAssertEqual(cache.count, 1, "full: started over")
        XCTAssertNil(points(cache, "hyphenation"))
        XCTAssertEqual(points(cache, "fourth"), 0b1)
    }
}
