import Geometry

/// A key of the on-screen keyboard. `--describe` names a character key
/// by what it types (`key.a`, `key.й`, `key.é`) and the others by their
/// job (`key.shift`, `key.backspace`, `key.space`, `key.enter`,
/// `key.layout`, `key.symbols`).
public enum KeyboardKey: Hashable, Sendable, ScreenControlID {
    case character(String)
    case shift, backspace, space, enter, layout, symbols

    public var id: String {
        switch self {
        case let .character(text): "key." + text
        case .shift: "key.shift"
        case .backspace: "key.backspace"
        case .space: "key.space"
        case .enter: "key.enter"
        case .layout: "key.layout"
        case .symbols: "key.symbols"
        }
    }
}

/// Where the keyboard's keys go: a panel along the bottom of the screen
/// with three rows of character keys (the third between shift and
/// delete) and a row of layout, symbols, space and enter, all centred.
/// A key is at least 9 mm wide and tall (the interface's target) and at
/// most twice that wide, so a wide screen gets a keyboard of a hand's
/// width rather than one stretched across it. Pure.
public struct KeyboardPlacement: Equatable, Sendable {
    public let panel: PixelRect
    /// One key's width and row's height, gaps included.
    public let unit: Int
    public let rowHeight: Int
    /// The keys in reading order.
    public let placed: [PlacedControl<KeyboardKey>]

    /// What the keys say apart from the characters.
    public struct Labels: Equatable, Sendable {
        public var enter: String
        public var layout: String
        public var symbols: String
        public var space: String
        public var shift: String
        public var delete: String
        public init(enter: String, layout: String, symbols: String, space: String, shift: String = "Shift",
                    delete: String = "Delete") {
            self.enter = enter
            self.shift = shift
            self.delete = delete
            self.layout = layout
            self.symbols = symbols
            self.space = space
        }
    }

    public init(metrics: InterfaceMetrics, rows: [[String]], shifted: Bool, labels: Labels) {
        let target = metrics.target, pad = metrics.padding
        let gap = max(2, pad / 3)
        let letterRows = Array(rows.prefix(3))
        // The third row has shift and delete, each a key and a half wide.
        let columns = max(10, letterRows.enumerated().map { $0.element.count + ($0.offset == 2 ? 3 : 0) }.max() ?? 10)
        let unit = min((metrics.width - 2 * pad) / columns, 2 * target + gap)
        let rowHeight = target + gap
        let panel = PixelRect(x: 0, y: metrics.height - 4 * rowHeight - 2 * pad, width: metrics.width,
                              height: 4 * rowHeight + 2 * pad)
        var keys: [PlacedControl<KeyboardKey>] = []
        func key(_ key: KeyboardKey, _ label: String, x: Int, row: Int, width: Int) {
            let rect = PixelRect(x: x + gap / 2, y: panel.y + pad + row * rowHeight + gap / 2,
                                 width: max(1, width - gap), height: rowHeight - gap)
            keys.append(PlacedControl(key, label: label, rect: rect))
        }
        let side = unit * 3 / 2
        for (row, characters) in letterRows.enumerated() {
            var x = (metrics.width - characters.count * unit - (row == 2 ? 2 * side : 0)) / 2
            if row == 2 {
                key(.shift, labels.shift, x: x, row: row, width: side)
                x += side
            }
            for character in characters {
                let typed = shifted ? Self.shifted(character) : character
                key(.character(typed), typed, x: x, row: row, width: unit)
                x += unit
            }
            if row == 2 { key(.backspace, labels.delete, x: x, row: row, width: side) }
        }
        let full = columns * unit, left = (metrics.width - full) / 2
        key(.layout, labels.layout, x: left, row: 3, width: side)
        key(.symbols, labels.symbols, x: left + side, row: 3, width: side)
        key(.space, labels.space, x: left + 2 * side, row: 3, width: full - 2 * side - 2 * unit)
        key(.enter, labels.enter, x: left + full - 2 * unit, row: 3, width: 2 * unit)
        self.panel = panel
        self.unit = unit
        self.rowHeight = rowHeight
        placed = keys
    }

    /// A letter as shift types it: its capital when it has one of its own (ß keeps its form).
    static func shifted(_ character: String) -> String {
        let upper = character.uppercased()
        return upper.count == 1 && upper.unicodeScalars.count == character.unicodeScalars.count ? upper : character
    }

    /// The rectangle of `key`, when it is on the keyboard.
    public func rect(of key: KeyboardKey) -> PixelRect? { placed.first { $0.control == key }?.rect }
}
