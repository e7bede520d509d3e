import BookModel
import Dispatch
import XCTest
@testable import PDF

/// Pages drawn by MuPDF: only the part asked for, the same from any thread.
final class PDFDrawingTests: XCTestCase {
    private func document(_ name: String) throws -> PDFDocument {
        try XCTSkipUnless(SharedPDFs.exists(name), "the shared PDFs are absent")
        return try PDFDocument(path: SharedPDFs.path(name))
    }

    func testARegionIsThatPartOfTheWholePage() throws {
        let document = try document("pdflatex-4-pages.pdf")
        let scale = 0.5
        let page = try document.page(1, withText: false)
        let width = Int((page.width * scale).rounded(.down)), height = Int((page.height * scale).rounded(.down))
        let whole = try XCTUnwrap(document.draw(page: 1, x: 0, y: 0, width: width, height: height, scale: scale))
        let region = try XCTUnwrap(document.draw(page: 1, x: 40, y: 60, width: 100, height: 80, scale: scale))
        XCTAssertTrue(whole.contains { $0 != 0xFFFF_FFFF }, "the page has ink")
        XCTAssertTrue(whole.allSatisfy { $0 >> 24 == 0xFF }, "drawn opaque, on white")
        var differing = 0
        for row in 0..<80 {
            for column in 0..<100 where region[row * 100 + column] != whole[(row + 60) * width + column + 40] {
                differing += 1
            }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertTrue(region.contains { $0 != 0xFFFF_FFFF }, "the region has text")
    }

    func testATileAtEightTimesIsDrawnSharp() throws {
        let document = try document("pdflatex-4-pages.pdf")
        // A tile in the text block: at 8x a glyph's stem is many pixels wide, with solid black in it.
        let tile = try XCTUnwrap(document.draw(page: 1, x: 1200, y: 1600, width: 256, height: 256, scale: 8))
        XCTAssertEqual(tile.count, 256 * 256)
        XCTAssertTrue(tile.contains { $0 & 0xFF_FFFF < 0x10_1010 }, "solid ink")
    }

    func testEveryThreadDrawsTheSamePixels() throws {
        let document = try document("pdflatex-4-pages.pdf")
        let expected = (0..<4).map { document.draw(page: $0, x: 0, y: 0, width: 300, height: 400, scale: 0.7) }
        let results = Results(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { call in
            results.set(call, document.draw(page: call % 4, x: 0, y: 0, width: 300, height: 400, scale: 0.7))
        }
        for call in 0..<16 {
            XCTAssertNotNil(results.value(call))
            XCTAssertEqual(results.value(call), expected[call % 4], "call \(call)")
        }
    }

    func testNothingIsDrawnForAnEmptyRegionOrAPageNotThere() throws {
        let document = try document("pdflatex-4-pages.pdf")
        XCTAssertNil(document.draw(page: 0, x: 0, y: 0, width: 0, height: 10, scale: 1))
        XCTAssertNil(document.draw(page: 9, x: 0, y: 0, width: 10, height: 10, scale: 1))
    }
}

/// Drawings made on several threads, each kept under a lock.
private final class Results: @unchecked Sendable {
    private var values: [[UInt32]?]
    private let lock = NSLockLike()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: [UInt32]?) { lock.locked { values[index] = value } }
    func value(_ index: Int) -> [UInt32]? { lock.locked { values[index] } }
}

/// A pthread mutex (tests do not import Foundation).
private final class NSLockLike: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
