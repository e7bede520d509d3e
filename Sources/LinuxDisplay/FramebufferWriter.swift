import Devices

/// The framebuffer display's damage path, free of the device: a frame
/// composed upright in RAM goes into the page the next present shows,
/// only the rows that page lacks (the frame's damage and what it missed
/// while the other page was shown), converted to the device's pixels.
/// The memory is written, never read.
public struct FramebufferWriter: Sendable {
    public let layout: FramebufferLayout
    /// The page on the glass.
    public private(set) var shownPage = 0
    private var damage: DamageTracker

    public init(layout: FramebufferLayout) {
        self.layout = layout
        damage = DamageTracker(height: layout.height, bufferCount: layout.pageCount)
    }

    /// Whether presents flip between two pages (panning) or write the visible one.
    public var pans: Bool { layout.pageCount == 2 }

    /// The page the next frame goes into: the hidden one when panning.
    public var nextPage: Int { pans ? 1 - shownPage : 0 }

    /// Writes the rows of `pixels` (XRGB8888, `stride` bytes a row) that the
    /// next page lacks into `memory` (the whole mapped framebuffer) and
    /// returns the page to show and the frame rows written. The caller pans
    /// to that page, then calls `shown(page:)`.
    public mutating func write(_ pixels: UnsafeRawBufferPointer, stride: Int, damage changed: FrameDamage,
                               into memory: UnsafeMutableRawPointer) -> (page: Int, rows: FrameDamage) {
        let page = nextPage
        let rows = damage.rowsToCopy(into: page, damage: changed)
        guard let source = pixels.baseAddress else { return (page, rows) }
        precondition(stride >= layout.width * 4 && pixels.count >= (layout.height - 1) * stride + layout.width * 4,
                     "the frame holds the framebuffer's rows")
        let base = memory + layout.byteOffset(ofPage: page)
        for run in rows.runs {
            for y in run.clamped(to: 0..<layout.height) {
                layout.format.convert(layout.width, from: source + y * stride, to: base + y * layout.lineLength)
            }
        }
        return (page, rows)
    }

    /// `page` is on the glass now.
    public mutating func shown(page: Int) { shownPage = page }

    /// Every page is written whole next time (the console drew over them).
    public mutating func invalidateAll() { damage.invalidateAll() }
}
