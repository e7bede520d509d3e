import BookModel
import Foundation
import PlainText
import XCTest
@testable import Typesetting

/// Chapter segments paginate alone, and their pages one after the other are
/// exactly the pages of the whole book.
final class ChapterSegmentTests: XCTestCase {
    private static let font = FontFile(path: SharedData.defaultFont)
    private static let geometries = [PageGeometry(width: 1280, height: 800),
                                     PageGeometry(width: 600, height: 800, fontSize: 17, lineSpacing: 1.3)]

    private static var lamplighter: URL {
        SharedData.packageRoot.appendingPathComponent("Books/the-lamplighter.txt")
    }

    private func sharedBooks() throws -> [URL] {
        let root = try SharedData.books()
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "txt" } ?? []
        // Under a sanitizer (set by .ci/run) the long novels are left to the
        // plain run: the sanitizers look for memory and thread errors, which
        // the shorter books reach as well, at a tenth of the time.
        let limit = ProcessInfo.processInfo.environment["EBOOK_FB_SANITIZED"] == nil ? Int.max : 450_000
        return files.filter { url in
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) <= limit
        }.sorted { $0.path < $1.path }
    }

    /// Fails unless the segments' pages, concatenated, equal the whole book's.
    /// The whole book and the segments are paginated side by side, each
    /// geometry on threads of its own with typesetters of their own.
    private func assertSegmentsTileTheBook(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let book = try Book.open(path: url.path)
        let segments = ChapterSegments(book: book)
        let name = url.lastPathComponent
        // Job 2g paginates the whole book at geometry g, job 2g + 1 its segments one by one.
        let geometries = Self.geometries
        let results = ResultSlots(count: 2 * geometries.count)
        DispatchQueue.concurrentPerform(iterations: 2 * geometries.count) { (job: Int) in
            guard let typesetter = try? Typesetter(book: book, geometry: geometries[job / 2], font: Self.font) else { return }
            let lists: [[PageEntry]]
            if job % 2 == 0 {
                lists = [typesetter.paginate().pages]
            } else {
                lists = (0..<segments.count).map { typesetter.paginate(segment: $0, of: segments).pages }
            }
            results.set(job, lists)
        }
        for (index, geometry) in Self.geometries.enumerated() {
            let size = "\(name) at \(geometry.width)x\(geometry.height)"
            let parts = results.get(2 * index + 1)
            guard let whole = results.get(2 * index).first, parts.count == segments.count else {
                return XCTFail("\(size): no typesetter", file: file, line: line)
            }
            for (segment, pages) in parts.enumerated() {
                XCTAssertEqual(pages.first?.start, segments.offsets(of: segment).lowerBound, "\(size) segment \(segment)",
                               file: file, line: line)
                XCTAssertEqual(pages.last?.end, segments.offsets(of: segment).upperBound, "\(size) segment \(segment)",
                               file: file, line: line)
            }
            let joined = parts.flatMap { $0 }
            XCTAssertEqual(joined.count, whole.count, size, file: file, line: line)
            if let first = zip(joined, whole).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                XCTFail("\(size): page \(first + 1) differs: \(joined[first]) against \(whole[first])", file: file, line: line)
            }
        }
    }

    func testTheLamplighterPaginatesTheSameInSegments() throws {
        let url = Self.lamplighter
        let book = try Book.open(path: url.path)
        XCTAssertGreaterThan(ChapterSegments(book: book).count, 1, "the book has chapters")
        try assertSegmentsTileTheBook(url)
    }

    func testEverySharedBookPaginatesTheSameInSegments() throws {
        for url in try sharedBooks() {
            try assertSegmentsTileTheBook(url)
        }
    }

    func testSegmentsStartAtHeadingsAfterTextAndTileTheOffsets() throws {
        let book = try Book.open(path: try SharedData.books().appendingPathComponent("en_alice_11-0.txt").path)
        let segments = ChapterSegments(book: book)
        // The contents and the twelve chapters; "CHAPTER I." and its title are one heading run.
        XCTAssertGreaterThanOrEqual(segments.count, 12)
        XCTAssertEqual(segments.firstParagraphs.first, 0)
        XCTAssertEqual(segments.offsets(of: 0).lowerBound, 0)
        XCTAssertEqual(segments.offsets(of: segments.count - 1).upperBound, book.text.scalarCount)
        for index in 1..<segments.count {
            let first = segments.firstParagraphs[index]
            XCTAssertEqual(book.paragraphs[first].style, .heading)
            XCTAssertNotEqual(book.paragraphs[first - 1].style, .heading)
            XCTAssertEqual(segments.offsets(of: index - 1).upperBound, segments.offsets(of: index).lowerBound)
            XCTAssertEqual(segments.paragraphs(of: index - 1).upperBound, first)
            let start = segments.offsets(of: index).lowerBound
            XCTAssertEqual(segments.segment(containing: start), index)
            XCTAssertEqual(segments.segment(containing: start - 1), index - 1)
        }
        XCTAssertEqual(segments.segment(containing: book.text.scalarCount), segments.count - 1)
        XCTAssertEqual(segments.segment(containing: 0), 0)
    }

    func testABookWithoutHeadingsIsOneSegment() throws {
        let text = (0..<40).map { "Paragraph \($0) of plain prose without any heading at all." }.joined(separator: "\n\n")
        let book = Book(text: try BookDecoder.decode(Data(text.utf8), path: "plain.txt"))
        let segments = ChapterSegments(book: book)
        XCTAssertEqual(segments.count, 1)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 400, height: 300, fontSize: 14),
                                        font: Self.font)
        XCTAssertEqual(typesetter.paginate(segment: 0, of: segments).pages, typesetter.paginate().pages)
    }

    func testFootersOfARunFromTheMiddleNumberFromThePagesBefore() throws {
        let book = try Book.open(path: Self.lamplighter.path)
        let typesetter = try Typesetter(book: book, geometry: PageGeometry(width: 800, height: 600), font: Self.font)
        let whole = typesetter.paginate()
        let segments = ChapterSegments(book: book)
        let last = segments.count - 1
        var run = typesetter.paginate(segment: last, of: segments)
        run.pagesBefore = whole.pages.count - run.pages.count
        XCTAssertEqual(run.footer(forPage: 0, of: book), whole.footer(forPage: run.pagesBefore, of: book))
        run.pagesBeforeIsEstimate = true
        run.estimatedPageCount = whole.pages.count + 3
        XCTAssertTrue(run.footer(forPage: 0, of: book).hasPrefix("~\(run.pagesBefore + 1) / ~\(whole.pages.count + 3) · "))
    }
}

/// Results written by concurrent jobs, one slot each.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[[PageEntry]]]

    init(count: Int) { slots = Array(repeating: [], count: count) }

    func set(_ index: Int, _ lists: [[PageEntry]]) { lock.lock(); slots[index] = lists; lock.unlock() }
    func get(_ index: Int) -> [[PageEntry]] { lock.lock(); defer { lock.unlock() }; return slots[index] }
}
