import Catalogs
import Devices
import Geometry
import Gestures
import Languages
import Network
import Raster
import Scrolling

/// The library's catalogs: the OPDS catalogs configured, a catalog's
/// feeds and their entries page by page, a search typed on the on-screen
/// keyboard, and a book chosen and downloaded into the books folder with
/// its progress shown. Every transfer runs on a thread of its own
/// (`CatalogTask`); the frames look at how it goes and never wait on it
/// (a replay in virtual time does, at `finishWork`). It never reads a clock.
final class CatalogScreen {
    /// What a touch or a key asks of the library.
    enum Request: Equatable {
        /// Back to the library.
        case close
    }

    /// The download on its way, or the last one's outcome.
    enum Download {
        case running(entry: String, title: String, task: CatalogTask<CatalogTransfers.Downloaded>)
        /// Cancelled, and ending: its partial file is being removed.
        case cancelling(entry: String, title: String, task: CatalogTask<CatalogTransfers.Downloaded>)
        case done(entry: String, title: String, name: String)
        case failed(entry: String, title: String, error: Catalogs.CatalogError)

        var entry: String {
            switch self {
            case let .running(entry, _, _): return entry
            case let .cancelling(entry, _, _): return entry
            case let .done(entry, _, _): return entry
            case let .failed(entry, _, _): return entry
            }
        }

        var task: CatalogTask<CatalogTransfers.Downloaded>? {
            switch self {
            case let .running(_, _, task), let .cancelling(_, _, task): return task
            case .done, .failed: return nil
            }
        }
    }

    private(set) var browser: CatalogBrowser
    private var page: (number: Int, task: CatalogTask<Result<CatalogFeed, Catalogs.CatalogError>>)?
    private(set) var download: Download?
    /// The progress last drawn, so a frame is drawn only when it moved.
    private var drawnProgress: TransferProgress?
    /// Books put in the folder since the library last asked.
    private var arrivals: [String] = []
    private let folder: String
    let limits: CatalogTransfers.Limits
    let scrollView: ScrollView
    private var fingers = ListFingers()
    /// The on-screen keyboard, while a search is typed.
    private(set) var keyboard: OnScreenKeyboard?
    private(set) var query = ""
    private(set) var needsFrame = true
    /// The pictures of the entries listed, once a page has some; nil when no thread can fetch them.
    private var covers: CatalogCovers?
    private var coversStarted = false

    static let maximumQueryLength = 200

    init(sources: [CatalogSource], folder: String, limits: CatalogTransfers.Limits = CatalogTransfers.Limits()) {
        browser = CatalogBrowser(sources: sources)
        self.folder = folder
        self.limits = limits
        scrollView = ScrollView(viewportSize: Size(width: 1, height: 1))
        scrollView.alwaysBounceVertical = true
    }

    // MARK: What shows

    /// The rows listed: the catalogs, or the entries of the page shown (none while a book is chosen).
    var rowCount: Int {
        if browser.chosen != nil { return 0 }
        return browser.level == nil ? browser.sources.count : browser.entries.count
    }

    func labels(_ catalog: MessageCatalog) -> CatalogLayout.Labels {
        let level = browser.chosen == nil && keyboard == nil ? browser.level : nil
        return CatalogLayout.Labels(back: catalog.localized("Back"),
                                    search: keyboard == nil && browser.chosen == nil && browser.level?.feed.search != nil
                                        ? catalog.localized("Search") : nil,
                                    previous: level?.hasPrevious == true ? catalog.localized("Previous") : nil,
                                    next: level?.hasNext == true ? catalog.localized("Next") : nil)
    }

    func layout(metrics: InterfaceMetrics, catalog: MessageCatalog, measure: (String) -> Int) -> CatalogLayout {
        let bottom = keyboard.map { $0.placement(metrics).panel.y } ?? metrics.height
        let layout = CatalogLayout(metrics: metrics, labels: labels(catalog), bottom: bottom, measure: measure)
        let viewport = layout.viewport
        scrollView.viewportSize = Size(width: Double(viewport.width), height: Double(viewport.height))
        scrollView.contentSize = Size(width: Double(viewport.width), height: Double(layout.strip.contentHeight(rows: rowCount)))
        return layout
    }

    /// Whether the Download control shows: a book chosen, and no download under way.
    var offersDownload: Bool { browser.chosen != nil && download?.task == nil }

    /// Whether the Cancel control shows: the book chosen is downloading.
    var offersCancel: Bool {
        guard case .running? = download else { return false }
        return download?.entry == browser.chosen?.id
    }

    /// The control under the book chosen: Download, Cancel while it downloads, or none.
    func detailButton(_ catalog: MessageCatalog) -> (control: CatalogControl, label: String)? {
        if offersDownload { return (.download, catalog.localized("Download")) }
        if offersCancel { return (.cancel, catalog.localized("Cancel")) }
        return nil
    }

    /// The controls on screen, in reading order.
    func controls(metrics: InterfaceMetrics, catalog: MessageCatalog, measure: (String) -> Int) -> [PlacedControl<CatalogControl>] {
        let layout = layout(metrics: metrics, catalog: catalog, measure: measure)
        var placed = layout.headerPlaced
        if keyboard != nil {
            placed.append(PlacedControl(.query, label: query.isEmpty ? catalog.localized("Search the catalog") : query,
                                        rect: layout.titleArea))
        }
        if browser.chosen != nil {
            if let button = detailButton(catalog) {
                placed.append(layout.detail(button: button.control, label: button.label, measure: measure).button)
            }
        } else if browser.level == nil {
            placed += layout.rows(count: rowCount, offsetY: scrollView.contentOffset.y, control: { .source($0) },
                                  label: { self.browser.sources[$0].name })
        } else {
            let entries = browser.entries
            placed += layout.rows(count: rowCount, offsetY: scrollView.contentOffset.y, control: { .entry($0) },
                                  label: { Self.label(entries[$0]) })
        }
        placed += layout.footerPlaced
        if let keyboard {
            placed += keyboard.controls(metrics).map { PlacedControl(.key($0.control), label: $0.label, rect: $0.rect) }
        }
        return placed
    }

    /// An entry as one line: its title and its authors.
    static func label(_ entry: CatalogEntry) -> String {
        ([entry.title] + (entry.authors.isEmpty ? [] : [entry.authors.joined(separator: ", ")])).joined(separator: " · ")
    }

    // MARK: Pictures

    /// Whether the entries listed show pictures: some entry of the page has one.
    var showsCovers: Bool { browser.chosen == nil && browser.entries.contains { $0.coverAddress != nil } }

    /// What fetches the picture of entry `index`, when it has one.
    func coverJob(_ index: Int, layout: CatalogLayout) -> CatalogCoverJob? {
        guard browser.entries.indices.contains(index), let address = browser.entries[index].coverAddress else { return nil }
        let size = layout.coverSize
        return CatalogCoverJob(address: address, catalog: browser.sourceAddress ?? address, width: size.width, height: size.height)
    }

    /// The picture of entry `index`, once it arrived.
    func cover(_ index: Int, layout: CatalogLayout) -> PixelBuffer? {
        coverJob(index, layout: layout).flatMap { covers?.image(for: $0) }
    }

    /// Asks for the pictures of the rows in view, then of a few after them.
    func wantCovers(layout: CatalogLayout) {
        guard showsCovers else {
            covers?.want([])
            return
        }
        if !coversStarted {
            coversStarted = true
            covers = CatalogCovers()
        }
        let visible = layout.strip.visibleRows(count: rowCount, offsetY: scrollView.contentOffset.y)
        let wanted = visible.lowerBound..<min(rowCount, visible.upperBound + CatalogCovers.ahead)
        covers?.want(wanted.compactMap { coverJob($0, layout: layout) })
    }

    // MARK: Input

    func tap(_ control: CatalogControl?, at point: Point, time: Double, metrics: InterfaceMetrics,
             catalog: MessageCatalog) -> Request? {
        needsFrame = true
        if let keyboard, Double(keyboard.top(metrics)) <= point.y {
            if let action = keyboard.tap(at: point, time: time, metrics: metrics) { type(action) }
            return nil
        }
        switch control {
        case .back?: return back()
        case .search?: openKeyboard(language: catalog.code, catalog: catalog)
        case .previous?: start(browser.previous())
        case .next?: start(browser.next())
        case .download?: startDownload()
        case .cancel?: cancelDownload()
        case let .source(index)?: start(browser.open(source: index))
        case let .entry(index)?: start(browser.open(entry: index))
        case .query?, .key?, nil: break
        }
        return nil
    }

    /// Opens the keyboard for a search, its enter key saying what it does.
    func openKeyboard(language: String?, catalog: MessageCatalog) {
        keyboard = OnScreenKeyboard(language: language, enterLabel: catalog.localized("Search"), catalog: catalog)
        query = ""
        needsFrame = true
    }

    func longPress(at point: Point, metrics: InterfaceMetrics) {
        guard let keyboard, Double(keyboard.placement(metrics).panel.y) <= point.y else { return }
        _ = keyboard.longPress(at: point, metrics: metrics)
        needsFrame = true
    }

    /// Fingers on the rows scroll them.
    func drag(_ event: GestureEvent, viewportTop: Int) {
        _ = fingers.route(event, to: scrollView, top: Double(viewportTop))
    }

    func key(_ command: ReaderCommand) -> Request? {
        needsFrame = true
        switch command {
        case .closeScreen, .closeScreenOrQuit, .openLibrary: return back()
        case .nextPage where keyboard == nil: start(browser.next())
        case .previousPage where keyboard == nil: start(browser.previous())
        case .activate where keyboard != nil: type(.enter)
        default: break
        }
        return nil
    }

    /// What a key typed into the query; enter searches.
    func type(_ action: KeyboardAction) {
        needsFrame = true
        guard action.edit(&query) else { return runSearch() }
        query = String(query.suffix(Self.maximumQueryLength))
    }

    private func back() -> Request? {
        if keyboard != nil {
            keyboard = nil
            return nil
        }
        let step = browser.back()
        scrollToTop()
        return step == .leave ? .close : nil
    }

    private func runSearch() {
        guard let link = browser.level?.feed.search, !query.allSatisfy(\.isWhitespace) else { return }
        keyboard = nil
        start(browser.search(link: link, query: query))
    }

    private func scrollToTop() {
        scrollView.contentOffset = Point(x: 0, y: 0)
    }

    // MARK: Transfers

    private func start(_ fetch: CatalogBrowser.Fetch?) {
        guard let fetch else { return scrollToTop() }
        let root = browser.sourceAddress ?? fetch.address
        let address = fetch.address
        let unstarted: (String) -> Result<CatalogFeed, Catalogs.CatalogError> = { .failure(Catalogs.CatalogError(place: address, problem: $0)) }
        let task: CatalogTask<Result<CatalogFeed, Catalogs.CatalogError>>
        if case let .search(link, query) = fetch.move {
            task = CatalogTask(name: "catalog search", work: { _, _ in CatalogTransfers.search(link, query: query, catalog: root) },
                               unstarted: unstarted)
        } else {
            task = CatalogTask(name: "catalog page", work: { _, _ in CatalogTransfers.page(address, catalog: root) },
                               unstarted: unstarted)
        }
        page = (fetch.number, task)
    }

    private func startDownload() {
        guard offersDownload, let entry = browser.chosen, let root = browser.sourceAddress else { return }
        let folder = folder, limits = limits
        let task = CatalogTask(name: "catalog book", work: { progress, cancellation in
            CatalogTransfers.download(entry, into: folder, catalog: root, limits: limits, progress: progress,
                                      cancellation: cancellation)
        }, unstarted: { .failure(Catalogs.CatalogError(place: entry.title, problem: $0)) })
        download = .running(entry: entry.id, title: entry.title, task: task)
        drawnProgress = nil
    }

    /// Stops the download under way; it ends with its partial file removed.
    private func cancelDownload() {
        guard case let .running(entry, title, task)? = download else { return }
        task.cancellation.cancel()
        download = .cancelling(entry: entry, title: title, task: task)
    }

    /// Takes what the transfers brought; true when the screen changed.
    func takeResults() -> Bool {
        var changed = false
        if let (number, task) = page, let result = task.result {
            page = nil
            switch result {
            case let .success(feed): browser.received(feed, for: number)
            case let .failure(error): browser.failed(error, for: number)
            }
            scrollToTop()
            changed = true
        }
        if case let .cancelling(entry, title, task)? = download, let result = task.result {
            // A book whole before the cancel was heard is in the folder all the same.
            if case let .success(name) = result {
                download = .done(entry: entry, title: title, name: name)
                arrivals.append(name)
            } else {
                download = nil
            }
            changed = true
        }
        if covers?.takeArrived() == true { changed = true }
        if case let .running(entry, title, task)? = download {
            if let result = task.result {
                switch result {
                case let .success(name):
                    download = .done(entry: entry, title: title, name: name)
                    arrivals.append(name)
                case let .failure(error):
                    download = .failed(entry: entry, title: title, error: error)
                }
                changed = true
            } else if task.progress != drawnProgress {
                drawnProgress = task.progress
                changed = true
            }
        }
        return changed
    }

    /// The books downloaded since the last call, by their names in the folder.
    func takeArrivals() -> [String] {
        defer { arrivals = [] }
        return arrivals
    }

    /// A page, a book or a picture on its way.
    var isWorking: Bool { page != nil || download?.task != nil || covers?.isWorking == true }

    /// Virtual time: every transfer on its way ends before the next frame.
    func finishWork() {
        _ = page?.task.wait()
        _ = download?.task?.wait()
        if covers?.finishWork() == true { needsFrame = true }
    }

    /// The progress of the download under way.
    var downloadProgress: TransferProgress? {
        guard case let .running(_, _, task)? = download else { return nil }
        return task.progress ?? TransferProgress(bytes: 0, expectedBytes: nil)
    }

    func drew() { needsFrame = false }
}
