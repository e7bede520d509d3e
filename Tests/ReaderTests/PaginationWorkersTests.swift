import BookModel
import Foundation
import Typesetting
import XCTest
@testable import Reader

/// Chapter segments paginated by several background threads at once come
/// out as the book paginated by one typesetter, whatever order the threads
/// finish in; the threads stop on cancel and end once the book is done.
final class PaginationWorkersTests: XCTestCase {
    private func typesetter() throws -> Typesetter {
        try Typesetter(book: try ChapterResumeTests.chapterBook(),
                       geometry: PageGeometry(width: 400, height: 300, fontSize: 14), font: ReaderSessionTests.font)
    }

    /// Pagination threads of this process now, by thread id: other tests'
    /// threads come and go meanwhile, so only these are counted.
    private func paginationThreads() -> Set<String> {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return Set(tasks.filter { task in
            let name = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
            return name.hasPrefix("pagination")
        })
    }

    /// The pagination threads started since `before` that are still there,
    /// after waiting (at most five seconds) for them to end.
    private func threadsLeft(since before: Set<String>) -> Set<String> {
        for _ in 0..<500 where !paginationThreads().subtracting(before).isEmpty { usleep(10_000) }
        return paginationThreads().subtracting(before)
    }

    func testSeveralThreadsGiveThePagesOfOne() throws {
        let model = try typesetter()
        let whole = model.paginate().pages
        let segments = ChapterSegments(book: model.book)
        XCTAssertGreaterThan(segments.count, 4)
        for workers in [1, 2, 3, 4] {
            let before = paginationThreads()
            let store = PaginationStore(segments: segments)
            // The end first, then the middle: they finish out of order.
            store.want([segments.count - 1, segments.count / 2])
            try store.startPaginating(matching: model, workers: workers)
            store.wait { _, complete in complete }
            XCTAssertTrue(store.isComplete)
            XCTAssertEqual(store.snapshot.pages, whole, "\(workers) threads")
            XCTAssertEqual(store.pageCounts.compactMap { $0 }.reduce(0, +), whole.count)
            XCTAssertEqual(threadsLeft(since: before), [], "\(workers) threads: none is left once the book is done")
        }
    }

    func testAPausedStoreWaitsAndACancelledOneStops() throws {
        let model = try typesetter()
        let segments = ChapterSegments(book: model.book)
        let before = paginationThreads()
        let store = PaginationStore(segments: segments, paused: true)
        try store.startPaginating(matching: model, workers: 3)
        usleep(50_000)
        XCTAssertEqual(paginationThreads().subtracting(before).count, 3, "three threads wait")
        XCTAssertEqual(store.pageCounts.compactMap { $0 }.count, 0, "a paused store gets no pages")
        store.cancel()
        XCTAssertEqual(threadsLeft(since: before), [], "cancelled, every thread ends")
        XCTAssertFalse(store.isComplete)
    }

    func testASegmentTheReaderPublishedIsNotPaginatedAgain() throws {
        let model = try typesetter()
        let whole = model.paginate().pages
        let segments = ChapterSegments(book: model.book)
        let store = PaginationStore(segments: segments, paused: true)
        store.publish(segment: 2, pages: model.paginate(segment: 2, of: segments).pages)
        try store.startPaginating(matching: model, workers: 2)
        store.resume()
        store.wait { _, complete in complete }
        XCTAssertEqual(store.snapshot.pages, whole)
    }

    func testACompleteStoreKeepsOneTableThatTheWindowShares() throws {
        let model = try typesetter()
        let segments = ChapterSegments(book: model.book)
        let bySegment = segments.firstParagraphs.indices.map { model.paginate(segment: $0, of: segments).pages }
        let store = PaginationStore(segments: segments, paused: true)
        let middle = segments.count / 2
        store.publish(segment: middle, pages: bySegment[middle])
        var window = PageWindow(segment: middle, store: store)
        XCTAssertEqual(window.pages, bySegment[middle])
        for index in segments.firstParagraphs.indices where index != middle {
            store.publish(segment: index, pages: bySegment[index])
        }
        let whole = try XCTUnwrap(store.wholeTable)
        XCTAssertEqual(whole.pages, bySegment.flatMap { $0 })
        for index in bySegment.indices {
            XCTAssertEqual(store.pages(ofSegment: index), bySegment[index], "segment \(index)")
            XCTAssertEqual(store.pageCounts[index], bySegment[index].count)
        }
        let before = bySegment[..<middle].map(\.count).reduce(0, +)
        XCTAssertEqual(window.update(from: store), before, "the pages put in front")
        XCTAssertEqual(window.pages, whole.pages)
        XCTAssertTrue(window.startsTheBook && window.reachesTheEnd)
        window.pages.withUnsafeBufferPointer { shown in
            whole.pages.withUnsafeBufferPointer { XCTAssertEqual(shown.baseAddress, $0.baseAddress, "not a copy") }
        }
        XCTAssertEqual(store.snapshot.pages, whole.pages)
        XCTAssertEqual(store.wholeBook?.pages, whole.pages)
    }

    func testThePoolIsSizedToTheMachine() {
        XCTAssertEqual(PaginationWorkers.count(segments: 1), 1, "one segment, one thread")
        XCTAssertEqual(PaginationWorkers.count(segments: 100, requested: 3), 3)
        let processors = ProcessInfo.processInfo.activeProcessorCount
        XCTAssertEqual(PaginationStore.workerCount(segments: 100), max(1, min(processors, PaginationWorkers.maximumCount)))
    }
}
