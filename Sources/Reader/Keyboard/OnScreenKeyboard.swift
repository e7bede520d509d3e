import Devices
import Geometry
import Languages
import Raster
import Typesetting

/// What a key did to the field the keyboard types into.
public enum KeyboardAction: Equatable, Sendable {
    case insert(String)
    case deleteBackward
    case enter
}

extension KeyboardAction {
    /// What a hardware key typed, as the keys on screen would have typed it.
    init(_ key: TypedKey) {
        switch key {
        case let .text(text): self = .insert(text)
        case .deleteBackward: self = .deleteBackward
        }
    }

    /// Edits a field's `text` (control characters are never typed); false
    /// for enter, which is the field's own action.
    func edit(_ text: inout String) -> Bool {
        switch self {
        case let .insert(typed):
            text += String(String.UnicodeScalarView(typed.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        case .deleteBackward:
            if !text.isEmpty { text.removeLast() }
        case .enter:
            return false
        }
        return true
    }
}

/// The on-screen keyboard of every text field: its layout, shift, the
/// symbols page and a held key's variants, with the keys' actions and
/// their drawing. The screen that shows it owns it and applies what it
/// returns to its field. Time comes with each tap.
final class OnScreenKeyboard {
    enum Shift: Equatable { case off, once, locked }

    private(set) var layoutIndex: Int
    private(set) var shift = Shift.off
    private(set) var showsSymbols = false
    /// A held key's variants, offered above it until the next tap.
    private(set) var variants: [PlacedControl<KeyboardKey>] = []
    private var lastShiftTap: Double?
    /// What the enter key says (the field's action: "Search").
    let enterLabel: String

    /// Two taps on shift this close (ms) lock it.
    static let shiftLockInterval = 400.0

    /// A keyboard in the layout for `language` (English when none is).
    /// The shift and delete keys' names in the interface's language.
    let shiftLabel: String, deleteLabel: String

    init(language: String?, enterLabel: String, catalog: MessageCatalog = .english) {
        layoutIndex = KeyboardLayout.index(forLanguage: language)
        self.enterLabel = enterLabel
        shiftLabel = catalog.localized(context: "a key", "Shift")
        deleteLabel = catalog.localized(context: "a key", "Delete")
    }

    var layout: KeyboardLayout { KeyboardLayout.all[layoutIndex] }

    func placement(_ metrics: InterfaceMetrics) -> KeyboardPlacement {
        let labels = KeyboardPlacement.Labels(enter: enterLabel, layout: layout.shortName,
                                              symbols: showsSymbols ? "ABC" : "?123", space: layout.name,
                                              shift: shiftLabel, delete: deleteLabel)
        return KeyboardPlacement(metrics: metrics, rows: showsSymbols ? KeyboardLayout.symbols.rows : layout.rows,
                                 shifted: shift != .off && !showsSymbols, labels: labels)
    }

    /// The keys on screen, a held key's variants last (over the keys they cover).
    func controls(_ metrics: InterfaceMetrics) -> [PlacedControl<KeyboardKey>] { placement(metrics).placed + variants }

    /// The top of what the keyboard covers.
    func top(_ metrics: InterfaceMetrics) -> Int { min(placement(metrics).panel.y, variants.map(\.rect.y).min() ?? .max) }

    /// A tap at `point`: what it types, if anything. A tap while variants
    /// are offered takes one of them or only puts them away.
    func tap(at point: Point, time: Double, metrics: InterfaceMetrics) -> KeyboardAction? {
        let offered = variants
        variants = []
        if !offered.isEmpty {
            guard case let .character(text)? = offered.hit(x: point.x, y: point.y) else { return nil }
            return typed(text)
        }
        guard let key: KeyboardKey = placement(metrics).placed.hit(x: point.x, y: point.y) else { return nil }
        switch key {
        case let .character(text):
            return typed(text)
        case .shift:
            if shift == .once, let last = lastShiftTap, time - last <= Self.shiftLockInterval {
                shift = .locked
            } else {
                shift = shift == .off ? .once : .off
            }
            lastShiftTap = time
        case .backspace:
            return .deleteBackward
        case .space:
            return .insert(" ")
        case .enter:
            return .enter
        case .layout:
            layoutIndex = (layoutIndex + 1) % KeyboardLayout.all.count
            showsSymbols = false
        case .symbols:
            showsSymbols.toggle()
        }
        return nil
    }

    private func typed(_ text: String) -> KeyboardAction {
        if shift == .once { shift = .off }
        return .insert(text)
    }

    /// A key held at `point` offers its variants in a row above it; false
    /// when it has none.
    func longPress(at point: Point, metrics: InterfaceMetrics) -> Bool {
        let placement = placement(metrics)
        guard let held = placement.placed.last(where: { $0.contains(x: point.x, y: point.y) }),
              case let .character(text) = held.control else { return false }
        let options = KeyVariants.of(text.lowercased()).map { shift != .off ? KeyboardPlacement.shifted($0) : $0 }
        guard !options.isEmpty else { return false }
        let width = placement.unit
        let x = max(0, min(held.rect.x, metrics.width - options.count * width))
        let y = max(0, held.rect.y - placement.rowHeight)
        variants = options.enumerated().map { index, option in
            PlacedControl(.character(option), label: option,
                          rect: PixelRect(x: x + index * width, y: y, width: width, height: held.rect.height))
        }
        return true
    }

    /// What a key shows: its label, or where that is wider than the key (a
    /// narrow screen at a large interface scale) the sign phone keyboards
    /// use for it. `--describe` keeps the word, for what a screen reader says.
    static func shownLabel(_ key: PlacedControl<KeyboardKey>, measure: (String) -> Int) -> String {
        guard measure(key.label) > key.rect.width - 4 else { return key.label }
        switch key.control {
        case .shift: return "⇧"
        case .backspace: return "⌫"
        case .enter: return "↵"
        case .symbols: return key.label == "ABC" ? "A" : "#"
        case .character, .space, .layout: return key.label
        }
    }

    /// Draws the keyboard (and the variants offered) over the bottom of
    /// `frame`; returns the rows it changed.
    func draw(metrics: InterfaceMetrics, theme: Theme, painter: InterfacePainter, into frame: inout PixelBuffer) -> [Range<Int>] {
        let placement = placement(metrics)
        let panel = placement.panel
        frame.fill(panel, with: theme.chrome)
        frame.fill(PixelRect(x: 0, y: panel.y, width: panel.width, height: 2), with: theme.secondary)
        var glyphs: [PlacedGlyph] = []
        for key in placement.placed {
            let active = (key.control == .shift && shift != .off) || (key.control == .symbols && showsSymbols)
            MenuPainter.outline(key.rect, thickness: shift == .locked && key.control == .shift ? 4 : active ? 3 : 1,
                                color: active ? theme.ink : theme.secondary, into: &frame)
            glyphs += painter.place(Self.shownLabel(key, measure: { painter.width(of: $0) }), in: key.rect,
                                    alignment: .centre)
        }
        for variant in variants {
            frame.fill(variant.rect, with: theme.background)
            MenuPainter.outline(variant.rect, thickness: 2, color: theme.ink, into: &frame)
            glyphs += painter.place(variant.label, in: variant.rect, alignment: .centre)
        }
        painter.paint(glyphs, theme: theme, into: &frame)
        return [top(metrics)..<panel.maxY]
    }
}
