import Devices
import Geometry
import Gestures
import Languages
import Raster
import Typesetting

/// The menu over the page: a top bar with the title and the ways to the
/// library, the contents, the text panel and the bookmark, and a bottom
/// bar with the way back after a jump, the chapter, the page and a slider
/// over the whole book. It slides in and out; a tap on the slider jumps
/// there, a drag along it shows where it would go, a tap outside the bars
/// closes it and a drag there turns the page.
final class MenuScreen: ReaderScreen {
    let presence = MenuPresence()
    /// Where a drag along the slider points now (0...1), while it lasts.
    private(set) var scrubFraction: Double?
    /// Fingers that went down on the bars: the page does not see them.
    private var fingersOnBars: Set<Int> = []

    init(at time: Double) { presence.open(at: time) }

    /// The menu already in place, without sliding in (back from a list opened from it).
    init(shownAt time: Double) { presence.isVisible = true }

    var name: String { "menu" }
    // The menu's ribbon says what the corner would (the bar covers it).
    var leavesDogEar: Bool { false }
    var allowsTapZones: Bool { false }
    func isAnimating(at time: Double) -> Bool { presence.isAnimating(at: time) }

    func close(at time: Double) -> Bool {
        presence.close(at: time)
        scrubFraction = nil
        return true
    }

    /// What the menu shows now (during a drag on the slider: where it would go).
    func content(_ host: ScreenHost) -> MenuContent {
        let book = host.book
        let length = max(1, book.text.scalarCount)
        let policy = host.menuPolicy
        var content = MenuContent(title: host.resources.title(of: book, path: host.bookPath),
                                  progress: Double(host.currentOffset) / Double(length),
                                  chapterTicks: book.chapters.map { Double($0.offset) / Double(length) },
                                  isBookmarked: !host.bookmarksOnPage.isEmpty, backPage: host.wayBack?.page,
                                  hasLibrary: host.offersLibrary && policy.offersLibrary,
                                  hasTextSettings: policy.offersTextSettings)
        let catalog = host.resources.catalog
        content.searchHit = host.annotations.hitPosition(catalog)
        if host.resources.languages.offersChoice { content.languageName = catalog.ownName }
        content.hasReadAloud = host.resources.speech?.isAvailable() == true
        if let scrub = scrubFraction {
            content.progress = scrub
            content.chapter = book.chapterTitle(holding: Int(Double(length) * scrub))
            content.pageText = host.pageNumbers.estimatedLabel(atFraction: scrub, catalog: catalog)
        } else {
            content.chapter = book.chapterTitle(holding: host.currentOffset)
            let pages = host.knownPages
            if pages.pages.indices.contains(host.currentPage) {
                content.pageText = catalog.localized("Page %s", catalog.digits(pages.footer(forPage: host.currentPage, of: book)))
            }
        }
        return content
    }

    private func layout(_ host: ScreenHost, _ content: MenuContent) -> MenuLayout {
        let painter = host.resources.painter(for: host.settings)
        return MenuLayout(metrics: host.resources.metrics(for: host.settings), content: content,
                          catalog: host.resources.catalog) {
            painter?.width(of: $0) ?? $0.count * 12
        }
    }

    func controls(in host: ScreenHost) -> [PlacedControl<MenuControl>] { layout(host, content(host)).placed }

    /// The slider says the page.
    func value(of control: MenuControl, host: ScreenHost) -> String? {
        control == .slider ? content(host).pageText : nil
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        let content = content(host)
        return MenuPainter.draw(layout(host, content), content: content, presence: presence.presence(at: host.screenTime),
                                theme: host.settings.theme, painter: painter, into: &frame)
    }

    /// The point of the book a point on the slider stands for.
    private func offset(atX x: Double, _ layout: MenuLayout, _ host: ScreenHost) -> Int {
        Int(Double(host.book.text.scalarCount) * layout.sliderFraction(atX: x))
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        let layout = layout(host, content(host))
        guard let control = layout.placed.hit(x: point.x, y: point.y) else {
            if !layout.barsContain(x: point.x, y: point.y) { host.closeScreen() }
            return
        }
        let policy = host.menuPolicy
        switch control {
        case .slider: host.jump(to: offset(atX: point.x, layout, host))
        case .back: host.goBack()
        case .previousHit, .nextHit:
            let index = host.resources.searchIndex(of: host.book)
            if let hit = host.annotations.stepHit(by: control == .nextHit ? 1 : -1, in: host.book, chapters: index.chapters) {
                host.jump(to: hit.lowerBound)
            }
        case .bookmark: host.toggleBookmark()
        case .language: host.open(LanguageScreen(host: host))
        case .contents: ListScreen.open(.contents, host: host)
        case .search: host.open(SearchScreen(language: host.settings.language, catalog: host.resources.catalog))
        case .text where policy.offersTextSettings: host.open(TextPanelScreen())
        case .library where host.offersLibrary && policy.offersLibrary: host.requestLibrary()
        case .readAloud:
            host.closeScreen()
            host.resources.speech?.startReading(time)
        case .text, .library: break
        }
    }

    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        let layout = layout(host, content(host))
        switch event.kind {
        case let .fingerDown(id, at):
            guard layout.barsContain(x: at.x, y: at.y) else { return false }
            fingersOnBars.insert(id)
        case let .fingerMoved(id, _):
            return fingersOnBars.contains(id)
        case let .fingerUp(id, _):
            return fingersOnBars.remove(id) != nil
        case let .panBegan(at, translation):
            let start = Point(x: at.x - translation.x, y: at.y - translation.y)
            if layout.control(.slider)?.contains(x: start.x, y: start.y) == true {
                scrubFraction = layout.sliderFraction(atX: at.x)
            } else if !layout.barsContain(x: start.x, y: start.y) {
                // Turning the page closes the menu.
                host.closeScreen()
                return false
            }
        case let .panChanged(at, _, _):
            guard scrubFraction != nil else { return false }
            scrubFraction = layout.sliderFraction(atX: at.x)
        case let .panEnded(at, _, _):
            guard scrubFraction != nil else { return false }
            scrubFraction = nil
            host.jump(to: offset(atX: at.x, layout, host))
        default:
            break
        }
        return true
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .toggleMenu, .closeScreen, .closeScreenOrQuit:
            host.closeScreen()
            return .taken
        default:
            return .toPage
        }
    }
}
