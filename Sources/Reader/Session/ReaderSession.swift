import BookModel
import Devices
import FoundationEssentials
import Geometry
import Gestures
import LinuxSystem
import Raster
import Scrolling
import Typesetting

/// The reader: a book, its pages in three buffers, the paging scroll view
/// and the reading position. It never reads a clock: input and frames
/// arrive with their times, and it composes frames when asked.
public final class ReaderSession: PagingControllerObserver {
    public struct Settings {
        public var geometry: PageGeometry
        public var font: FontFile
        public var theme: Theme
        public var language: String?
        /// How body paragraphs are cut into lines.
        public var lineBreaking: LineBreaking
        /// Where chapters beyond the one on screen are paginated.
        public var pagination: PaginationMode
        /// The panel's size on the glass in millimetres, when known: the
        /// interface's targets and text are sized by it.
        public var panelSize: Size?

        public init(geometry: PageGeometry, font: FontFile, theme: Theme, language: String? = nil,
                    lineBreaking: LineBreaking = .optimal, pagination: PaginationMode = .background,
                    panelSize: Size? = nil) {
            self.geometry = geometry
            self.font = font
            self.theme = theme
            self.language = language
            self.lineBreaking = lineBreaking
            self.pagination = pagination
            self.panelSize = panelSize
        }
    }

    /// The book: while `pendingWholeBook` waits, the sections read so far.
    public internal(set) var book: Book
    /// Which way the pages go (right to left for a right-to-left book).
    public let pageProgression: PageProgression
    public internal(set) var settings: Settings
    public internal(set) var controller: PagingController
    public let cache: PageCache
    /// Pages found so far, segment by segment, by the background and by the reader.
    public internal(set) var pagination: PaginationStore
    /// Where pagination may start afresh; the same for every geometry.
    var segments: ChapterSegments
    /// The pages the scroll view holds: known segments around the place opened.
    var window: PageWindow
    /// The store's version the window was last brought up to.
    var windowVersion = -1
    /// The numbers footers give while the pages before the window are not known.
    var estimatedPagesBefore = 0
    /// Page counts of segments not paginated yet, for the current geometry.
    var pageCountEstimate: PageCountEstimate
    /// The book's estimated page count and the store version it was made at.
    private var estimatedTotal = (version: -1, count: 0)
    /// The composed screen; empty until the first `compose()`.
    public internal(set) var frame: PixelBuffer
    /// The rows of `frame` changed since the loop last took them.
    var damage = FrameDamage(rows: 0)
    /// The rows the screens over the page cover in the frame, while they are drawn there.
    private var overlayRows: [Range<Int>] = []
    var scrollIndicators = ScrollIndicators()
    /// Where the frame is being made until the first composition takes it.
    private var pendingFrame: BufferPreparation?
    public let overlay = OverlayState()
    let screens = ReaderScreens()
    var compositor: Compositor
    var renderer: PageRenderer
    /// The render-ahead worker's glyph cache, kept across font changes.
    let workerGlyphCache = GlyphCache()
    let stateStore: StateStore?
    let bookHash: String
    let bookPath: String
    /// Faces and glyphs at the zoomed size, kept only while zoomed: large
    /// glyphs of a passing zoom neither push the page-size glyphs out of
    /// their cache nor stay behind in memory.
    var zoom: (faces: ScaledFontFaces, glyphs: GlyphCache)?
    static let zoomGlyphBudget = 2 << 20
    /// Messages for the person (warnings), drained by the caller.
    public internal(set) var warnings: [String] = []
    var savedOffset: Int?
    var needsFrame = true
    /// A book opened a section at a time, until the whole book is read and taken in.
    var pendingWholeBook: PendingWholeBook?
    /// Frames go straight into a display's back buffer (`compose(into:)`):
    /// `advance` only notes that one is due (`framePending`).
    public var composesStraight = false
    var framePending = false

    /// Where to open the book.
    public enum Start: Equatable {
        case offset(Int)
        /// A page number, 0-based; past the end means the last page.
        case page(Int)
        /// The place saved for this book in the state store, else the
        /// beginning of the book itself (`BookMetadata.bodyStart`); an
        /// unusable state file is reported in `warnings`.
        case savedPlace
    }

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
        let buffers: BufferPreparation
        if let preparedBuffers, preparedBuffers.width == geometry.width, preparedBuffers.height == geometry.height,
           preparedBuffers.fill == settings.theme.background {
            buffers = preparedBuffers
        } else {
            buffers = BufferPreparation(count: 2, width: geometry.width, height: geometry.height,
                                        fill: settings.theme.background)
        }
        self.book = book
        pageProgression = book.pageProgression
        self.settings = settings
        self.stateStore = stateStore
        // What a power cut in the middle of a save left behind.
        if let stateStore { AtomicFile.removeAbandonedTemporaryFiles(in: stateStore.directory) }
        bookPath = path
        bookHash = StateStore.key(of: book)
        pendingWholeBook = pending
        let main = try Typesetter(book: book, geometry: geometry, font: settings.font, language: settings.language,
                                  lineBreaking: settings.lineBreaking, hyphenationPreload: hyphenationPreload)
        // The language is detected once; the other typesetters take it as given.
        self.settings.language = main.language
        renderer = PageRenderer(typesetter: main, theme: settings.theme)
        let workerRenderer = PageRenderer(typesetter: try Typesetter(matching: main), theme: settings.theme,
                                          cache: workerGlyphCache)
        compositor = Compositor(width: geometry.width, height: geometry.height, background: settings.theme.background)
        segments = ChapterSegments(book: book)
        pageCountEstimate = PageCountEstimate(segments: segments, geometry: geometry)
        pagination = PaginationStore(segments: segments, paused: true)
        window = PageWindow(segment: 0, store: pagination)
        controller = PagingController(pageSize: Size(width: Double(geometry.width), height: Double(geometry.height)), pageCount: 1)
        var prepared = [buffers.takeNext()]
        // Taken at the first composition, while it is made.
        frame = PixelBuffer(width: 0, height: 0)
        pendingFrame = buffers
        // Their ink is not known: their first painting clears them whole.
        prepared += (prepared.count..<PageCache.bufferCount).map { _ in
            PixelBuffer(unfilledWidth: geometry.width, height: geometry.height)
        }
        cache = try PageCache(buffers: consume prepared, renderer: renderer, workerRenderer: workerRenderer)
        switch start {
        case let .offset(offset):
            try startPagination(showing: offset)
        case .savedPlace:
            let saved = stateStore.map { Self.savedOffset(for: book, in: $0) }
            if let warning = saved?.warning { warnings.append(warning) }
            // A first open starts at the book itself, past a header.
            try startPagination(showing: saved?.offset ?? book.metadata.bodyStart)
        case let .page(page):
            try startPagination(showing: 0)
            // Numbered pages are known only from the start of the book on.
            if pagination.isPaused { pagination.resume() }
            pagination.wait { entries, _ in entries.count > page + 1 }
            syncPages()
            controller.show(page: min(page, knownPageCount - 1))
            savedOffset = currentOffset
            // Drawn here, as the page of any other start is, and its neighbours ahead.
            cache.drawAtOnce(currentPage, pagination: knownPages)
            cache.focus(on: currentPage, pageCount: knownPageCount, pagination: knownPages)
        }
    }

    /// The saved position for a book, with a warning when the state file is unusable.
    /// A book of sections goes by the saved place's section, when the
    /// state file names it (its offset moves with the book's styles).
    public static func savedOffset(for book: Book, in store: StateStore) -> (offset: Int?, warning: String?) {
        switch store.load(book: StateStore.key(of: book)) {
        case .none: return (nil, nil)
        case let .found(state):
            if let place = state.place, let offset = book.offset(of: place) { return (offset, nil) }
            return (min(state.offset, book.text.scalarCount), nil)
        case let .ignored(message): return (nil, message)
        }
    }

    // MARK: Pages

    /// Pages that are final now in the scroll view (the book may still be paginating).
    public var knownPageCount: Int { max(1, window.finalPageCount) }
    /// True until every page of the book is known and in the scroll view.
    public var isPaginating: Bool { pendingWholeBook != nil || !(window.startsTheBook && window.reachesTheEnd) }
    /// False while the pages before those in the scroll view are not known:
    /// `currentPage` then counts from the first known page and footers show
    /// an estimated page number.
    public var pageNumbersAreExact: Bool { window.startsTheBook && (pendingWholeBook?.startsTheBook ?? true) }
    /// The page on screen among the known pages (the book's page number once
    /// `pageNumbersAreExact`).
    public var currentPage: Int { controller.currentPage }
    /// The book's index of the page on screen (0-based): exact once
    /// `pageNumbersAreExact`, else the estimate its footer shows.
    public var pageIndexInBook: Int {
        if pendingWholeBook != nil { return knownPages.pagesBefore + currentPage }
        return (window.startsTheBook ? 0 : estimatedPagesBefore) + currentPage
    }
    /// The character offset at the start of the page on screen.
    public var currentOffset: Int {
        let entries = window.pages
        return entries.indices.contains(currentPage) ? entries[currentPage].start : 0
    }

    /// The pages the scroll view holds, numbered for their footers.
    public var knownPages: Pagination {
        var result = Pagination(pages: window.pages)
        if !window.startsTheBook {
            result.pagesBefore = estimatedPagesBefore
            result.pagesBeforeIsEstimate = true
        }
        if isPaginating {
            result.estimatedPageCount = max(estimatedPageCount, result.pagesBefore + window.pages.count)
        }
        pendingWholeBook?.estimate(&result)
        return result
    }

    /// The book's page count from the segments known now; for a book that
    /// is a window of its file, scaled to the whole file.
    private var estimatedPageCount: Int {
        let version = pagination.version
        if estimatedTotal.version != version {
            let text = book.text
            var total = Double(pageCountEstimate.total(known: pagination.pageCounts))
            if !text.isComplete { total *= Double(text.sourceByteCount) / Double(max(1, text.sourceBytesDecoded)) }
            estimatedTotal = (version, Int(total.rounded()))
        }
        return estimatedTotal.count
    }

    var drawnWithFinalPageCount = false
    var drawnWithExactPageNumbers = false

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

    public func handle(_ command: ReaderCommand, at time: Double) throws {
        takeInWholeBook(waiting: true)
        syncPages(neighbours: true)
        if handleScreenCommand(command, at: time) { return }
        switch command {
        case .nextPage: controller.turn(by: 1, at: time)
        case .previousPage: controller.turn(by: -1, at: time)
        case .firstPage: show(offset: 0)
        case .lastPage: show(offset: book.text.scalarCount)
        case .increaseFontSize: try setFontSize(settings.geometry.fontSize + 2)
        case .decreaseFontSize: try setFontSize(settings.geometry.fontSize - 2)
        case .toggleZoom:
            let centre = GestureEvent(time: time, kind: .doubleTap(at: Point(x: Double(settings.geometry.width) / 2,
                                                                                   y: Double(settings.geometry.height) / 2)))
            controller.handle(centre)
        case .quit, .toggleMenu, .toggleContents, .toggleText, .activate, .toggleBookmark, .openLibrary, .closeScreen,
             .closeScreenOrQuit: break
        }
        needsFrame = true
    }

    public func pagingControllerDidTapMiddle(_ controller: PagingController, at point: Point) {
        overlay.open(at: screens.time)
        needsFrame = true
    }

    public func pagingController(_ controller: PagingController, sent message: ScrollMessage) {
        scrollIndicators.note(message, zoomed: controller.isZoomed, at: controller.now)
        if message.endsMotion { pageSettled() }
    }

    /// The page at rest is on the glass: its position is saved now.
    public func didShowRestingFrame() { saveIfMoved() }

    /// Saves the position when the settled page changed.
    private func saveIfMoved() {
        guard let stateStore else { return }
        // A place is saved in the whole book's offsets.
        takeInWholeBook(waiting: true)
        let offset = currentOffset
        guard offset != savedOffset else { return }
        do {
            try stateStore.save(readingState(offset: offset, bookmarks: bookmarks))
            savedOffset = offset
            if saveFailure != nil {
                saveFailure = nil
                warnings.append("\(stateStore.directory): reading positions are saved again")
            }
        } catch {
            // Reading goes on; the reason is told once, not on every page.
            let message = "\(error)"
            if message != saveFailure { warnings.append(message) }
            saveFailure = message
        }
    }

    /// What the state file keeps of this book with the position `offset`.
    func readingState(offset: Int, bookmarks: [Int]) -> ReadingState {
        ReadingState(book: bookHash, offset: offset, path: bookPath, bookmarks: bookmarks, fontSize: screens.bookFontSize,
                     characters: book.text.scalarCount, place: book.place(of: offset),
                     bookmarkPlaces: book.document == nil ? nil : bookmarks.compactMap { book.place(of: $0) })
    }

    /// Why the last save failed, while saving fails.
    public private(set) var saveFailure: String?

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

    /// Steps animations to `time` and composes the frame. Returns false when
    /// nothing changed since the last frame.
    @discardableResult
    public func advance(to time: Double) -> Bool {
        takeInWholeBook(waiting: false)
        let moving = controller.isAnimating || screensAreAnimating
        screens.time = max(screens.time, time)
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
                drawZoomedSharp(page: zoomed, pagination: known)
            }
            ZoomedEdgeNeighbour.draw(controller: controller, cache: cache, pagination: known, pageCount: knownPageCount,
                                     into: &frame)
        } else if !screenCoversPage {
            let image = pageImages(known)
            // Rows a screen covered are composed again, band by band.
            let bands: [Range<Int>?] = overlayRows.isEmpty ? [nil] : overlayRows.map { $0 }
            for rows in bands {
                damage.formUnion(compositor.composePaging(offsetX: controller.screenPagingOffsetX, version: 0, rows: rows,
                                                          into: &frame, page: image))
            }
        }
        overlayRows = drawScreens()
        for rows in overlayRows {
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
        // The pages shown and their drawings make the picture (a page past either end: none);
        // screen positions are pages' indexes mirrored for a right-to-left book.
        return { screenIndex in
            let index = controller.page(atScreenIndex: screenIndex)
            guard index >= 0, index < count else { return nil }
            return self.cache.withInkedPage(index, pagination: known) {
                Compositor.PageImage(pixels: $0, ink: $1, columns: $2, drawing: $3)
            }
        }
    }

    /// The zoomed viewport drawn from the page's layout at the zoomed size.
    private func drawZoomedSharp(page: Int, pagination known: Pagination) {
        let scale = controller.zoomScale
        if zoom?.faces.scale != scale {
            zoom = (try? ScaledFontFaces(scale: scale)).map { ($0, GlyphCache(byteBudget: Self.zoomGlyphBudget)) }
        }
        guard let (faces, glyphs) = zoom else { return }
        let layout = renderer.typesetter.layoutPage(page, of: known)
        let offset = controller.screenZoomOffset
        PagePainter(theme: settings.theme).paint(layout, fonts: renderer.typesetter.fonts, scaled: faces,
                                                 originX: offset.x / scale, originY: offset.y / scale,
                                                 cache: glyphs, into: &frame)
        compositor.frameWasDrawnOver()
        damage = .all(rows: frame.height)
    }

    public func stop() {
        pendingWholeBook?.reading.stopReading()
        pagination.cancel()
        cache.stop()
    }
}
