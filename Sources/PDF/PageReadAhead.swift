import Threading

/// The page a book opens at, read on a thread of its own while the reader
/// looks up its font and patterns, and taken by whoever asks for it next.
final class PageReadAhead: @unchecked Sendable {
    private let condition = Condition()
    private var index: Int?
    private var read: PDFDocument.Page??

    /// Starts reading page `index` of `document`, unless a page is being read already.
    func start(_ index: Int, of document: PDFDocument) {
        let begin = condition.withLock {
            guard self.index == nil else { return false }
            self.index = index
            return true
        }
        guard begin else { return }
        do {
            try DetachedThread.start(name: "pdf read ahead") { [self] in
                let page = try? document.page(index, withText: true)
                condition.withLock {
                    read = .some(page)
                    condition.broadcast()
                }
            }
        } catch {
            // No thread to spare: the page is read when it is asked for.
            condition.withLock { self.index = nil }
        }
    }

    /// Page `index` as read ahead (waiting for it while it is read), or
    /// nil when another page, or none, was read ahead. Taken once.
    func take(_ index: Int) -> PDFDocument.Page?? {
        condition.lock()
        defer { condition.unlock() }
        guard self.index == index else { return nil }
        while read == nil { condition.wait() }
        defer {
            read = nil
            self.index = nil
        }
        return read
    }
}
