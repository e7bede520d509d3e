import XCTest
@testable import Typesetting

/// A page's entry, kept for every page of the book for the whole session,
/// is stored compactly and gives back exactly what was put in.
final class PageEntryTests: XCTestCase {
    func testAPageEntryIsFortyBytesAndKeepsItsValues() {
        XCTAssertEqual(MemoryLayout<PageEntry>.stride, 40)
        // Past Int32's range: the fields are unsigned 32 bits.
        var entry = PageEntry(paragraph: 3_000_000_000, line: 70_000, start: 4_000_000_000, end: 4_294_967_295,
                              missingGlyphs: 12, maxSpaceStretch: 1.2345678901, images: 3, floats: 2)
        XCTAssertEqual([entry.paragraph, entry.line, entry.start, entry.end, entry.missingGlyphs, entry.images,
                        entry.floats], [3_000_000_000, 70_000, 4_000_000_000, 4_294_967_295, 12, 3, 2])
        XCTAssertEqual(entry.maxSpaceStretch, 1.2345678901, "kept as a Double")
        entry.missingGlyphs += 5
        entry.end = 17
        XCTAssertEqual(entry.missingGlyphs, 17)
        XCTAssertEqual(entry.end, 17)
        entry.images = 100_000
        XCTAssertEqual(entry.images, 65_535, "a picture count saturates rather than trap")
        XCTAssertNil(entry.wrap)
    }
}
