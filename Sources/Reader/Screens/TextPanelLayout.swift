import BookModel
import Geometry
import Languages
import Raster
import Speech

/// The text settings a person can choose on the text panel, in steps.
public enum TextChoices {
    /// Font sizes in pixels, smallest first.
    public static let fontSizes = [14, 16, 18, 20, 22, 24, 28, 32, 36]
    public static let lineSpacings: [(label: String, value: Double)] = [("Tight", 1.2), ("Normal", 1.4), ("Loose", 1.7)]
    /// Side margins as a share of the page's width; "Normal" is the page's own default.
    public static let margins: [(label: String, share: Double?)] = [("Narrow", 0.04), ("Normal", nil), ("Wide", 0.11)]
    public static let themes: [Theme] = Theme.all

    /// The next size up or down from `size` (which need not be a step).
    public static func fontSize(after size: Int, larger: Bool) -> Int {
        larger ? fontSizes.first { $0 > size } ?? size : fontSizes.last { $0 < size } ?? size
    }

    /// The spacing step nearest `value` (0-based).
    public static func spacingIndex(of value: Double) -> Int {
        lineSpacings.indices.min { abs(lineSpacings[$0].value - value) < abs(lineSpacings[$1].value - value) } ?? 1
    }

    /// The margin step a side margin in pixels stands for on a page `width` wide (0-based).
    public static func marginIndex(of sideMargin: Int?, width: Int) -> Int {
        guard let sideMargin else { return 1 }
        return margins.indices.min {
            abs(Double(width) * (margins[$0].share ?? 0.07) - Double(sideMargin))
                < abs(Double(width) * (margins[$1].share ?? 0.07) - Double(sideMargin))
        } ?? 1
    }
}

/// The text panel's controls; the steps of a row count from 0.
public enum TextPanelControl: ScreenControlID {
    case smaller, larger
    case spacing(Int), margins(Int), theme(String), font(Int)
    case scale(InterfaceScale)
    case speed(Int), voice(VoiceKind)
    case writing(WritingModeChoice)
    case pages(ColumnChoice)
    case close

    public var id: String {
        switch self {
        case .smaller: "text.smaller"
        case .larger: "text.larger"
        case let .spacing(step): "text.spacing.\(step + 1)"
        case let .margins(step): "text.margins.\(step + 1)"
        case let .theme(name): "text.theme.\(name)"
        case let .font(step): "text.font.\(step + 1)"
        case let .scale(scale): "text.scale.\(scale.label)"
        case let .speed(step): "text.speed.\(step + 1)"
        case let .voice(kind): "text.voice.\(kind == .male ? "man" : "woman")"
        case let .writing(choice): "text.writing.\(choice.rawValue)"
        case let .pages(choice): "text.pages.\(choice.rawValue)"
        case .close: "close"
        }
    }
}

/// Where the text panel's rows and controls go: a panel over the lower
/// part of the page (which stays visible above it, and shows each change
/// at once) with a row each for the theme and Close, the interface's
/// scale, then size, spacing, margins, writing mode, pages side by side, typeface, and when the book can be
/// read aloud its speed and voice. The theme and the
/// scale come first, so a person who needs them finds them at once. A row
/// whose options do not fit across wraps them; where the names beside
/// the rows leave too little room, each name goes above its row; and a
/// panel taller than the screen scrolls every row under the theme's.
public struct TextPanelLayout: Equatable, Sendable {
    public var panel: PixelRect
    /// The controls on screen: the theme row's and those of the other rows wholly in view.
    public var placed: [PlacedControl<TextPanelControl>]
    /// Every control at the scroll offset, in view or not (what the keys walk).
    public var all: [PlacedControl<TextPanelControl>]
    /// Each row's name and where it is written.
    public var rowLabels: [ScreenControl]
    /// Where the font size is shown, between smaller and larger.
    public var sizeArea: PixelRect
    /// The theme's row at the panel's top, which stays put.
    public var fixedArea: PixelRect
    /// Where the other rows show (they scroll when they are taller), and their full height.
    public var viewport: PixelRect
    public var contentHeight: Int
    /// The text's size as shown between the size buttons.
    public var sizeText: String

    /// The rows' names as `--describe` identifies them (in English, whatever the interface's language).
    public static let rowNames = ["Theme", "Interface", "Size", "Spacing", "Margins", "Writing", "Pages", "Typeface", "Speed",
                                  "Voice"]

    /// A row's name in the interface's language.
    static func rowName(_ name: String, catalog: MessageCatalog) -> String {
        switch name {
        case "Theme": catalog.localized("Theme")
        case "Interface": catalog.localized(context: "the interface's scale", "Interface")
        case "Size": catalog.localized(context: "the text's size", "Size")
        case "Spacing": catalog.localized(context: "line spacing", "Spacing")
        case "Margins": catalog.localized("Margins")
        case "Writing": catalog.localized(context: "writing mode", "Writing")
        case "Pages": catalog.localized(context: "pages side by side", "Pages")
        case "Speed": catalog.localized(context: "speech", "Speed")
        case "Voice": catalog.localized(context: "speech", "Voice")
        default: catalog.localized("Typeface")
        }
    }

    public static func themeLabel(_ theme: Theme, catalog: MessageCatalog = .english) -> String {
        switch theme.name {
        case "light": catalog.localized(context: "theme", "Light")
        case "sepia": catalog.localized(context: "theme", "Sepia")
        case "dark": catalog.localized(context: "theme", "Dark")
        case "high-contrast": catalog.localized(context: "theme", "High contrast")
        default: theme.name.prefix(1).uppercased() + theme.name.dropFirst().replacing("-", with: " ")
        }
    }

    static func spacingLabel(_ step: Int, catalog: MessageCatalog) -> String {
        switch step {
        case 0: catalog.localized(context: "line spacing", "Tight")
        case 1: catalog.localized(context: "line spacing", "Normal")
        default: catalog.localized(context: "line spacing", "Loose")
        }
    }

    static func marginLabel(_ step: Int, catalog: MessageCatalog) -> String {
        switch step {
        case 0: catalog.localized(context: "margins", "Narrow")
        case 1: catalog.localized(context: "margins", "Normal")
        default: catalog.localized(context: "margins", "Wide")
        }
    }

    static func writingLabel(_ choice: WritingModeChoice, catalog: MessageCatalog) -> String {
        switch choice {
        case .auto: catalog.localized(context: "writing mode", "As the book asks")
        case .horizontal: catalog.localized(context: "writing mode", "Horizontal")
        case .vertical: catalog.localized(context: "writing mode", "Vertical")
        }
    }

    static func pagesLabel(_ choice: ColumnChoice, catalog: MessageCatalog) -> String {
        switch choice {
        case .auto: catalog.localized(context: "pages side by side", "Auto")
        case .one: catalog.localized(context: "pages side by side", "One")
        case .two: catalog.localized(context: "pages side by side", "Two")
        }
    }

    /// The text's size as the panel shows it.
    static func sizeLabel(_ fontSize: Int, catalog: MessageCatalog = .english) -> String {
        catalog.localized("%d px", fontSize)
    }

    /// `families`: the typefaces offered (none: no typeface row). `pages`:
    /// a row for pages side by side (a reflowed book set horizontally). `speech`:
    /// rows for reading aloud (nil: none). `offsetY`: how far the rows
    /// under the theme's are scrolled.
    /// Laid out left to right, then mirrored when `metrics` say the language is written right to left.
    public init(metrics: InterfaceMetrics, fontSize: Int, families: [String] = [], pages: Bool = false, speech: Bool = false,
                offsetY: Double = 0,
                catalog: MessageCatalog = .english, measure: (String) -> Int) {
        let names = Self.rowNames.filter {
            (!families.isEmpty || $0 != "Typeface") && (pages || $0 != "Pages") && (speech || !["Speed", "Voice"].contains($0))
        }
        let shownNames = names.map { Self.rowName($0, catalog: catalog) }
        let smaller = catalog.localized(context: "the text's size", "Smaller")
        let larger = catalog.localized(context: "the text's size", "Larger")
        let close = catalog.localized("Close")
        let target = metrics.target, pad = metrics.padding
        func option(_ label: String) -> Int { max(target, measure(label) + 2 * pad) }
        let buttonWidth = max(target, max(measure(smaller), measure(larger)) + 2 * pad)
        let sizeLabel = Self.sizeLabel(fontSize, catalog: catalog)
        // Each row's items in reading order; the size shown between its buttons is no control.
        var rows: [[(control: TextPanelControl?, label: String, width: Int)]] = [
            TextChoices.themes.map { (.theme($0.name), Self.themeLabel($0, catalog: catalog),
                                      option(Self.themeLabel($0, catalog: catalog))) },
            InterfaceScale.allCases.map { (.scale($0), $0.label, option($0.label)) },
            [(.smaller, smaller, buttonWidth), (nil, sizeLabel, option(sizeLabel)), (.larger, larger, buttonWidth)],
            TextChoices.lineSpacings.indices.map { (.spacing($0), Self.spacingLabel($0, catalog: catalog),
                                                    option(Self.spacingLabel($0, catalog: catalog))) },
            TextChoices.margins.indices.map { (.margins($0), Self.marginLabel($0, catalog: catalog),
                                               option(Self.marginLabel($0, catalog: catalog))) },
            WritingModeChoice.allCases.map { (.writing($0), Self.writingLabel($0, catalog: catalog),
                                              option(Self.writingLabel($0, catalog: catalog))) },
        ]
        if pages {
            rows.append(ColumnChoice.allCases.map { (.pages($0), Self.pagesLabel($0, catalog: catalog),
                                                     option(Self.pagesLabel($0, catalog: catalog))) })
        }
        if !families.isEmpty { rows.append(families.enumerated().map { (.font($0.offset), $0.element, option($0.element)) }) }
        if speech {
            rows.append(SpeechChoice.speeds.indices.map {
                let label = SpeechChoice.speedLabel($0, catalog: catalog)
                return (.speed($0), label, option(label))
            })
            rows.append(VoiceKind.allCases.map {
                let label = SpeechChoice.voiceLabel($0, catalog: catalog)
                return (.voice($0), label, option(label))
            })
        }
        let labelWidth = (shownNames.map(measure).max() ?? 0) + 2 * pad
        let closeWidth = option(close)
        let widest = rows.joined().map(\.width).max() ?? target
        // The names beside the rows while that leaves the widest option room, else above them.
        let beside = metrics.width - 4 * pad - labelWidth - closeWidth >= widest
        let optionsX = beside ? pad + labelWidth : pad
        let optionsWidth = beside ? metrics.width - optionsX - closeWidth - 3 * pad : metrics.width - 2 * pad

        var layoutRows: [(labelRect: PixelRect, items: [PixelRect], height: Int)] = []
        for (index, items) in rows.enumerated() {
            let nameHeight = beside ? 0 : target + pad / 2
            let nameWidth = index == 0 && !beside ? optionsWidth - closeWidth - pad : beside ? labelWidth : optionsWidth
            let wrapped = ControlRows(widths: items.map(\.width),
                                      in: PixelRect(x: optionsX, y: nameHeight, width: optionsWidth, height: target),
                                      rowHeight: target, gap: pad, rowGap: pad / 2, alignment: index == 2 ? .start : .fill)
            layoutRows.append((PixelRect(x: pad, y: 0, width: nameWidth, height: target), wrapped.rects,
                               nameHeight + wrapped.height))
        }
        let fixedHeight = pad + (layoutRows.first?.height ?? 0) + pad
        let bodyHeight = layoutRows.dropFirst().reduce(0) { $0 + $1.height + pad }
        let height = min(metrics.height, fixedHeight + bodyHeight)
        let panel = PixelRect(x: 0, y: metrics.height - height, width: metrics.width, height: height)
        fixedArea = PixelRect(x: 0, y: panel.y, width: metrics.width, height: fixedHeight)
        viewport = PixelRect(x: 0, y: fixedArea.maxY, width: metrics.width, height: max(0, height - fixedHeight))
        contentHeight = bodyHeight

        var all: [PlacedControl<TextPanelControl>] = []
        var labels: [ScreenControl] = []
        var size = PixelRect(x: 0, y: 0, width: 0, height: 0)
        var top = Double(panel.y + pad)
        for (index, row) in layoutRows.enumerated() {
            if index == 1 { top = Double(viewport.y) - offsetY }
            let dy = Int(top.rounded())
            func moved(_ rect: PixelRect) -> PixelRect { PixelRect(x: rect.x, y: rect.y + dy, width: rect.width, height: rect.height) }
            let name = moved(row.labelRect)
            labels.append(ScreenControl(id: names[index], label: shownNames[index], rect: metrics.placed(name)))
            for (item, rect) in zip(rows[index], row.items) {
                if let control = item.control {
                    all.append(PlacedControl(control, label: item.label, rect: moved(rect)))
                } else {
                    size = moved(rect)
                }
            }
            top += Double(row.height + pad)
        }
        all.append(PlacedControl(.close, label: close,
                                 rect: PixelRect(x: metrics.width - pad - closeWidth, y: panel.y + pad, width: closeWidth,
                                                 height: target)))
        let viewport = viewport
        // The theme's row and Close stay put; the other rows show only where they are wholly in view
        // (scrolled up under the theme's row they are not there to be touched).
        let fixedCount = rows[0].filter { $0.control != nil }.count
        let fixedControls = Set(all.prefix(fixedCount).map(\.control) + [.close])
        all = all.placed(by: metrics)
        placed = all.filter { fixedControls.contains($0.control) || viewport.contains($0.rect) }
        self.all = all
        rowLabels = labels
        sizeArea = metrics.placed(size)
        sizeText = sizeLabel
        self.panel = panel
    }

    /// The largest scroll offset of the rows under the theme's.
    public var maximumOffset: Double { Double(max(0, contentHeight - viewport.height)) }

    /// The controls as `--describe` prints them.
    public var controls: [ScreenControl] { placed.map(\.described) }
}

extension PixelRect {
    /// True when `rect` lies wholly inside this one.
    func contains(_ rect: PixelRect) -> Bool {
        rect.x >= x && rect.y >= y && rect.maxX <= maxX && rect.maxY <= maxY
    }
}
