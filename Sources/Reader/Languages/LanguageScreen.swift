import Devices
import Geometry
import Gestures
import Languages
import Raster
import Scrolling

/// The languages offered, opened from the menu's language button: a tap
/// on one shows the whole interface in it at once and goes back to the
/// menu, redrawn in it.
final class LanguageScreen: ReaderScreen {
    private let scrollView: ScrollView
    private var fingers = ListFingers()

    init(host: ScreenHost) {
        let rows = Double(host.resources.languages.offered.count)
        let layout = Self.layout(host)
        scrollView = ScrollView(viewportSize: Size(width: Double(layout.strip.viewport.width),
                                                   height: Double(layout.strip.viewport.height)),
                                contentSize: Size(width: Double(layout.strip.viewport.width),
                                                  height: rows * Double(layout.strip.rowHeight)))
        scrollView.alwaysBounceVertical = true
    }

    private static func layout(_ host: ScreenHost) -> LanguageListLayout {
        let painter = host.resources.painter(for: host.settings)
        let languages = host.resources.languages.offered.map { (code: $0.code, name: $0.ownName) }
        return LanguageListLayout(metrics: host.resources.metrics(for: host.settings), languages: languages,
                                  catalog: host.resources.catalog) { painter?.width(of: $0) ?? $0.count * 12 }
    }

    var name: String { "language" }
    var coversPage: Bool { true }
    var leavesDogEar: Bool { false }
    func isAnimating(at time: Double) -> Bool { scrollView.isAnimating }

    func controls(in host: ScreenHost) -> [PlacedControl<LanguageControl>] {
        Self.layout(host).placedControls(offsetY: scrollView.contentOffset.y)
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        scrollView.advance(to: host.screenTime)
        LanguageListPainter.draw(Self.layout(host), title: host.resources.catalog.localized("Language"),
                                 current: host.resources.catalog.code, offsetY: scrollView.contentOffset.y,
                                 theme: host.settings.theme, painter: painter, into: &frame)
        return [0..<frame.height]
    }

    func tap(at point: Point, time: Double, host: ScreenHost) {
        switch controls(in: host).hit(x: point.x, y: point.y) {
        case .close: host.open(MenuScreen(shownAt: time))
        case let .language(code):
            host.resources.languages.choose(code)
            host.open(MenuScreen(shownAt: time))
        case nil: break
        }
    }

    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        _ = fingers.route(event, to: scrollView, top: Double(Self.layout(host).strip.viewport.y))
        return true
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        switch command {
        case .closeScreen, .closeScreenOrQuit, .toggleMenu: host.closeScreen()
        default: break
        }
        return .taken
    }
}
