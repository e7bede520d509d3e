import Devices
import Geometry
import Gestures
import Raster

/// The catalogs as the library shows them: opened from its header, over
/// its books, their transfers followed between frames, and a book
/// downloaded listed at once.
extension LibraryScreen {
    /// What is on screen: "catalogs" while they are open, else "library".
    public var screenName: String { catalogs == nil ? "library" : "catalogs" }

    /// A search is typed in the catalogs: a hardware keyboard types into it.
    public var takesTyping: Bool { catalogs?.keyboard != nil }

    public func type(_ key: TypedKey, at time: Double) {
        self.time = max(self.time, time)
        catalogs?.type(KeyboardAction(key))
    }

    func openCatalogs() {
        guard !catalogSources.isEmpty else { return }
        catalogs = CatalogScreen(sources: catalogSources, folder: folder.path, limits: catalogLimits)
        markNeedsFrame()
    }

    /// Back to the books (a download under way goes on, and its book is listed when the folder shows it).
    public func closeCatalogs() {
        guard catalogs != nil else { return }
        catalogs = nil
        markNeedsFrame()
    }

    func catalogLayout(_ screen: CatalogScreen) -> CatalogLayout {
        let painter = painter
        return screen.layout(metrics: metrics, catalog: catalog) { painter.width(of: $0) }
    }

    func catalogControls(_ screen: CatalogScreen) -> [PlacedControl<CatalogControl>] {
        let painter = painter
        return screen.controls(metrics: metrics, catalog: catalog) { painter.width(of: $0) }
    }

    func handle(_ event: GestureEvent, in screen: CatalogScreen) {
        let taps: [Point]
        switch event.kind {
        case let .tap(at, _): taps = [at]
        // Two quick taps on the keyboard are two letters.
        case let .doubleTap(at): taps = screen.keyboard == nil ? [] : [at, at]
        case let .longPress(at):
            screen.longPress(at: at, metrics: metrics)
            return
        default:
            screen.drag(event, viewportTop: catalogLayout(screen).viewport.y)
            return
        }
        for at in taps {
            let control = catalogControls(screen).hit(x: at.x, y: at.y)
            if screen.tap(control, at: at, time: event.time, metrics: metrics, catalog: catalog) == .close {
                return closeCatalogs()
            }
        }
    }

    /// What the catalogs' transfers brought by `time`; a book downloaded
    /// is listed now, not after the folder's quiet interval. True when the screen changed.
    func takeCatalogResults(at time: Double) -> Bool {
        guard let catalogs else { return false }
        let changed = catalogs.takeResults()
        let arrived = catalogs.takeArrivals()
        if !arrived.isEmpty {
            for name in arrived { folder.noteArrived(name, at: time) }
            refresh(rereadingPositions: false)
        }
        return changed || catalogs.needsFrame
    }

    func drawCatalogs(_ screen: CatalogScreen) {
        screen.scrollView.advance(to: time)
        let layout = catalogLayout(screen)
        screen.wantCovers(layout: layout)
        CatalogPainter.draw(screen, layout: layout, catalog: catalog, theme: theme, painter: painter, into: &frame)
        screen.drew()
    }

    /// Bounds the catalogs screen's downloads: the largest book, and the space left free.
    public func limitDownloads(maximumMegabytes: Int, minimumFreeMegabytes: Int) {
        catalogLimits.maximumBytes = maximumMegabytes << 20
        catalogLimits.minimumFreeBytes = minimumFreeMegabytes << 20
    }
}
