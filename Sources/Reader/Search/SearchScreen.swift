import Devices
import Geometry
import Languages
import Gestures
import Raster
import Scrolling
import Search
import Typesetting

/// Search over the whole book: a query typed on the on-screen keyboard
/// (or a hardware one), its hits listed as they are found with their page,
/// their words around them and their chapter; a tap on one goes there. The
/// keyboard is up while the query is edited and goes down when the search
/// runs, leaving the screen to the results; a tap on the query brings it back.
final class SearchScreen: TextFieldScreen {
    let keyboard: OnScreenKeyboard
    private(set) var query = ""
    /// The keyboard is up and types into the query.
    private(set) var isTyping = true
    private(set) var results: SearchResults?
    private let scrollView = ScrollView(viewportSize: Size(width: 1, height: 1))
    private var fingers = ListFingers()

    /// The words of the screen in the interface's language.
    private let closeLabel: String, placeholder: String
    /// Queries longer than this are cut: no book needs more, and the field shows the end.
    static let maximumQueryLength = 1000

    init(language: String?, catalog: MessageCatalog = .english) {
        keyboard = OnScreenKeyboard(language: language, enterLabel: catalog.localized("Search"), catalog: catalog)
        closeLabel = catalog.localized("Close")
        placeholder = catalog.localized("Search the book")
        scrollView.alwaysBounceVertical = true
    }

    /// The search for `query` (a selection's words), run at once.
    convenience init(language: String?, query: String, host: ScreenHost) {
        self.init(language: language, catalog: host.resources.catalog)
        apply(.insert(query.replacing("\n", with: " ")), host: host)
        apply(.enter, host: host)
    }

    var name: String { "search" }
    var coversPage: Bool { true }
    var leavesDogEar: Bool { false }
    var allowsTapZones: Bool { false }

    func isAnimating(at time: Double) -> Bool { scrollView.isAnimating || results?.isComplete == false }

    private func metrics(_ host: ScreenHost) -> InterfaceMetrics { host.resources.metrics(for: host.settings) }

    private func layout(_ host: ScreenHost) -> SearchLayout {
        let metrics = metrics(host)
        let closeWidth = host.resources.painter(for: host.settings)?.width(of: closeLabel) ?? 5 * metrics.labelSize
        let bottom = isTyping ? keyboard.placement(metrics).panel.y : metrics.height
        let layout = SearchLayout(metrics: metrics, bottom: bottom, closeWidth: closeWidth)
        let count = results?.rows.count ?? 0
        scrollView.viewportSize = Size(width: Double(layout.viewport.width), height: Double(layout.viewport.height))
        scrollView.contentSize = Size(width: Double(layout.viewport.width),
                                      height: Double(max(layout.viewport.height, count * layout.rowHeight)))
        return layout
    }

    func controls(in host: ScreenHost) -> [PlacedControl<SearchControl>] {
        let layout = layout(host)
        var placed = [PlacedControl(SearchControl.query, label: query.isEmpty ? placeholder : query, rect: layout.field),
                      PlacedControl(SearchControl.close, label: closeLabel, rect: layout.close)]
        if let results {
            let numbers = host.pageNumbers
            placed += layout.rows(count: results.rows.count, offset: scrollView.contentOffset.y).map { index, rect in
                PlacedControl(.result(index), label: Self.label(results.rows[index], page: numbers.label(forOffset:
                    results.rows[index].hit.scalars.lowerBound)), rect: rect)
            }
        }
        if isTyping {
            placed += keyboard.controls(metrics(host)).map { PlacedControl(.key($0.control), label: $0.label, rect: $0.rect) }
        }
        return placed
    }

    /// A result as one line: its page, its words and its chapter.
    static func label(_ row: SearchResults.Row, page: String) -> String {
        ["p. " + page, row.context.text, row.chapter ?? ""].filter { !$0.isEmpty }.joined(separator: " · ")
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        scrollView.advance(to: host.screenTime)
        if let results, !results.isComplete {
            let index = host.resources.searchIndex(of: host.book)
            results.advance(in: host.book, chapters: index.chapters)
        }
        let layout = layout(host)
        let theme = host.settings.theme
        frame.fill(frame.bounds, with: theme.background)
        let numbers = host.pageNumbers
        SearchPainter.draw(layout, texts: .init(query: query, placeholder: placeholder, close: closeLabel,
                                                catalog: host.resources.catalog),
                           results: results, offset: scrollView.contentOffset.y,
                           pageLabel: { numbers.label(forOffset: $0) },
                           isTyping: isTyping, theme: theme, painter: painter, into: &frame)
        if isTyping { _ = keyboard.draw(metrics: metrics(host), theme: theme, painter: painter, into: &frame) }
        return [0..<frame.height]
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        let metrics = metrics(host)
        if isTyping, Double(keyboard.top(metrics)) <= point.y {
            if let action = keyboard.tap(at: point, time: time, metrics: metrics) { apply(action, host: host) }
            return
        }
        let layout = layout(host)
        if layout.close.contains(x: point.x, y: point.y) {
            host.closeScreen()
        } else if layout.bar.contains(x: point.x, y: point.y) {
            isTyping = true
        } else if let results,
                  let row = layout.rows(count: results.rows.count, offset: scrollView.contentOffset.y)
                    .first(where: { $0.rect.contains(x: point.x, y: point.y) }) {
            host.closeScreen()
            if let hit = host.annotations.goTo(hit: row.index, of: results) { host.jump(to: hit.lowerBound) }
        }
    }

    func longPress(at point: Point, time: Double, host: ScreenHost) {
        let metrics = metrics(host)
        if isTyping, Double(keyboard.placement(metrics).panel.y) <= point.y {
            _ = keyboard.longPress(at: point, metrics: metrics)
        }
    }

    /// Fingers on the results scroll them.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        let layout = layout(host)
        if case let .fingerDown(_, at) = event.kind, at.y >= Double(layout.viewport.maxY) { return true }
        _ = fingers.route(event, to: scrollView, top: Double(layout.viewport.y))
        return true
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit: host.closeScreen()
        case .activate: apply(.enter, host: host)
        default: break
        }
        return .taken
    }

    /// A hardware keyboard types into the query as the keys on screen do.
    func type(_ key: TypedKey, host: ScreenHost) {
        isTyping = true
        apply(KeyboardAction(key), host: host)
    }

    func apply(_ action: KeyboardAction, host: ScreenHost) {
        guard action.edit(&query) else { return run(host: host) }
        query = String(query.suffix(Self.maximumQueryLength))
    }

    /// Searches the book for the query; the keyboard goes down.
    private func run(host: ScreenHost) {
        guard !query.allSatisfy(\.isWhitespace) else { return }
        let index = host.resources.searchIndex(of: host.book)
        host.annotations.forgetSearch()
        let found = SearchResults(query: query, hits: index.search.hits(of: query))
        found.advance(in: host.book, chapters: index.chapters)
        results = found
        isTyping = false
        scrollView.contentOffset = Point(x: 0, y: 0)
    }
}
