import Foundation
import Typesetting

/// Pages found so far by a background paginator, safe to read from any
/// thread. The reader shows pages as soon as they are known and the scroll
/// view's content grows while the rest of the book is paginated.
public final class PaginationStore: @unchecked Sendable {
    private let condition = NSCondition()
    private var pages: [PageEntry] = []
    private var complete = false
    private var cancelled = false

    public init() {}

    /// A snapshot of the pages known now; the last one is only final when `isComplete`.
    public var snapshot: (pages: [PageEntry], isComplete: Bool) {
        condition.lock(); defer { condition.unlock() }
        return (pages, complete)
    }

    /// Pages that are final: all when complete, else all but the growing last one.
    public var finalPageCount: Int {
        condition.lock(); defer { condition.unlock() }
        return complete ? pages.count : max(0, pages.count - 1)
    }

    public var isCancelled: Bool {
        condition.lock(); defer { condition.unlock() }
        return cancelled
    }

    public func cancel() {
        condition.lock(); cancelled = true; condition.broadcast(); condition.unlock()
    }

    func publish(_ pages: [PageEntry], complete: Bool) {
        condition.lock()
        self.pages = pages
        self.complete = complete
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until `predicate` holds for the pages or pagination ends.
    public func wait(until predicate: ([PageEntry], Bool) -> Bool) {
        condition.lock(); defer { condition.unlock() }
        while !predicate(pages, complete), !complete, !cancelled { condition.wait() }
    }

    /// Paginates `book` on a background thread with its own fonts.
    public func startPaginating(book: Book, geometry: PageGeometry, font: FontFile, language: String?) throws {
        let typesetter = try Typesetter(book: book, geometry: geometry, font: font, language: language)
        let box = UncheckedBox(typesetter)
        let thread = Thread { [self] in
            var paginator = Paginator(typesetter: box.value)
            var batch = 16
            while !isCancelled {
                let done = paginator.step(paragraphs: batch)
                publish(paginator.result.pages, complete: done)
                if done { return }
                batch = min(batch * 2, 512)
            }
        }
        thread.name = "ebook-fb pagination"
        thread.start()
    }
}

/// Hands an object to exactly one other thread, which then owns it.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
