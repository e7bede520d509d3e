import BookFormats
import Devices
import Geometry
import Gestures
import Languages
import Raster
import Scrolling
import Typesetting

/// The library as a room of the reader loop: every book of its folder
/// with a cover, title, authors and progress, the last read first, in a
/// list that scrolls with the pages' scroll view (momentum, rubber band,
/// bounce). A tap on a book asks for it to be opened. It never reads a
/// clock: times come with the events and frames.
public final class LibraryScreen {
    /// What a touch or a key on the library asks of the reader.
    public enum Request: Equatable {
        case open(LibraryEntry)
        /// Back to the book open behind the library.
        case close
    }

    let folder: LibraryFolder
    let catalogue: LibraryCatalogue
    private let store: StateStore?
    public private(set) var entries: [LibraryEntry] = []
    /// The positions in the state folder, by the book file's path, as last read.
    private var readings: [String: LibraryReading]?
    public private(set) var theme: Theme
    public private(set) var layout: LibraryLayout
    private(set) var metrics: InterfaceMetrics
    let painter: InterfacePainter
    /// The languages offered and the one shown (shared with the books opened).
    public var languages = InterfaceLanguages.english {
        didSet { relayout() }
    }
    var catalog: MessageCatalog { languages.current }
    /// The list of languages is open over the books (`library.language`).
    public private(set) var showsLanguages = false
    /// The OPDS catalogs offered to browse; the Catalogs button shows when there are some.
    public var catalogSources: [CatalogSource] = [] {
        didSet { relayout() }
    }
    /// The catalogs, while they are open over the books (`library.catalogs`).
    var catalogs: CatalogScreen?
    /// How large and long a download from the catalogs may be.
    var catalogLimits = CatalogTransfers.Limits()
    /// The language the layout's words are in (a book's menu may have changed it since).
    private var laidOutIn = "en"
    /// The list's vertical scroll view (its offset is the list's).
    public let scrollView: ScrollView
    private var fingers = ListFingers()
    /// The row chosen with the keys (Enter opens it); nil until a key moves it.
    public private(set) var selected: Int?
    /// A book is open behind the library (Close goes back to it).
    public var hasOpenBook = false {
        didSet { if hasOpenBook != oldValue { relayout() } }
    }
    public internal(set) var frame: PixelBuffer
    private var needsFrame = true
    /// Lines of the rows set once (title, authors, status at their widths):
    /// a scroll frame only places and paints them.
    private var setLines: [SetLine: InterfaceLine] = [:]
    private struct SetLine: Hashable {
        var text: String
        var role: InterfaceTypesetter.Role
        var width: Int
    }
    /// The latest time an event or a frame brought.
    var time = 0.0

    public init(folder: LibraryFolder, formats: BookFormats, coverCache: CoverCache?, store: StateStore?,
                font: FontFile, theme: Theme, width: Int, height: Int,
                interfaceScale: InterfaceScale = .normal) throws {
        self.folder = folder
        self.store = store
        self.theme = theme
        metrics = InterfaceMetrics(width: width, height: height, scale: interfaceScale)
        painter = try InterfacePainter(font: font, metrics: metrics, language: nil)
        let painter = painter
        layout = LibraryLayout(metrics: metrics, hasOpenBook: false) { painter.width(of: $0) }
        catalogue = try LibraryCatalogue(formats: formats, cache: coverCache, font: font,
                                         coverWidth: layout.coverWidth, coverHeight: layout.coverHeight)
        let viewport = layout.viewport
        scrollView = ScrollView(viewportSize: Size(width: Double(viewport.width), height: Double(viewport.height)))
        scrollView.alwaysBounceVertical = true
        frame = PixelBuffer(width: width, height: height, fill: theme.background)
        refresh()
    }

    /// The entries anew from the folder's complete books and the state
    /// folder's readings (read again only with `rereadingPositions`: the
    /// folder changes without them), the scroll offset kept within the new length.
    public func refresh(rereadingPositions: Bool = true) {
        if rereadingPositions || readings == nil { readings = store.map(LibraryShelf.readings) ?? [:] }
        let readings = readings ?? [:]
        let base = folder.canonicalPath == "/" ? "" : folder.canonicalPath
        let chosen = selected.flatMap { entries.indices.contains($0) ? entries[$0].path : nil }
        entries = LibraryShelf.sorted(folder.bookNames.compactMap { name in
            guard let status = folder.status(of: name) else { return nil }
            return LibraryEntry(name: name, path: folder.filePath(name), status: status, reading: readings[base + "/" + name])
        })
        selected = chosen.flatMap { path in entries.firstIndex { $0.path == path } }
        scrollView.contentSize = Size(width: Double(layout.viewport.width),
                                      height: Double(layout.strip.contentHeight(rows: entries.count)))
        let maximum = layout.strip.maximumOffset(count: entries.count)
        if scrollView.contentOffset.y > maximum, !scrollView.isTracking {
            scrollView.contentOffset = Point(x: 0, y: maximum)
        }
        needsFrame = true
    }

    /// Back at the top, where the book read last is.
    public func scrollToTop() {
        scrollView.contentOffset = Point(x: 0, y: 0)
        selected = nil
        needsFrame = true
    }

    /// Laid out again for a book behind it or a language chosen (which may mirror it).
    private func relayout() {
        laidOutIn = catalog.code
        metrics.isRightToLeft = catalog.isRightToLeft
        painter.metrics = metrics
        let painter = painter
        layout = LibraryLayout(metrics: metrics, hasOpenBook: hasOpenBook, catalog: catalog,
                               languageName: languages.offersChoice ? catalog.ownName : nil,
                               offersCatalogs: !catalogSources.isEmpty) { painter.width(of: $0) }
        setLines = [:]
        needsFrame = true
    }

    /// The language list as it lies on the library's screen (it does not scroll: a kiosk offers a few).
    var languageList: LanguageListLayout {
        let painter = painter
        return LanguageListLayout(metrics: metrics, languages: languages.offered.map { (code: $0.code, name: $0.ownName) },
                                  catalog: catalog) { painter.width(of: $0) }
    }

    public func setTheme(_ theme: Theme) {
        guard theme != self.theme else { return }
        self.theme = theme
        needsFrame = true
    }

    var offsetY: Double { scrollView.contentOffset.y }

    /// The controls on screen, in reading order (the books' names found first).
    public var controls: [ScreenControl] {
        if showsLanguages { return languageList.placedControls(offsetY: 0).map(\.described) }
        if let catalogs { return catalogControls(catalogs).map(\.described) }
        let visible = Array(layout.strip.visibleRows(count: entries.count, offsetY: offsetY))
        let found = catalogue.wait(for: visible.map { entries[$0] })
        return layout.controls(count: entries.count, offsetY: offsetY) { row in
            visible.firstIndex(of: row).map { found[$0].info.spokenLabel } ?? entries[row].name
        }
    }

    /// The books to find: those on screen, then a screen's worth below and above.
    var wantedEntries: [LibraryEntry] {
        let visible = layout.strip.visibleRows(count: entries.count, offsetY: offsetY)
        let ahead = visible.upperBound..<min(entries.count, visible.upperBound + max(1, visible.count))
        let behind = max(0, visible.lowerBound - max(1, visible.count))..<visible.lowerBound
        return (Array(visible) + Array(ahead) + Array(behind).reversed()).map { entries[$0] }
    }

    // MARK: Input

    /// One gesture; returns what it asks of the reader.
    public func handle(_ event: GestureEvent) -> Request? {
        time = max(time, event.time)
        needsFrame = true
        if showsLanguages {
            if case let .tap(at, _) = event.kind, let control = languageList.placedControls(offsetY: 0).hit(x: at.x, y: at.y) {
                if case let .language(code) = control { languages.choose(code) }
                showsLanguages = false
                relayout()
            }
            return nil
        }
        if let catalogs {
            handle(event, in: catalogs)
            return nil
        }
        if fingers.route(event, to: scrollView, top: Double(layout.viewport.y)) { return nil }
        guard case let .tap(at, _) = event.kind else { return nil }
        switch layout.headerPlaced.hit(x: at.x, y: at.y) {
        case .close?: return .close
        case .language?:
            showsLanguages = true
            return nil
        case .catalogs?:
            openCatalogs()
            return nil
        default: break
        }
        guard let row = layout.strip.row(atY: at.y, offsetY: offsetY, count: entries.count) else { return nil }
        return open(row)
    }

    /// One key; returns what it asks of the reader.
    public func handle(_ command: ReaderCommand, at time: Double) -> Request? {
        self.time = max(self.time, time)
        needsFrame = true
        if let catalogs {
            if catalogs.key(command) == .close { closeCatalogs() }
            return nil
        }
        switch command {
        case .nextPage: moveSelection(by: 1)
        case .previousPage: moveSelection(by: -1)
        case .firstPage: moveSelection(by: -entries.count)
        case .lastPage: moveSelection(by: entries.count)
        case .activate: return selected.flatMap(open)
        case .closeScreen, .closeScreenOrQuit, .openLibrary:
            if showsLanguages {
                showsLanguages = false
                return nil
            }
            return hasOpenBook ? .close : nil
        default: break
        }
        return nil
    }

    /// A book that cannot be opened is not asked for: its row says why.
    private func open(_ row: Int) -> Request? {
        let entry = entries[row]
        return catalogue.info(entry).problem == nil ? .open(entry) : nil
    }

    /// Moves the keys' choice by `step` rows (from the first row at first) and scrolls it into view.
    func moveSelection(by step: Int) {
        guard !entries.isEmpty else { return }
        let start = selected ?? (step > 0 ? -1 : entries.count)
        let index = max(0, min(entries.count - 1, start + step))
        selected = index
        if let offset = layout.strip.offsetRevealing(index, from: offsetY) {
            scrollView.setContentOffset(Point(x: 0, y: offset), animated: true)
        }
    }

    /// The book at `path` could not be opened: its row says why from now on.
    public func openingFailed(path: String, problem: String) {
        catalogue.noteOpeningProblem(problem, path: path)
        needsFrame = true
    }

    public func opened(path: String) { catalogue.noteOpened(path: path) }

    // MARK: Frames

    public var isMoving: Bool { scrollView.isAnimating || catalogs?.scrollView.isAnimating == true }

    /// True while covers of rows near the screen are being found, or a catalog's page or book is on its way.
    public var hasBackgroundWork: Bool { catalogue.isWorking || catalogs?.isWorking == true }

    /// Virtual time: every cover asked for is found, and every transfer ended, before the next frame.
    public func finishBackgroundWork() {
        catalogue.finishWork()
        catalogs?.finishWork()
    }

    /// Steps the scroll view to `time` and draws the frame when anything
    /// changed (covers found included); false when nothing did. While the
    /// list moves, a row whose cover is not found yet shows its file name
    /// and an empty cover; at rest the frame waits for the rows on screen.
    public func advance(to time: Double) -> Bool {
        self.time = max(self.time, time)
        if laidOutIn != catalog.code { relayout() }
        let moving = scrollView.isAnimating
        scrollView.advance(to: self.time)
        let arrived = catalogue.takeFound()
        let catalogsChanged = takeCatalogResults(at: self.time)
        let draws = moving || needsFrame || arrived || catalogsChanged
        if draws, catalogs == nil, !scrollView.isAnimating, !scrollView.isTracking {
            _ = catalogue.wait(for: Array(layout.strip.visibleRows(count: entries.count, offsetY: offsetY)).map { entries[$0] })
        }
        catalogue.want(wantedEntries)
        guard draws else { return false }
        if let catalogs {
            drawCatalogs(catalogs)
        } else if showsLanguages {
            LanguageListPainter.draw(languageList, title: catalog.localized("Language"), current: catalog.code, offsetY: 0,
                                     theme: theme, painter: painter, into: &frame)
        } else {
            LibraryPainter.draw(self, into: &frame)
        }
        needsFrame = false
        return true
    }

    public func stop() { catalogue.stop() }

    /// The folder's changes: true when the books listed changed.
    public func followFolder(at time: Double) -> Bool {
        guard folder.update(at: time) else { return false }
        refresh(rereadingPositions: false)
        return true
    }

    public func markNeedsFrame() { needsFrame = true }

    /// Back to the first language, its list closed (a kiosk left untouched).
    public func resetLanguageChoice() {
        languages.reset()
        showsLanguages = false
        relayout()
    }

    /// `text` placed at the start of `area`, cut to fit, as `InterfacePainter.place` does; set once.
    func place(_ text: String, in area: PixelRect, role: InterfaceTypesetter.Role = .label) -> [PlacedGlyph] {
        guard area.width > 0, !text.isEmpty else { return [] }
        let key = SetLine(text: text, role: role, width: area.width)
        let line: InterfaceLine
        if let known = setLines[key] {
            line = known
        } else {
            // A few screens of rows; a long scroll starts afresh now and then.
            if setLines.count > 512 { setLines = [:] }
            line = painter.typesetter.line(text, role: role, maxWidth: area.width)
            setLines[key] = line
        }
        let x = metrics.isRightToLeft ? area.maxX - line.pixelWidth : area.x
        return line.placed(x: x, baseline: painter.baseline(top: area.y, height: area.height, role: role))
    }
}
