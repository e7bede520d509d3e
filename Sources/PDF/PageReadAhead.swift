import Threading

/// The page a book opens at, read on a thread of its own while the reader
/// looks up its font and patterns, and taken by whoever asks for it next.
/// Asked for before the thread has begun, the page is read by the one
/// asking, and the thread does nothing.
final class PageReadAhead: @unchecked Sendable {
    private enum State {
        case idle
        /// The thread is made but has not begun.
        case waiting(page: Int)
        case reading(page: Int)
        case read(page: Int, PDFDocument.Page?)
    }

    private let condition = Condition()
    private var state = State.idle

    /// Starts reading page `index` of `document`, unless a page is being read already.
    func start(_ index: Int, of document: PDFDocument) {
        let begin = condition.withLock {
            guard case .idle = state else { return false }
            state = .waiting(page: index)
            return true
        }
        guard begin else { return }
        do {
            try DetachedThread.start(name: "pdf read ahead") { [self] in
                let claimed = condition.withLock {
                    guard case .waiting(index) = state else { return false }
                    state = .reading(page: index)
                    return true
                }
                guard claimed else { return }
                let page = try? document.page(index, withText: true)
                condition.withLock {
                    state = .read(page: index, page)
                    condition.broadcast()
                }
            }
        } catch {
            // No thread to spare: the page is read when it is asked for.
            condition.withLock { state = .idle }
        }
    }

    /// Page `index` as read ahead (waiting for it while it is read); nil
    /// when another page, or none, is read ahead, or the thread has not
    /// begun (the caller reads it then). Taken once.
    func take(_ index: Int) -> PDFDocument.Page?? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch state {
            case let .waiting(page) where page == index:
                state = .idle
                return nil
            case let .reading(page) where page == index:
                condition.wait()
            case let .read(page, read) where page == index:
                state = .idle
                return .some(read)
            default:
                return nil
            }
        }
    }
}
