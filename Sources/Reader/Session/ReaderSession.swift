import BookModel
import Devices
import Geometry
import Gestures
import Raster
import Typesetting

/// The reader: a book, its pages in three buffers, the paging scroll view,
/// the place, and the screen open over the page, to which it routes input.
/// It never reads a clock: input and frames arrive with their times.
public final class ReaderSession: PagingControllerObserver, ScreenHost, ReadingScene {
    public typealias Settings = ReaderSettings
    public typealias Start = ReaderStart

    /// While the whole book is read, the sections read so far.
    public internal(set) var book: Book
    public var pageProgression: PageProgression { book.pageProgression(settings.writingMode) }
    public internal(set) var settings: Settings
    public internal(set) var controller: PagingController
    public let cache: PageCache
    let pages: BookPages
    /// The scroll view's pages are spreads, and so are the three buffers' pictures.
    var spreads = ShownSpreads()
    public var pagination: PaginationStore { pages.store }
    let composed: SessionFrame
    /// The composed screen; empty until the first `compose()`.
    public var frame: PixelBuffer { composed.pixels }
    let openScreen = OpenScreen()
    var screenTime: Double { openScreen.time }
    public let resources = ScreenResources()
    let annotations = Annotations()
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
    /// Whether highlights and notes are made and kept (a kiosk's `NOTES=`).
    public var notesPolicy = NotesPolicy.keep
    /// The book was opened from a library: the menu offers the way back to it.
    public var offersLibrary = false
    var libraryRequested = false
    var renderers: PageRenderers
    var renderer: PageRenderer { renderers.main }
    let zoomed = ZoomedPageComposer()
    /// Tiles of zoomed pictures composed blank so far (none ever should be).
    public var blankTiles: Int { composed.compositor.blankTiles }
    /// Messages for the person, drained by the caller.
    public internal(set) var warnings: [String] = []
    var needsFrame = true
    /// Frames go straight into a display's back buffer (`compose(into:)`):
    /// `advance` only notes that one is due.
    public var composesStraight = false

    /// `hyphenationPreload`: patterns loaded while the book was opened; `preparedBuffers`:
    /// the first page's buffer and the frame made meanwhile, used when they fit.
    /// With `.onDemand` pagination a `.page` start resumes the background.
    public convenience init(book: Book, path: String, settings: Settings, start: Start, stateStore: StateStore?,
                            hyphenationPreload: HyphenationPreload? = nil,
                            preparedBuffers: BufferPreparation? = nil) throws {
        try self.init(book: book, path: path, settings: settings, start: start, stateStore: stateStore,
                      hyphenationPreload: hyphenationPreload, preparedBuffers: preparedBuffers, pending: nil)
    }

    /// `pending`: `book` is some sections of the whole book, taken in once read.
    init(book: Book, path: String, settings: Settings, start: Start, stateStore: StateStore?,
         hyphenationPreload: HyphenationPreload?, preparedBuffers: BufferPreparation?,
         pending: PendingWholeBook?) throws {
        let geometry = settings.geometry
        let buffers = BufferPreparation.forSession(preparedBuffers, width: geometry.width, height: geometry.height,
                                                   background: settings.theme.background)
        self.book = book
        self.settings = settings
        places = PlaceKeeper(store: stateStore, bookHash: StateStore.key(of: book), bookPath: path)
        let main = try Typesetter(book: book, geometry: geometry, font: settings.font, language: settings.language,
                                  lineBreaking: settings.lineBreaking, hyphenationPreload: hyphenationPreload, writingMode: settings.writingMode,
                                  columns: settings.columns)
        // The language is detected once; the other typesetters take it as given.
        self.settings.language = main.language
        renderers = try PageRenderers(main, theme: settings.theme, workerGlyphs: GlyphCache())
        pages = BookPages(book: book, geometry: main.geometry, pending: pending)
        controller = PagingController(pageSize: Size(width: Double(geometry.width), height: Double(geometry.height)), pageCount: 1)
        let pageBuffers = buffers.takePageBuffers()
        // The frame is taken at the first composition, while it is made.
        composed = SessionFrame(prepared: buffers, width: geometry.width, height: geometry.height,
                                background: settings.theme.background)
        cache = try PageCache(buffers: pageBuffers, renderer: renderers.main, workerRenderer: renderers.worker)
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
            pages.waitForPages(through: page + 1)
            syncPages()
            // A page number opens its spread, the place at the spread's start as a turn leaves it.
            controller.show(page: spreads.spread(ofPage: min(page, knownPageCount - 1)))
            places.savedOffset = currentOffset
            // Drawn here, as the page of any other start is, and its neighbours ahead.
            cache.drawAtOnce(currentSpread, pagination: knownPages)
            cache.focus(on: currentSpread, pageCount: spreadCount, pagination: knownPages)
        }
        readingPlace = currentOffset
    }

    // MARK: Pages

    /// Pages final now in the scroll view (the book may still be paginating).
    public var knownPageCount: Int { pages.knownPageCount }
    public var isPaginating: Bool { pages.isPaginating }
    /// False while the pages before the known ones are not known: footers
    /// then estimate, and `currentPage` counts from the first known page.
    public var pageNumbersAreExact: Bool { pages.numbersAreExact }
    /// The page on screen: of a spread's pages, the one holding the place
    /// (the page turned or jumped to), else its first in reading order.
    public var currentPage: Int {
        ShownSpreads.page(among: spreadPages(currentSpread), holding: pages.window.pageIndex(containing: readingPlace))
    }
    /// The spread on screen: the scroll view's page.
    public var currentSpread: Int { controller.currentPage }
    /// Spreads of the pages final now in the scroll view.
    public var spreadCount: Int { spreads.count(pageCount: knownPageCount) }
    /// The known pages spread `index` shows.
    func spreadPages(_ index: Int) -> Range<Int> { spreads.pages(ofSpread: index, pageCount: pages.window.pages.count) }
    /// The book's index of the page on screen, as its footer gives it.
    public var pageIndexInBook: Int {
        (pages.pendingWholeBook != nil ? knownPages.pagesBefore : pages.pagesBefore) + currentPage
    }
    /// The first character of the page on screen (`currentPage`).
    public var currentOffset: Int {
        let entries = pages.window.pages
        return entries.indices.contains(currentPage) ? entries[currentPage].start : offsetRange.lowerBound
    }
    /// The characters of the page (or the spread's pages) on screen.
    public var offsetRange: Range<Int> { ShownSpreads.offsets(of: spreadPages(currentSpread), in: pages.window.pages) }
    /// The pages the scroll view holds, numbered for their footers.
    public var knownPages: Pagination { pages.known(in: book) }
    var pageNumbers: PageNumbers { pages.numbers(in: book) }

    /// A new store and background pagination, and the page holding `offset` on screen.
    func startPagination(showing offset: Int, paused: Bool? = nil) throws {
        let later = try pages.restart(showing: offset, paused: paused ?? (settings.pagination == .onDemand),
                                      typesetter: renderer.typesetter)
        readingPlace = offset
        spreads = ShownSpreads(renderer.typesetter.spreads(of: knownPages))
        let page = spreads.spread(ofPage: pages.window.pageIndex(containing: offset) ?? 0)
        controller = PagingController(pageSize: controller.pageSize, pageCount: spreadCount, startPage: page)
        controller.isRightToLeft = pageProgression == .rightToLeft
        controller.scrollView.maximumZoomScale = book.hasFixedPages ? PagingController.maximumPictureZoom
            : PagingController.maximumZoom
        controller.observer = self
        places.savedOffset = offsetRange.isEmpty ? nil : currentOffset
        cache.drawAtOnce(page, pagination: knownPages)
        cache.focus(on: page, pageCount: spreadCount, pagination: knownPages)
        needsFrame = true
        // Started last, the background's setting up overlaps the drawing of the first page.
        if later { try pages.startBackground(typesetter: renderer.typesetter) }
    }

    /// Shows the page holding `offset` (a jump), the place from now on.
    func show(offset: Int) {
        let offset = min(max(0, offset), book.text.scalarCount)
        // The place is the page holding the offset, whichever side of its spread.
        readingPlace = offset
        if let page = pages.window.pageIndex(containing: offset) {
            controller.show(page: spreads.spread(ofPage: page))
        } else {
            pages.jump(to: offset, typesetter: renderer.typesetter)
            cache.invalidate()
            spreads = ShownSpreads(renderer.typesetter.spreads(of: knownPages))
            controller.setPageCount(spreadCount)
            controller.show(page: spreads.spread(ofPage: pages.window.pageIndex(containing: offset) ?? 0))
            needsFrame = true
        }
        readingPlace = currentOffset
    }

    /// Call once a frame and before input: takes in the pages found since,
    /// with `neighbours` (input arrives) the ones beside the page on screen
    /// (at rest the background brings them: nobody waits for them), and
    /// keeps the picture when pages are put in front.
    func syncPages(neighbours: Bool = false) {
        // A spread past the known ones stands for pages that are not known.
        let visible = Set(controller.visiblePages(pageWidth: settings.geometry.width).flatMap(spreads.pages(ofSpread:)))
        let first = spreadPages(currentSpread).first ?? 0, known = pages.window.pages.count
        let inserted = pages.takeIn(page: first, shown: spreads.columns, needed: neighbours || controller.isAnimating,
                                    visible: visible, typesetter: renderer.typesetter)
        switch spreads.takeIn(renderer.typesetter.spreads(of: knownPages), inserted: inserted, firstShown: first,
                              knownBefore: known, knownNow: pages.window.pages.count) {
        case let .paired(show):
            cache.invalidate()
            controller.setPageCount(spreadCount)
            controller.show(page: show)
            needsFrame = true
        case let .shifted(inFront, redraw):
            if inserted > 0 {
                cache.insertPagesInFront(inFront)
                controller.insertPagesInFront(inFront, pageCount: spreadCount)
            } else if spreadCount != controller.pageCount {
                controller.setPageCount(spreadCount)
            }
            for spread in redraw { cache.redraw(spread, pagination: knownPages) }
            needsFrame = needsFrame || inserted > 0 || !redraw.isEmpty
        }
        pages.want(around: currentPage)
        if pages.numbersSettled() {
            cache.refreshFooters(pagination: knownPages)
            needsFrame = true
        }
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
        if case let .tap(at, _) = event.kind, PageLinks.follow(at: controller.pagePoint(atScreen: at), host: self)
            || HighlightScreen.open(at: controller.pagePoint(atScreen: at), host: self) { return }
        if case let .longPress(at) = event.kind, SelectionScreen.begin(at: controller.pagePoint(atScreen: at, fingerHeld: true), host: self) { return }
        controller.handle(event)
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
        composed.scrollIndicators.note(message, zoomed: controller.isZoomed, at: controller.now)
        if message.endsMotion { pageSettled() }
    }

    /// A page turned by hand is the new place and ends the way back.
    private func pageSettled() {
        if !offsetRange.contains(readingPlace) { readingPlace = currentOffset }
        if let back = wayBack, currentOffset != back.landed { wayBack = nil }
    }

    /// The page at rest is on the glass: its position is saved now.
    public func didShowRestingFrame() { saveIfMoved() }

    private func saveIfMoved() {
        guard places.store != nil else { return }
        // A place is saved in the whole book's offsets.
        takeInWholeBook(waiting: true)
        warn(places.saveIfMoved(offset: currentOffset, book: book))
    }

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

    /// A bookmarked page at rest shows a folded corner.
    var showsDogEar: Bool {
        !bookmarksOnPage.isEmpty && !controller.isAnimating && !controller.isZoomed && openScreen.leavesDogEar
    }

    /// Steps animations to `time` and composes the frame; false when nothing changed.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        takeInWholeBook(waiting: false)
        let moving = controller.isAnimating || openScreen.isAnimating
        openScreen.advance(to: time)
        controller.advance(to: time)
        syncPages()
        layMarks()
        if zoomed.takeDrawn() { needsFrame = true }
        guard moving || needsFrame else { return updateScrollIndicators(redrawn: false) }
        if composesStraight { composed.isDue = true } else { compose() }
        needsFrame = false
        return true
    }

    public func compose() {
        composed.takePrepared()
        // The view may have been moved directly, not through `advance`.
        syncPages()
        let known = knownPages
        if let page = controller.zoomedPage {
            cache.focus(on: page, pageCount: spreadCount, pagination: known)
            composed.drawWhole { compositor, frame in
                zoomed.compose(page, of: known, controller: controller, cache: cache, renderer: renderer,
                               geometry: settings.geometry, compositor: &compositor, into: &frame)
                ZoomedEdgeNeighbour.draw(controller: controller, cache: cache, pagination: known, pageCount: spreadCount,
                                         into: &frame)
            }
        } else if !openScreen.coversPage {
            composed.composePaging(offsetX: controller.screenPagingOffsetX, page: pageImages(known))
        }
        composed.drawScreens { openScreen.draw(into: &$0, host: self, dogEar: showsDogEar) }
        updateScrollIndicators(redrawn: true)
    }

    /// The images of the pages in view for the compositor, those around the current one drawn ahead.
    func pageImages(_ known: Pagination) -> (Int) -> Compositor.PageImage? {
        zoomed.forget()
        return cache.images(around: controller, pageCount: spreadCount, pagination: known)
    }

    /// The scroll indicators up to the controller's time (`redrawn`: the
    /// frame was just composed under them); true when the frame changed.
    @discardableResult
    func updateScrollIndicators(redrawn: Bool) -> Bool {
        composed.updateScrollIndicators(controller: controller, ink: settings.theme.ink, redrawn: redrawn)
    }

    public func stop() {
        pages.pendingWholeBook?.reading.stopReading()
        pages.store.cancel()
        cache.stop()
        zoomed.stop()
    }
}
