import Devices
import Geometry
import Raster
import Typesetting

/// The text panel over the lower part of the page: size, spacing,
/// margins, theme and typeface, each applied at once and keeping the
/// place. The keys walk its controls and Enter applies the one chosen.
final class TextPanelScreen: ReaderScreen {
    /// The control chosen with the keys; nil until a key moves it.
    private(set) var focus: TextPanelControl?

    var name: String { "text" }

    private func layout(_ host: ScreenHost) -> TextPanelLayout {
        let painter = host.resources.painter(for: host.settings)
        return TextPanelLayout(metrics: ScreenResources.metrics(for: host.settings),
                               fontSize: host.settings.geometry.fontSize,
                               families: host.resources.typefaces(language: host.settings.language).map(\.name)) {
            painter?.width(of: $0) ?? $0.count * 12
        }
    }

    func controls(in host: ScreenHost) -> [PlacedControl<TextPanelControl>] { layout(host).placed }

    /// The options in force.
    static func selected(_ settings: ReaderSettings, typefaces: [FontFamily]) -> Set<TextPanelControl> {
        let geometry = settings.geometry
        let margins = TextChoices.marginIndex(of: geometry.sideMargin, width: geometry.width)
        let chosen: Set<TextPanelControl> = [.spacing(TextChoices.spacingIndex(of: geometry.lineSpacing)),
                                             .margins(margins), .theme(settings.theme.name),
                                             .writing(settings.writingMode)]
        return chosen.union(typefaces.indices.filter { typefaces[$0].file == settings.font }.map { .font($0) })
    }

    func draw(into frame: inout PixelBuffer, host: ScreenHost) -> [Range<Int>] {
        guard let painter = host.resources.painter(for: host.settings) else { return [] }
        let settings = host.settings
        let typefaces = host.resources.typefaces(language: settings.language)
        let families = Dictionary(uniqueKeysWithValues: typefaces.enumerated().map {
            (TextPanelControl.font($0.offset), $0.element.file)
        })
        return TextPanelPainter.draw(layout(host), fontSize: settings.geometry.fontSize,
                                     selected: Self.selected(settings, typefaces: typefaces), focused: focus,
                                     families: families, theme: settings.theme, painter: painter, into: &frame)
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

    func key(_ command: ReaderCommand, host: ScreenHost) -> KeyHandling {
        let count = layout(host).placed.count
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
    /// before the first, or after the last, at first), stopping at the ends.
    private func moveFocus(by step: Int, host: ScreenHost) {
        let controls = layout(host).placed.map(\.control)
        guard !controls.isEmpty else { return }
        let start = focus.flatMap { controls.firstIndex(of: $0) } ?? (step > 0 ? -1 : controls.count)
        focus = controls[max(0, min(controls.count - 1, start + step))]
    }

    /// Applies one of the panel's controls.
    func apply(_ control: TextPanelControl, host: ScreenHost) {
        let settings = host.settings
        var geometry = settings.geometry
        var theme = settings.theme
        var font = settings.font
        var writingMode = settings.writingMode
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
        case let .writing(choice):
            writingMode = choice
        case .close:
            host.closeScreen()
            return
        case .spacing, .margins, .font:
            return
        }
        host.applyTextSettings(geometry: geometry, theme: theme, font: font, writingMode: writingMode)
    }
}
