import Devices
import Raster

/// The reader session is the loop's main scene.
extension ReaderSession: LoopScene {
    /// Side taps turn pages at once on an unzoomed page under no screen but one that allows them.
    public var tapZonesEnabled: Bool { !controller.isZoomed && openScreen.screen?.allowsTapZones ?? true }

    public var composedFrame: PixelBuffer? { frame }
    public var hasBackgroundWork: Bool { isPaginating }
    public func waitForFrameWork() {
        cache.waitForRenderAhead()
        zoomed.waitUntilIdle()
    }

    public func takeDamage() -> FrameDamage { composed.takeDamage() }

    /// Also while the scroll indicators have yet to fade, a screen slides,
    /// or a zoomed picture's sharp tiles are on their way (each is shown
    /// at the next frame after it comes).
    public var isMoving: Bool {
        controller.isAnimating || composed.scrollIndicators.isShowing(at: controller.now) || openScreen.isAnimating
            || zoomed.isWorking
    }

    public func finishBackgroundWork() {
        takeInWholeBook(waiting: true)
        // A held background (tests hold it) would never finish.
        if !pages.store.isPaused { pages.store.wait { _, complete in complete } }
        syncPages()
        cache.waitForRenderAhead()
        zoomed.waitUntilIdle()
    }

    /// "presented page N", and the screen open over it: "presented page N (menu)".
    public var restingDescription: String { ReaderSummary.restingDescription(of: self) }
    public var status: SceneStatus { SceneStatus(bookPath: bookPath, title: book.metadata.title, page: pageIndexInBook + 1) }

    /// The page picture goes straight from the page buffers into the back
    /// buffer when nothing is drawn over it (no zoom, screen, corner or
    /// scroll bars); anything else is composed in RAM as always and the
    /// rows the back buffer lacks are copied over.
    public func compose(into target: ScanoutTarget) -> FrameDamage? {
        guard target.width == settings.geometry.width, target.height == settings.geometry.height else { return nil }
        if controller.zoomedPage == nil, openScreen.screen == nil, !openScreen.isAnimating, !showsDogEar,
           !composed.scrollIndicators.isShowing(at: controller.now) {
            composed.isDue = false
            // The view may have been moved directly, not through `advance`.
            syncPages()
            return composed.compositor.composePaging(offsetX: controller.screenPagingOffsetX, version: 0, into: target,
                                                     page: pageImages(knownPages))
        }
        if composed.isDue || frame.height == 0 {
            composed.isDue = false
            compose()
        }
        return composed.copy(into: target)
    }

    /// The headless reader's final line; with `describing`, what is on screen too.
    public func summary(describing: Bool) -> JSONLine { ReaderSummary.line(of: self, describing: describing) }
}
