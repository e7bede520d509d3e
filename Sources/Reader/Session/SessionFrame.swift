import Devices
import Raster

/// The reader's composed screen and what is known about it: the rows
/// changed since the loop last took them, the rows screens over the page
/// cover, and the scroll indicators drawn last over everything.
final class SessionFrame {
    /// The composed screen; empty until the first composition takes the prepared one.
    private(set) var pixels = PixelBuffer(width: 0, height: 0)
    var compositor: Compositor
    /// The rows of `pixels` changed since the loop last took them.
    var damage = FrameDamage(rows: 0)
    var scrollIndicators = ScrollIndicators()
    /// A frame is due into the display's back buffer (it is composed there straight).
    var isDue = false
    /// The rows screens over the page cover: composed again when they go.
    private var screenRows: [Range<Int>] = []
    /// Where the frame is being made until the first composition takes it.
    private var pending: BufferPreparation?

    init(prepared: BufferPreparation, width: Int, height: Int, background: UInt32) {
        pending = prepared
        compositor = Compositor(width: width, height: height, background: background)
    }

    /// Takes the prepared frame at the first composition: all of it is new.
    func takePrepared() {
        guard let pending else { return }
        pixels = pending.takeNext()
        self.pending = nil
        damage = .all(rows: pixels.height)
    }

    /// The rows changed since the last call.
    func takeDamage() -> FrameDamage {
        defer { damage = FrameDamage(rows: pixels.height) }
        return damage
    }

    /// Composes the pages at `offsetX` into the frame: only the rows screens
    /// covered when some did, since the rest of the page is there already.
    func composePaging(offsetX: Double, page: (Int) -> Compositor.PageImage?) {
        let bands: [Range<Int>?] = screenRows.isEmpty ? [nil] : screenRows.map { $0 }
        for rows in bands {
            damage.formUnion(compositor.composePaging(offsetX: offsetX, version: 0, rows: rows, into: &pixels, page: page))
        }
    }

    /// Lets `draw` draw over the frame (screens, a zoomed page) and notes
    /// the rows it returns as covered by screens.
    func drawScreens(_ draw: (inout PixelBuffer) -> [Range<Int>]) {
        screenRows = draw(&pixels)
        for rows in screenRows {
            compositor.rowsWereDrawnOver(rows)
            damage.insert(rows)
        }
    }

    /// Lets `draw` draw the whole frame anew (a zoomed page), all of it changed.
    func drawWhole(_ draw: (inout Compositor, inout PixelBuffer) -> Void) {
        draw(&compositor, &pixels)
        damage = .all(rows: pixels.height)
    }

    /// The scroll indicators up to `controller`'s time (`redrawn`: the frame
    /// was just composed under them); true when the frame changed.
    @discardableResult
    func updateScrollIndicators(controller: PagingController, ink: UInt32, redrawn: Bool) -> Bool {
        guard let rows = scrollIndicators.update(in: &pixels, controller: controller, ink: ink, redrawn: redrawn) else {
            return false
        }
        compositor.rowsWereDrawnOver(rows)
        damage.insert(rows)
        return true
    }

    /// Copies the composed frame into `target`, everything of it: the back buffer lacks what was composed in RAM.
    func copy(into target: ScanoutTarget) -> FrameDamage? {
        damage = FrameDamage(rows: pixels.height)
        return compositor.copyFrame(pixels, into: target)
    }
}
