import BookModel
import Threading

/// The page a book opens at, read and drawn on a thread of its own while
/// the reader looks up its font and sets itself up: the page (its size and
/// links, not its text, which comes with the whole book) is taken by
/// whoever asks for it next, and its pixels, drawn as the page is shown
/// alone on the screen, by the first drawing that asks for that region.
///
/// On a busy two-core board the thread may not have begun when the page
/// is asked for: the one asking reads it then rather than wait, and the
/// thread, once it begins, only draws. Asked for before the thread has
/// begun drawing, the pixels are drawn by the one asking, and the thread
/// does not draw them.
final class PageReadAhead: @unchecked Sendable {
    /// A part of a page at a scale, as `PageDrawing.draw` asks for it.
    struct Region: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var scale: Double

        /// All of a page of `width` x `height` points fitted to `screen`.
        static func fitted(width: Double, height: Double, to screen: PageGeometry) -> Region {
            let fitted = FixedPage(width: width, height: height, content: .laidOut)
                .fitted(width: screen.width, height: screen.height)
            // As the painter asks: the scale that makes the page's width the fitted width.
            return Region(x: 0, y: 0, width: fitted.width, height: fitted.height,
                          scale: Double(fitted.width) / max(1, width))
        }
    }

    private enum PageState {
        case idle
        /// The thread is made but has not begun.
        case waiting(page: Int)
        case reading(page: Int)
        case read(page: Int, PDFDocument.Page?)
        /// Asked for before the thread began: the one asking reads it.
        case readByCaller(page: Int)
        /// Read by the one asking; the thread has not begun, and draws it when it does.
        case readForThread(page: Int, PDFDocument.Page?)
    }

    private enum DrawingState {
        case none
        /// Asked for before the thread began drawing: it does not.
        case abandoned
        case drawing(page: Int, Region)
        case drawn(page: Int, Region, [UInt32]?)
    }

    private let condition = Condition()
    private var state = PageState.idle
    private var drawing = DrawingState.none

    /// Starts reading page `index` of `document` and drawing it for
    /// `screen` (nil: read only), unless a page is being read already.
    func start(_ index: Int, of document: PDFDocument, screen: PageGeometry?) {
        let begin = condition.withLock {
            guard case .idle = state else { return false }
            state = .waiting(page: index)
            drawing = .none
            return true
        }
        guard begin else { return }
        do {
            try DetachedThread.start(name: "pdf read ahead") { [self] in
                readAndDraw(index, of: document, screen: screen)
            }
        } catch {
            // No thread to spare: the page is read and drawn when they are asked for.
            condition.withLock { state = .idle }
        }
    }

    private func readAndDraw(_ index: Int, of document: PDFDocument, screen: PageGeometry?) {
        enum Claim { case readHere, readByCaller(PDFDocument.Page?), nothing }
        let claim: Claim = condition.withLock {
            while case .readByCaller(index) = state { condition.wait() }
            switch state {
            case .waiting(index):
                state = .reading(page: index)
                return .readHere
            case .readForThread(index, let page):
                state = .idle
                return .readByCaller(page)
            default:
                return .nothing
            }
        }
        let page: PDFDocument.Page?
        switch claim {
        case .readHere: page = try? document.page(index, withText: false)
        case let .readByCaller(read): page = read
        case .nothing: return
        }
        let region = page.flatMap { page in screen.map { Region.fitted(width: page.width, height: page.height, to: $0) } }
        let draws = condition.withLock {
            if case .readHere = claim { state = .read(page: index, page) }
            var draws = false
            if let region, case .none = drawing {
                drawing = .drawing(page: index, region)
                draws = true
            }
            condition.broadcast()
            return draws
        }
        guard draws, let region else { return }
        let pixels = document.draw(page: index, x: region.x, y: region.y, width: region.width, height: region.height,
                                   scale: region.scale)
        condition.withLock {
            // Unless another region was asked for meanwhile, and this one let go.
            if case .drawing(index, region) = drawing { drawing = .drawn(page: index, region, pixels) }
            condition.broadcast()
        }
    }

    /// Page `index` as read ahead (waiting for it while it is read), else
    /// as `read` reads it here: when the thread has not begun, the page
    /// read here is the one it draws.
    func page(_ index: Int, read: () -> PDFDocument.Page?) -> PDFDocument.Page? {
        condition.lock()
        while true {
            switch state {
            case let .waiting(page) where page == index:
                state = .readByCaller(page: index)
                condition.unlock()
                let page = read()
                condition.withLock {
                    state = .readForThread(page: index, page)
                    condition.broadcast()
                }
                return page
            case let .reading(page) where page == index:
                condition.wait()
            case let .read(page, read) where page == index:
                state = .idle
                condition.unlock()
                return read
            default:
                condition.unlock()
                return read()
            }
        }
    }

    /// The pixels of `region` of page `index` as drawn ahead (waiting while
    /// they are drawn); nil when that region was not drawn ahead, or the
    /// thread has not begun drawing it (it no longer will). Taken once;
    /// asking for another region of the page lets them go.
    func takeDrawing(page index: Int, region: Region) -> [UInt32]?? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch drawing {
            case let .drawing(page, drawn) where page == index:
                guard drawn == region else {
                    drawing = .none
                    return nil
                }
                condition.wait()
            case let .drawn(page, drawn, pixels) where page == index:
                drawing = .none
                return drawn == region ? .some(pixels) : nil
            case .none:
                if threadMayDraw(index) { drawing = .abandoned }
                return nil
            default:
                return nil
            }
        }
    }

    /// The thread has yet to begin drawing page `index`; called under the lock.
    private func threadMayDraw(_ index: Int) -> Bool {
        switch state {
        case .waiting(index), .reading(index), .readByCaller(index), .readForThread(index, _): true
        default: false
        }
    }
}
