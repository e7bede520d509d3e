import Devices
import Raster

/// The reader session is the loop's main scene.
extension ReaderSession: LoopScene {
    public var tapZonesEnabled: Bool { ReadingScreen.tapZonesEnabled(controller, overlay) }

    public var composedFrame: PixelBuffer? { frame }

    public func takeDamage() -> FrameDamage {
        defer { damage = FrameDamage(rows: frame.height) }
        return damage
    }

    /// Also while the scroll indicators have yet to fade, or a screen slides.
    public var isMoving: Bool {
        controller.isAnimating || scrollIndicators.isShowing(at: controller.now) || screensAreAnimating
    }

    public var hasBackgroundWork: Bool { isPaginating }

    public func waitForFrameWork() { cache.waitForRenderAhead() }

    public func finishBackgroundWork() {
        // A held background (tests hold it) would never finish.
        if !pagination.isPaused { pagination.wait { _, complete in complete } }
        syncPages()
        cache.waitForRenderAhead()
    }

    public var restingDescription: String {
        let offset = controller.screenZoomOffset
        let geometry = settings.geometry
        return LivePacing.announcement(page: pageIndexInBook, zoomScale: controller.zoomScale,
                                       isZoomed: controller.isZoomed, offsetX: offset.x, offsetY: offset.y,
                                       width: geometry.width, height: geometry.height)
    }

    public var screenName: String { currentScreenName }
}
