import FoundationEssentials
import Raster
import Threading
import Typesetting

/// Exactly three page buffers for the life of the reader, holding the
/// previous, current and next page. When the current page changes the
/// buffer that fell two pages behind is recycled for the new neighbour and
/// drawn ahead on a worker thread. A page needed before it is ready is
/// drawn at once on the caller's thread and counted as a stall.
public final class PageCache: @unchecked Sendable {
    private enum SlotState { case empty, ready, rendering }
    private final class Slot {
        var page: Int?
        var state: SlotState = .empty
        var buffer: PixelBuffer
        /// Rows of the buffer that may not be background: those the page's
        /// glyphs were drawn on, or all while that is not known.
        var ink: InkRows
        /// The columns of each row that may not be background, measured
        /// on each drawing (nil while the buffer holds none).
        var columns: InkColumns?
        /// The number of the drawing the buffer holds.
        var drawing = 0
        /// The page numbers changed while the worker drew it: its footer is
        /// drawn again when it is next shown.
        var footerStale = false
        init(buffer: PixelBuffer) {
            self.buffer = buffer
            ink = .all(rows: buffer.height)
        }
    }

    public static let bufferCount = 3
    /// Page buffers allocated so far; stays at three.
    public private(set) var allocatedBuffers = 0
    public private(set) var stalls = 0
    /// How many times a buffer was given to another page.
    public private(set) var recycles = 0
    /// Drawings into the buffers so far: each gets the next number, so a
    /// frame composed from the same drawings at the same offset is the same frame.
    private var drawings = 0

    private let condition = Condition()
    private var slots: [Slot] = []
    private var renderer: PageRenderer
    private let worker: RenderWorker

    /// Over `bufferCount` buffers made by the caller. `renderer` draws on
    /// the caller's thread; `workerRenderer` is owned by the worker.
    init(buffers: consuming [PixelBuffer], renderer: PageRenderer, workerRenderer: PageRenderer) throws {
        precondition(buffers.count == Self.bufferCount, "a page cache holds \(Self.bufferCount) buffers")
        self.renderer = renderer
        worker = try RenderWorker(renderer: workerRenderer)
        // Moved out one by one: a buffer still held by the array would be
        // copied at its first drawing.
        buffers.reverse()
        while let buffer = buffers.popLast() {
            slots.append(Slot(buffer: buffer))
            allocatedBuffers += 1
        }
    }

    /// Makes the buffers hold `current - 1 ... current + 1` (within `0..<pageCount`),
    /// recycling buffers of pages that left the window and drawing the new
    /// ones ahead on the worker.
    public func focus(on current: Int, pageCount: Int, pagination: Pagination) {
        let wanted = [current, current + 1, current - 1].filter { $0 >= 0 && $0 < pageCount }
        condition.lock()
        var missing = wanted.filter { page in !slots.contains { $0.page == page } }
        // A buffer still out at the worker for a page no longer wanted is the
        // only one free: wait for it rather than leave a page blank.
        while !missing.isEmpty, !slots.contains(where: { slot in
            slot.state != .rendering && !(slot.page.map(wanted.contains) ?? false)
        }), slots.contains(where: { $0.state == .rendering && !(($0.page.map(wanted.contains)) ?? false) }) {
            stalls += 1
            condition.wait()
        }
        for slot in slots where missing.count > 0 {
            if let page = slot.page, wanted.contains(page) { continue }
            guard slot.state != .rendering else { continue }
            let page = missing.removeFirst()
            if slot.page != nil { recycles += 1 }
            submit(slot, page: page, pagination: pagination)
        }
        condition.unlock()
    }

    /// Hands `slot`'s buffer to the worker to draw `page` in; the caller holds the lock.
    private func submit(_ slot: Slot, page: Int, pagination: Pagination) {
        slot.page = page
        slot.state = .rendering
        slot.footerStale = false
        var buffer = PixelBuffer(width: 0, height: 0)
        swap(&buffer, &slot.buffer)
        let background = renderer.theme.background
        worker.submit(page: page, pagination: pagination, buffer: consume buffer, ink: slot.ink) { [self] rendered, ink in
            // Measured on the worker before the lock, which frames wait on.
            let columns = InkColumns(measuring: rendered, ink: ink, background: background)
            condition.lock()
            swap(&slot.buffer, &rendered)
            slot.ink = ink
            // The slot may have been reassigned while drawing; the buffer is back either way.
            slot.state = slot.page == page ? .ready : .empty
            noteDrawing(in: slot, measured: columns)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Gives read access to the buffer holding `page`, drawing it now (a
    /// stall) when it is not ready. Nil when the page is not in the window.
    public func withPage<R>(_ page: Int, pagination: Pagination, _ body: (PixelBuffer) -> R) -> R? {
        withInkedPage(page, pagination: pagination) { buffer, _, _, _ in body(buffer) }
    }

    /// Like `withPage`, also giving the rows the page's glyphs are on, the
    /// columns of each that may not be background and the number of the
    /// drawing the buffer holds.
    public func withInkedPage<R>(_ page: Int, pagination: Pagination,
                                 _ body: (PixelBuffer, InkRows, InkColumns?, Int) -> R) -> R? {
        condition.lock()
        defer { condition.unlock() }
        guard let slot = slots.first(where: { $0.page == page }) else { return nil }
        if slot.state == .rendering {
            // The worker has it: waiting for it is the stall.
            stalls += 1
            while slot.state == .rendering { condition.wait() }
            if slot.page != page { return nil }
        }
        if slot.state != .ready {
            stalls += 1
            renderer.render(page: page, of: pagination, into: &slot.buffer, ink: &slot.ink)
            slot.state = .ready
            slot.footerStale = false
            noteDrawing(in: slot)
        } else if slot.footerStale {
            redrawFooter(of: slot, page: page, pagination: pagination)
        }
        return body(slot.buffer, slot.ink, slot.columns, slot.drawing)
    }

    /// Waits until the worker has drawn everything asked of it. Virtual
    /// time calls this between frames, as real frames leave the worker time.
    public func waitForRenderAhead() {
        condition.lock()
        while slots.contains(where: { $0.state == .rendering }) { condition.wait() }
        condition.unlock()
    }

    /// Brings held pages up to a changed pagination: their footers count
    /// the pages. Only the footers are drawn again, at once on this thread
    /// (a few glyphs in the footer's rows), never a whole page, and nothing
    /// waits for the worker: a page it is drawing meanwhile gets its footer
    /// when it is next shown.
    public func refreshFooters(pagination: Pagination) {
        condition.lock()
        for slot in slots {
            guard let page = slot.page, pagination.pages.indices.contains(page) else { continue }
            switch slot.state {
            case .ready:
                redrawFooter(of: slot, page: page, pagination: pagination)
            case .rendering:
                slot.footerStale = true
            default:
                break
            }
        }
        condition.unlock()
    }

    /// Draws the footer of `slot`'s page again; the caller holds the lock.
    private func redrawFooter(of slot: Slot, page: Int, pagination: Pagination) {
        renderer.renderFooter(page: page, of: pagination, into: &slot.buffer, ink: &slot.ink)
        slot.footerStale = false
        noteDrawing(in: slot, rows: renderer.typesetter.footerRows)
    }

    /// The slot holds a new drawing: its number tells the compositor the
    /// picture changed, and its ink's columns are measured (reading only
    /// the ends of its ink rows), only `rows` when only they were drawn
    /// again, or taken as `measured` by the thread that drew it. The
    /// caller holds the lock.
    private func noteDrawing(in slot: Slot, rows: Range<Int>? = nil, measured: InkColumns? = nil) {
        drawings += 1
        slot.drawing = drawings
        let background = renderer.theme.background
        if slot.page == nil {
            slot.columns = nil
        } else if let measured {
            slot.columns = measured
        } else if let rows, slot.columns != nil {
            slot.columns?.measure(rows: rows, of: slot.buffer, ink: slot.ink, background: background)
        } else {
            slot.columns = InkColumns(measuring: slot.buffer, ink: slot.ink, background: background)
        }
    }

    /// Draws `page` again now on the caller's thread if a buffer holds it
    /// (a spread that gained the page beside it): not a stall, as nothing
    /// waited for a page that was not drawn.
    public func redraw(_ page: Int, pagination: Pagination) {
        waitForRenderAhead()
        condition.lock(); defer { condition.unlock() }
        guard let slot = slots.first(where: { $0.page == page }) else { return }
        renderer.render(page: page, of: pagination, into: &slot.buffer, ink: &slot.ink)
        slot.state = .ready
        slot.footerStale = false
        noteDrawing(in: slot)
    }

    /// Pages were put in front of the others: the held pages keep their
    /// pictures under indices `count` higher.
    public func insertPagesInFront(_ count: Int) {
        waitForRenderAhead()
        condition.lock()
        for slot in slots { slot.page = slot.page.map { $0 + count } }
        condition.unlock()
    }

    /// Draws `page` now on the caller's thread into a free buffer, for a
    /// page shown with nothing drawn before it (opening, a font change):
    /// the caller's typesetter has just laid its chapter out, where the
    /// worker's would start cold. Not a stall: no page was waited for.
    public func drawAtOnce(_ page: Int, pagination: Pagination) {
        condition.lock(); defer { condition.unlock() }
        guard !slots.contains(where: { $0.page == page }),
              let slot = slots.first(where: { $0.state != .rendering && $0.page == nil })
                ?? slots.first(where: { $0.state != .rendering }) else { return }
        slot.page = page
        renderer.render(page: page, of: pagination, into: &slot.buffer, ink: &slot.ink)
        slot.state = .ready
        slot.footerStale = false
        noteDrawing(in: slot)
    }

    /// Forgets every page (after a font size change); buffers are kept.
    /// `inkUnknown` (a new background): every row of them is drawn again.
    public func invalidate(inkUnknown: Bool = false) {
        waitForRenderAhead()
        condition.lock()
        for slot in slots {
            slot.page = nil
            slot.state = .empty
            slot.columns = nil
            if inkUnknown { slot.ink = .all(rows: slot.buffer.height) }
        }
        condition.unlock()
    }

    /// New renderers after a change of font or size; call after `invalidate()`.
    public func replaceRenderers(main: PageRenderer, worker workerRenderer: PageRenderer) {
        condition.lock()
        renderer = main
        condition.unlock()
        worker.replaceRenderer(workerRenderer)
    }

    public func stop() { worker.stop() }
}
