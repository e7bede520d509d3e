import Devices
import Geometry
import Gestures
import Raster
import Scrolling
import Typesetting

/// The text panel over the lower part of the page: theme, the
/// interface's scale, size, spacing, margins and typeface, each applied
/// at once and keeping the place. The keys walk its controls and Enter
/// applies the one chosen; the rows under the theme's scroll when the
/// panel is taller than the screen.
final class TextPanelScreen: ReaderScreen {
    /// The control chosen with the keys; nil until a key moves it.
    private(set) var focus: TextPanelControl?
    private let scrollView = ScrollView(viewportSize: Size(width: 1, height: 1))
    private var fingers = ListFingers()

    var name: String { "text" }
    func isAnimating(at time: Double) -> Bool { scrollView.isAnimating }

    private func layout(_ host: ScreenHost) -> TextPanelLayout {
        let painter = host.resources.painter(for: host.settings)
        let metrics = host.resources.metrics(for: host.settings)
        let families = host.resources.typefaces(language: host.settings.language).map(\.name)
        func measure(_ text: String) -> Int { painter?.width(of: text) ?? text.count * 12 }
        let speech = host.resources.speech?.isAvailable() == true
        let pages = host.renderer.typesetter.setsSpreads
        let resting = TextPanelLayout(metrics: metrics, fontSize: host.settings.geometry.fontSize, families: families,
                                      pages: pages, speech: speech, catalog: host.resources.catalog, measure: measure)
        scrollView.viewportSize = Size(width: Double(resting.viewport.width), height: Double(max(1, resting.viewport.height)))
        scrollView.contentSize = Size(width: Double(resting.viewport.width),
                                      height: Double(max(resting.contentHeight, resting.viewport.height)))
        scrollView.alwaysBounceVertical = resting.maximumOffset > 0
        let offset = scrollView.contentOffset.y
        return offset == 0 ? resting : TextPanelLayout(metrics: metrics, fontSize: host.settings.geometry.fontSize,
                                                       families: families, pages: pages, speech: speech, offsetY: offset,
                                                       catalog: host.resources.catalog, measure: measure)
    }

    func controls(in host: ScreenHost) -> [PlacedControl<TextPanelControl>] { layout(host).placed }

    /// The options in force.
    static func selected(_ settings: ReaderSettings, typefaces: [FontFamily], speech: SpeechChoice? = nil) -> Set<TextPanelControl> {
        let geometry = settings.geometry
        let margins = TextChoices.marginIndex(of: geometry.sideMargin, width: geometry.width)
        var chosen: Set<TextPanelControl> = [.spacing(TextChoices.spacingIndex(of: geometry.lineSpacing)),
                                             .margins(margins), .theme(settings.theme.name), .scale(settings.interfaceScale),
                                             .writing(settings.writingMode), .pages(settings.columns ?? .one)]
        if let speech { chosen.formUnion([.speed(speech.speed), .voice(speech.voice)]) }
        return chosen.union(typefaces.indices.filter { typefaces[$0].file == settings.font }.map { .font($0) })
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        scrollView.advance(to: host.screenTime)
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        let settings = host.settings
        let typefaces = host.resources.typefaces(language: settings.language)
        let families = Dictionary(uniqueKeysWithValues: typefaces.enumerated().map {
            (TextPanelControl.font($0.offset), $0.element.file)
        })
        return TextPanelPainter.draw(layout(host), fontSize: settings.geometry.fontSize,
                                     selected: Self.selected(settings, typefaces: typefaces, speech: speechChoice(host)),
                                     focused: focus,
                                     families: families, theme: settings.theme, painter: painter, into: &frame)
    }

    /// How speech reads, when it can be heard (the panel then has its rows).
    private func speechChoice(_ host: ScreenHost) -> SpeechChoice? {
        host.resources.speech.flatMap { $0.isAvailable() ? $0.choice : nil }
    }

    /// The options in force are selected; the size buttons say the size.
    func value(of control: TextPanelControl, host: ScreenHost) -> String? {
        let catalog = host.resources.catalog
        switch control {
        case .smaller, .larger: return TextPanelLayout.sizeLabel(host.settings.geometry.fontSize, catalog: catalog)
        case .close: return nil
        default:
            let settings = host.settings
            let chosen = Self.selected(settings, typefaces: host.resources.typefaces(language: settings.language),
                                       speech: speechChoice(host))
            return chosen.contains(control) ? catalog.localized(context: "an option", "selected") : nil
        }
    }

    /// A tap on a control applies it; above the panel it closes.
    func tap(at point: Point, time: Double, host: ScreenHost) {
        let layout = layout(host)
        if let control = layout.placed.hit(x: point.x, y: point.y) {
            apply(control, host: host)
        } else if point.y < Double(layout.panel.y) {
            host.closeScreen()
        }
    }

    /// Fingers on the rows under the theme's scroll them.
    func drag(_ event: GestureEvent, host: ScreenHost) -> Bool {
        let layout = layout(host)
        if case let .fingerDown(_, at) = event.kind, at.y < Double(layout.viewport.y) { return true }
        _ = fingers.route(event, to: scrollView, top: Double(layout.viewport.y))
        return true
    }

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        let count = layout(host).all.count
        switch command {
        case .closeScreen, .closeScreenOrQuit, .toggleText, .toggleMenu: host.closeScreen()
        case .increaseFontSize: apply(.larger, host: host)
        case .decreaseFontSize: apply(.smaller, host: host)
        case .nextPage: moveFocus(by: 1, host: host)
        case .previousPage: moveFocus(by: -1, host: host)
        case .firstPage: moveFocus(by: -count, host: host)
        case .lastPage: moveFocus(by: count, host: host)
        case .activate: if let focus { apply(focus, host: host) }
        default: break
        }
        return .taken
    }

    /// Moves the keys' choice `step` controls on in reading order (from
    /// before the first, or after the last, at first), stopping at the
    /// ends, and scrolls the rows to show it.
    private func moveFocus(by step: Int, host: ScreenHost) {
        let layout = layout(host)
        let controls = layout.all.map(\.control)
        guard !controls.isEmpty else { return }
        let start = focus.flatMap { controls.firstIndex(of: $0) } ?? (step > 0 ? -1 : controls.count)
        let chosen = layout.all[max(0, min(controls.count - 1, start + step))]
        focus = chosen.control
        guard layout.viewport.height > 0, !layout.fixedArea.contains(chosen.rect) else { return }
        let inContent = Double(chosen.rect.y - layout.viewport.y) + scrollView.contentOffset.y
        scrollView.scrollRectToVisible(Rect(x: 0, y: inContent, width: 1, height: Double(chosen.rect.height)),
                                       animated: false)
    }

    /// Applies one of the panel's controls.
    func apply(_ control: TextPanelControl, host: ScreenHost) {
        let settings = host.settings
        var geometry = settings.geometry
        var theme = settings.theme
        var font = settings.font
        var writingMode = settings.writingMode
        var columns = settings.columns
        let typefaces = host.resources.typefaces(language: settings.language)
        switch control {
        case .smaller: geometry.fontSize = TextChoices.fontSize(after: geometry.fontSize, larger: false)
        case .larger: geometry.fontSize = TextChoices.fontSize(after: geometry.fontSize, larger: true)
        case let .spacing(step) where TextChoices.lineSpacings.indices.contains(step):
            geometry.lineSpacing = TextChoices.lineSpacings[step].value
        case let .margins(step) where TextChoices.margins.indices.contains(step):
            geometry.sideMargin = TextChoices.margins[step].share.map { Int(Double(geometry.width) * $0) }
        case let .font(step) where typefaces.indices.contains(step):
            font = typefaces[step].file
        case let .theme(name):
            theme = Theme(named: name) ?? theme
        case let .scale(scale):
            host.applyInterfaceScale(scale)
            // The rows are laid out anew at the new size, from the top.
            scrollView.setContentOffset(Point(x: 0, y: 0), animated: false)
            return
        case let .speed(step):
            host.resources.speech?.choice.speed = step
            return
        case let .voice(kind):
            host.resources.speech?.choice.voice = kind
            return
        case let .writing(choice):
            writingMode = choice
        case let .pages(choice):
            columns = choice
        case .close:
            host.closeScreen()
            return
        case .spacing, .margins, .font:
            return
        }
        host.applyTextSettings(geometry: geometry, theme: theme, font: font, writingMode: writingMode, columns: columns)
    }
}
