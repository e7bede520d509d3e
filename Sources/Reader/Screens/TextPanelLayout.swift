import BookModel
import Geometry
import Raster

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
    case writing(WritingModeChoice)
    case close

    public var id: String {
        switch self {
        case .smaller: "text.smaller"
        case .larger: "text.larger"
        case let .spacing(step): "text.spacing.\(step + 1)"
        case let .margins(step): "text.margins.\(step + 1)"
        case let .theme(name): "text.theme.\(name)"
        case let .font(step): "text.font.\(step + 1)"
        case let .writing(choice): "text.writing.\(choice.rawValue)"
        case .close: "close"
        }
    }
}

/// Where the text panel's rows and controls go: a panel over the lower
/// part of the page (which stays visible above it, and shows each change
/// at once) with a row for size, spacing, margins, theme, writing mode
/// and typeface, and Close.
public struct TextPanelLayout: Equatable, Sendable {
    public var panel: PixelRect
    public var placed: [PlacedControl<TextPanelControl>]
    /// Each row's name and where it is written.
    public var rowLabels: [ScreenControl]
    /// Where the font size is shown, between smaller and larger.
    public var sizeArea: PixelRect

    public static let rowNames = ["Size", "Spacing", "Margins", "Theme", "Writing", "Typeface"]

    /// `families`: the typefaces offered (none: no typeface row).
    public init(metrics: InterfaceMetrics, fontSize: Int, families: [String] = [], measure: (String) -> Int) {
        let names = families.isEmpty ? Array(Self.rowNames.dropLast()) : Self.rowNames
        let target = metrics.target, pad = metrics.padding
        let rowStep = target + pad
        let height = names.count * rowStep + pad
        panel = PixelRect(x: 0, y: metrics.height - height, width: metrics.width, height: height)
        let labelWidth = (names.map(measure).max() ?? 0) + 2 * pad
        let closeWidth = max(target, measure("Close") + 2 * pad)
        let optionsX = pad + labelWidth
        let optionsWidth = max(0, metrics.width - optionsX - closeWidth - 3 * pad)
        var controls: [PlacedControl<TextPanelControl>] = []
        var labels: [ScreenControl] = []
        let top = metrics.height - height
        func rowY(_ row: Int) -> Int { top + pad + row * rowStep }
        for (row, name) in names.enumerated() {
            labels.append(ScreenControl(id: name, label: name, rect: PixelRect(x: pad, y: rowY(row), width: labelWidth,
                                                                              height: target)))
        }
        // Options share their row's width equally.
        func options(_ row: Int, _ items: [(id: TextPanelControl, label: String)]) {
            let width = (optionsWidth - pad * (items.count - 1)) / max(1, items.count)
            for (index, item) in items.enumerated() {
                controls.append(PlacedControl(item.id, label: item.label,
                                              rect: PixelRect(x: optionsX + index * (width + pad), y: rowY(row),
                                                              width: max(target, width), height: target)))
            }
        }
        let buttonWidth = max(target, max(measure("Smaller"), measure("Larger")) + 2 * pad)
        controls.append(PlacedControl(.smaller, label: "Smaller",
                                      rect: PixelRect(x: optionsX, y: rowY(0), width: buttonWidth, height: target)))
        let size = PixelRect(x: optionsX + buttonWidth + pad, y: rowY(0),
                             width: max(target, measure("\(fontSize) px") + 2 * pad), height: target)
        sizeArea = size
        controls.append(PlacedControl(.larger, label: "Larger",
                                      rect: PixelRect(x: size.maxX + pad, y: rowY(0), width: buttonWidth,
                                                      height: target)))
        options(1, TextChoices.lineSpacings.enumerated().map { (.spacing($0.offset), $0.element.label) })
        options(2, TextChoices.margins.enumerated().map { (.margins($0.offset), $0.element.label) })
        options(3, TextChoices.themes.map { (.theme($0.name), $0.name.prefix(1).uppercased() + $0.name.dropFirst()) })
        options(4, WritingModeChoice.allCases.map { (.writing($0), $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()) })
        if !families.isEmpty {
            options(5, families.enumerated().map { (.font($0.offset), $0.element) })
        }
        controls.append(PlacedControl(.close, label: "Close",
                                      rect: PixelRect(x: metrics.width - pad - closeWidth, y: rowY(0), width: closeWidth,
                                                      height: target)))
        placed = controls
        rowLabels = labels
    }

    /// The controls as `--describe` prints them.
    public var controls: [ScreenControl] { placed.map(\.described) }
}
