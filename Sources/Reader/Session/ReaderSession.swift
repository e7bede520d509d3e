import Devices
import Geometry
import Gestures
import Raster
import Scrolling
import Typesetting

/// The reader: a book, its pages in three buffers, the paging scroll view,
/// the place, and the screen open over the page, which takes the input
/// while it is open. It never reads a clock: input and frames arrive with
/// their times, and it composes frames when asked.
public final class ReaderSession: PagingControllerObserver, ScreenHost, ReadingScene {
    public typealias Settings = ReaderSettings
    public typealias Start = ReaderStart

    /// The book: while the whole book is read, the sections read so far.
    public internal(set) var book: Book
    /// Which way the pages go (right to left for a right-to-left book).
    public let pageProgression: PageProgression
    public internal(set) var settings: Settings
    public internal(set) var controller: PagingController
    public let cache: PageCache
    /// The book's pages as known so far, by the background and by the reader.
    let pages: BookPages
    public var pagination: PaginationStore { pages.store }
    /// The composed screen; empty until the first `compose()`.
    public internal(set) var frame: PixelBuffer
    /// The rows of `frame` changed since the loop last took them.
    var damage = FrameDamage(rows: 0)
    /// The rows the screens over the page cover in the frame, while they are drawn there.
    private var screenRows: [Range<Int>] = []
    var scrollIndicators = ScrollIndicators()
    /// Where the frame is being made until the first composition takes it.
    private var pendingFrame: BufferPreparation?
    /// The screen open over the page, which takes the input while it is open.
    let openScreen = OpenScreen()
    var screenTime: Double { openScreen.time }
    let resources = ScreenResources()
    /// The place, the bookmarks and the book's size as the state store keeps them.
    let places: PlaceKeeper
    var bookPath: String { places.bookPath }
    /// The first character of the page the reader last turned to or
    /// jumped to: re-layouts show the page holding it, however many follow.
    var readingPlace = 0
    var wayBack: WayBack?
    /// What the menu offers (a kiosk's `MENU=`); everything unless set.
    public var menuPolicy = MenuPolicy.full {
        didSet {
            if !menuPolicy.offersTextSettings, openScreen.screen is TextPanelScreen { openScreen.dismiss() }
            needsFrame = true
        }
    }
    /// The book was opened from a library: the menu offers the way back to it.
    public var offersLibrary = false
    /// Library in the menu (or `l`) was chosen: the scene holding both goes there next.
    var libraryRequested = false
    var compositor: Compositor
    var renderers: PageRenderers
    var renderer: PageRenderer { renderers.main }
    /// The page's layout painted at the zoomed size, kept only while zoomed.
    var zoom: ZoomedGlyphs?
    /// Messages for the person (warnings), drained by the caller.
    public internal(set) var warnings: [String] = []
    var needsFrame = true
    /// Frames go straight into a display's back buffer (`compose(into:)`):
    /// `advance` only notes that one is due (`framePending`).
    public var composesStraight = false
    var framePending = false

    /// With `settings.pagination` `.onDemand`, a `.page` start needs the
    /// background: it is resumed for it.
    /// `hyphenationPreload`: patterns loaded while the book was opened (see `HyphenationPreload`).
    /// `preparedBuffers`: the first page's buffer and the frame, made while
    /// the book was opened, used when they have the page's size and background.
    public convenience init(book: Book, path: String, settings: Settings, start: Start, stateStore: StateStore?,
                            hyphenationPreload: HyphenationPreload? = nil,
                            preparedBuffers: BufferPreparation? = nil) throws {
        try self.init(book: book, path: path, settings: settings, start: start, stateStore: stateStore,
                      hyphenationPreload: hyphenationPreload, preparedBuffers: preparedBuffers, pending: nil)
    }

    /// `pending`: `book` is some sections of the whole book it names, which is taken in once read.
    init(book: Book, path: String, settings: Settings, start: Start, stateStore: StateStore?,
         hyphenationPreload: HyphenationPreload?, preparedBuffers: BufferPreparation?,
         pending: PendingWholeBook?) throws {
        let geometry = settings.geometry
        // The frame and the first page's buffer; the other two are touched when first drawn.
        var buffers = BufferPreparation(count: 2, width: geometry.width, height: geometry.height,
                                        fill: settings.theme.background)
        if let preparedBuffers, preparedBuffers.width == geometry.width, preparedBuffers.height == geometry.height,
           preparedBuffers.fill == settings.theme.background {
            buffers = preparedBuffers
        }
        self.book = book
        pageProgression = book.pageProgression
        self.settings = settings
        places = PlaceKeeper(store: stateStore, bookHash: StateStore.key(of: book), bookPath: path)
        let main = try Typesetter(book: book, geometry: geometry, font: settings.font, language: settings.language,
                                  lineBreaking: settings.lineBreaking, hyphenationPreload: hyphenationPreload)
        // The language is detected once; the other typesetters take it as given.
        self.settings.language = main.language
        renderers = try PageRenderers(main, theme: settings.theme, workerGlyphs: GlyphCache())
        compositor = Compositor(width: geometry.width, height: geometry.height, background: settings.theme.background)
        pages = BookPages(book: book, geometry: geometry, pending: pending)
        controller = PagingController(pageSize: Size(width: Double(geometry.width), height: Double(geometry.height)), pageCount: 1)
        var prepared = [buffers.takeNext()]
        // Taken at the first composition, while it is made.
        frame = PixelBuffer(width: 0, height: 0)
        pendingFrame = buffers
        // Their ink is not known: their first painting clears them whole.
        prepared += (prepared.count..<PageCache.bufferCount).map { _ in
            PixelBuffer(unfilledWidth: geometry.width, height: geometry.height)
        }
        cache = try PageCache(buffers: consume prepared, renderer: renderers.main, workerRenderer: renderers.worker)
        switch start {
        case let .offset(offset):
            try startPagination(showing: offset)
        case .savedPlace:
            let saved = stateStore?.savedOffset(for: book)
            if let warning = saved?.warning { warnings.append(warning) }
            // A first open starts at the book itself, past a header.
            try startPagination(showing: saved?.offset ?? book.metadata.bodyStart)
        case let .page(page):
            try startPagination(showing: 0)
            // Numbered pages are known only from the start of the book on.
            if pages.store.isPaused { pages.store.resume() }
            pages.store.wait { entries, _ in entries.count > page + 1 }
            syncPages()
            controller.show(page: min(page, knownPageCount - 1))
            places.savedOffset = currentOffset
            // Drawn here, as the page of any other start is, and its neighbours ahead.
            cache.drawAtOnce(currentPage, pagination: knownPages)
            cache.focus(on: currentPage, pageCount: knownPageCount, pagination: knownPages)
        }
        readingPlace = currentOffset
    }

    // MARK: Pages

    /// Pages that are final now in the scroll view (the book may still be paginating).
    public var knownPageCount: Int { pages.knownPageCount }
    /// True until every page of the book is known and in the scroll view.
    public var isPaginating: Bool { pages.isPaginating }
    /// False while the pages before those in the scroll view are not known:
    /// `currentPage` then counts from the first known page and footers show
    /// an estimated page number.
    public var pageNumbersAreExact: Bool { pages.numbersAreExact }
    /// The page on screen among the known pages (the book's page number once
    /// `pageNumbersAreExact`).
    public var currentPage: Int { controller.currentPage }
    /// The book's index of the page on screen (0-based): exact once
    /// `pageNumbersAreExact`, else the estimate its footer shows.
    public var pageIndexInBook: Int {
        (pages.pendingWholeBook != nil ? knownPages.pagesBefore : pages.pagesBefore) + currentPage
    }
    /// The character offset at the start of the page on screen.
    public var currentOffset: Int { offsetRange.lowerBound }
    /// The characters of the page on screen.
    public var offsetRange: Range<Int> {
        let entries = pages.window.pages
        return entries.indices.contains(currentPage) ? entries[currentPage].start..<entries[currentPage].end : 0..<0
    }
    /// The pages the scroll view holds, numbered for their footers.
    public var knownPages: Pagination { pages.known(in: book) }

    var pageNumbers: PageNumbers {
        PageNumbers(window: pages.window, pagesBefore: pages.pagesBefore, areExact: pageNumbersAreExact,
                    known: knownPages, length: book.text.scalarCount)
    }

    /// The pages the frame shows now: one at rest, two during a page turn.
    var visiblePages: Set<Int> {
        if let zoomed = controller.zoomedPage { return [zoomed] }
        let split = Compositor.split(offsetX: controller.scrollView.contentOffset.x,
                                     pageWidth: settings.geometry.width)
        return split.shift == 0 ? [split.page] : [split.page, split.page + 1]
    }

    // MARK: Input

    public func handle(_ events: [GestureEvent]) {
        // A touch may turn to a page beside the one on screen: it must be known.
        if !events.isEmpty {
            takeInWholeBook(waiting: true)
            syncPages(neighbours: true)
        }
        for event in events { route(event) }
        needsFrame = true
    }

    /// One gesture: to the screen open over the page, else to the page.
    private func route(_ event: GestureEvent) {
        if openScreen.route(event, host: self, page: controller.handle) { return }
        if case let .tap(at, _) = event.kind, followLink(at: at) { return }
        controller.handle(event)
    }

    /// Follows the link under a tap on the page: a note reference, or a
    /// link into a part no page shows, opens the note; any other jumps.
    private func followLink(at point: Point) -> Bool {
        guard resources.hasLinks(book), let pagePoint = controller.pagePoint(atScreen: point),
              knownPages.pages.indices.contains(currentPage) else { return false }
        let links = renderer.typesetter.layoutPage(currentPage, of: knownPages).links
        let slop = Double(ScreenResources.metrics(for: settings).target) / 3
        guard let link = PageLinks.link(near: pagePoint, in: links, slop: slop) else { return false }
        if link.isNoteReference || book.isOffPages(link.target) {
            open(NoteScreen(noteAt: link.target, host: self))
        } else {
            jump(to: link.target)
        }
        return true
    }

    public func handle(_ command: ReaderCommand, at time: Double) throws {
        takeInWholeBook(waiting: true)
        syncPages(neighbours: true)
        openScreen.advance(to: time)
        needsFrame = true
        if openScreen.key(command, host: self) { return }
        switch command {
        case .nextPage: controller.turn(by: 1, at: time)
        case .previousPage: controller.turn(by: -1, at: time)
        case .firstPage: show(offset: 0)
        case .lastPage: show(offset: book.text.scalarCount)
        case .increaseFontSize: try setFontSize(settings.geometry.fontSize + 2)
        case .decreaseFontSize: try setFontSize(settings.geometry.fontSize - 2)
        case .toggleZoom:
            let centre = Point(x: Double(settings.geometry.width) / 2, y: Double(settings.geometry.height) / 2)
            controller.handle(GestureEvent(time: time, kind: .doubleTap(at: centre)))
        default: break
        }
    }

    public func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point) {
        if openScreen.screen == nil { open(MenuScreen(at: screenTime)) }
    }

    public func pagingController(_ controller: PagingController, sent message: ScrollMessage) {
        scrollIndicators.note(message, zoomed: controller.isZoomed, at: controller.now)
        if message.endsMotion { pageSettled() }
    }

    /// A page came to rest: a page turned by hand is the new place and ends the way back.
    private func pageSettled() {
        if !offsetRange.contains(readingPlace) { readingPlace = currentOffset }
        if let back = wayBack, currentOffset != back.landed { wayBack = nil }
    }

    /// The page at rest is on the glass: its position is saved now.
    public func didShowRestingFrame() { saveIfMoved() }

    /// Saves the position when the settled page changed.
    private func saveIfMoved() {
        guard places.store != nil else { return }
        // A place is saved in the whole book's offsets.
        takeInWholeBook(waiting: true)
        if let warning = places.saveIfMoved(offset: currentOffset, book: book) { warnings.append(warning) }
    }

    /// Why the last save failed, while saving fails.
    public var saveFailure: String? { places.saveFailure }

    /// Saves the position now if the view rests (on exit).
    public func saveNow() {
        if !controller.isAnimating { saveIfMoved() }
    }

    public func drainWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    // MARK: Frames

    public var isAnimating: Bool { controller.isAnimating || isPaginating }

    /// The page at rest is bookmarked: its folded corner is drawn over it.
    var showsDogEar: Bool {
        !bookmarksOnPage.isEmpty && !controller.isAnimating && !controller.isZoomed && openScreen.showsDogEar
    }

    /// Steps animations to `time` and composes the frame. Returns false when
    /// nothing changed since the last frame.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        takeInWholeBook(waiting: false)
        let moving = controller.isAnimating || openScreen.isAnimating
        openScreen.advance(to: time)
        controller.advance(to: time)
        syncPages()
        guard moving || needsFrame else { return updateScrollIndicators(redrawn: false) }
        if composesStraight { framePending = true } else { compose() }
        needsFrame = false
        return true
    }

    /// Composes the frame for the current state.
    public func compose() {
        if let pendingFrame {
            frame = pendingFrame.takeNext()
            self.pendingFrame = nil
            damage = .all(rows: frame.height)
        }
        // The view may have been moved directly, not through `advance`.
        syncPages()
        let known = knownPages
        let scroll = controller.scrollView
        if let zoomed = controller.zoomedPage {
            cache.focus(on: zoomed, pageCount: knownPageCount, pagination: known)
            if scroll.isZooming || scroll.isZoomBouncing || scroll.isAnimating && !scroll.isDecelerating
                || abs(scroll.zoomScale - 1) < 0.001 {
                let offset = controller.screenZoomOffset
                _ = cache.withPage(zoomed, pagination: known) { buffer in
                    compositor.composeMagnified(buffer, scale: scroll.zoomScale, offsetX: offset.x, offsetY: offset.y,
                                                into: &frame)
                }
                damage = .all(rows: frame.height)
            } else {
                // The zoomed viewport drawn sharp from the page's layout at the zoomed size.
                if zoom?.scale != controller.zoomScale { zoom = ZoomedGlyphs(scale: controller.zoomScale) }
                if let zoom {
                    zoom.paint(renderer.typesetter.layoutPage(zoomed, of: known), fonts: renderer.typesetter.fonts,
                               theme: settings.theme, origin: controller.screenZoomOffset, into: &frame)
                    compositor.frameWasDrawnOver()
                    damage = .all(rows: frame.height)
                }
            }
            ZoomedEdgeNeighbour.draw(controller: controller, cache: cache, pagination: known, pageCount: knownPageCount,
                                     into: &frame)
        } else if !openScreen.coversPage {
            let image = pageImages(known)
            // Rows a screen covered are composed again, band by band.
            let bands: [Range<Int>?] = screenRows.isEmpty ? [nil] : screenRows.map { $0 }
            for rows in bands {
                damage.formUnion(compositor.composePaging(offsetX: controller.screenPagingOffsetX, version: 0, rows: rows,
                                                          into: &frame, page: image))
            }
        }
        screenRows = openScreen.draw(into: &frame, host: self)
        if showsDogEar { screenRows += DogEar(metrics: ScreenResources.metrics(for: settings)).draw(theme: settings.theme, into: &frame) }
        for rows in screenRows {
            compositor.rowsWereDrawnOver(rows)
            damage.insert(rows)
        }
        updateScrollIndicators(redrawn: true)
    }

    /// The images of the pages in view for the compositor, the pages around
    /// the current one drawn ahead (a page past either end: none).
    func pageImages(_ known: Pagination) -> (Int) -> Compositor.PageImage? {
        zoom = nil
        let page = controller.currentPage
        cache.focus(on: page, pageCount: knownPageCount, pagination: known)
        let count = knownPageCount
        let controller = self.controller
        // Screen positions are pages' indexes mirrored for a right-to-left book.
        return { screenIndex in
            let index = controller.page(atScreenIndex: screenIndex)
            guard index >= 0, index < count else { return nil }
            return self.cache.withInkedPage(index, pagination: known) {
                Compositor.PageImage(pixels: $0, ink: $1, columns: $2, drawing: $3)
            }
        }
    }

    /// Brings the scroll indicators in the frame up to the controller's
    /// time (`redrawn`: the frame was just composed under them) and marks
    /// the rows they wrote; true when the frame changed.
    @discardableResult
    func updateScrollIndicators(redrawn: Bool) -> Bool {
        guard let rows = scrollIndicators.update(in: &frame, controller: controller, ink: settings.theme.ink,
                                                 redrawn: redrawn) else { return false }
        compositor.rowsWereDrawnOver(rows)
        damage.insert(rows)
        return true
    }

    public func stop() {
        pages.pendingWholeBook?.reading.stopReading()
        pages.store.cancel()
        cache.stop()
    }
}
