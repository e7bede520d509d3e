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
/// delete) and a row of layout, symbols, space and enter, all centred;
/// where ten keys of 9 mm do not fit across, a row is cut in two.
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
        let fitting = max(6, (metrics.width - 2 * pad) / (target + gap))
        let lines = Self.lines(of: letterRows, fitting: fitting)
        // Rows cut to fit take the width of the keys that fit; else the widest row counts, and at least ten.
        let columns = lines.count > letterRows.count ? min(fitting, 10) : max(10, lines.map { Self.units(of: $0) }.max() ?? 10)
        let unit = min((metrics.width - 2 * pad) / columns, 2 * target + gap)
        let rowHeight = target + gap
        let rowCount = lines.count + 1
        let panel = PixelRect(x: 0, y: metrics.height - rowCount * rowHeight - 2 * pad, width: metrics.width,
                              height: rowCount * rowHeight + 2 * pad)
        var keys: [PlacedControl<KeyboardKey>] = []
        func key(_ key: KeyboardKey, _ label: String, x: Int, row: Int, width: Int) {
            let rect = PixelRect(x: x + gap / 2, y: panel.y + pad + row * rowHeight + gap / 2,
                                 width: max(1, width - gap), height: rowHeight - gap)
            keys.append(PlacedControl(key, label: label, rect: rect))
        }
        let side = unit * 3 / 2
        for (row, line) in lines.enumerated() {
            var x = (metrics.width - line.characters.count * unit - ((line.hasShift ? 1 : 0) + (line.hasDelete ? 1 : 0)) * side) / 2
            if line.hasShift {
                key(.shift, labels.shift, x: x, row: row, width: side)
                x += side
            }
            for character in line.characters {
                let typed = shifted ? Self.shifted(character) : character
                key(.character(typed), typed, x: x, row: row, width: unit)
                x += unit
            }
            if line.hasDelete { key(.backspace, labels.delete, x: x, row: row, width: side) }
        }
        let full = columns * unit, left = (metrics.width - full) / 2, last = lines.count
        // Rows cut to fit leave a narrow space bar: its neighbours shrink to a key and one and a half.
        let isCut = lines.count > letterRows.count
        let bottomSide = isCut ? unit : side, enter = isCut ? side : 2 * unit
        key(.layout, labels.layout, x: left, row: last, width: bottomSide)
        key(.symbols, labels.symbols, x: left + bottomSide, row: last, width: bottomSide)
        key(.space, labels.space, x: left + 2 * bottomSide, row: last, width: full - 2 * bottomSide - enter)
        key(.enter, labels.enter, x: left + full - enter, row: last, width: enter)
        self.panel = panel
        self.unit = unit
        self.rowHeight = rowHeight
        placed = keys
    }

    /// One row of keys on the glass: characters, with shift before them
    /// and delete after them on the third row (or its first and last part).
    struct Line: Equatable {
        var characters: [String]
        var hasShift = false
        var hasDelete = false
    }

    /// Keys' width in units: a character is one, shift and delete one and a half each.
    static func units(of line: Line) -> Int {
        let sides = (line.hasShift ? 1 : 0) + (line.hasDelete ? 1 : 0)
        return line.characters.count + (sides * 3 + 1) / 2
    }

    /// The rows as lines on the glass: a row wider than `fitting` units (a
    /// narrow portrait panel, where ten keys of 9 mm do not fit across) is
    /// cut into as few even parts as fit, one under the other.
    static func lines(of rows: [[String]], fitting: Int) -> [Line] {
        rows.enumerated().flatMap { index, characters -> [Line] in
            let third = index == 2
            let whole = Line(characters: characters, hasShift: third, hasDelete: third)
            guard units(of: whole) > fitting, characters.count > 1 else { return [whole] }
            var parts = 2
            while parts < characters.count,
                  units(of: Line(characters: Array(characters.prefix((characters.count + parts - 1) / parts)),
                                 hasShift: third)) > fitting {
                parts += 1
            }
            let size = (characters.count + parts - 1) / parts
            let pieces = stride(from: 0, to: characters.count, by: size).map { Array(characters[$0..<min($0 + size, characters.count)]) }
            return pieces.enumerated().map { part, piece in
                Line(characters: piece, hasShift: third && part == 0, hasDelete: third && part == pieces.count - 1)
            }
        }
    }

    /// A letter as shift types it: its capital when it has one of its own (ß keeps its form).
    static func shifted(_ character: String) -> String {
        let upper = character.uppercased()
        return upper.count == 1 && upper.unicodeScalars.count == character.unicodeScalars.count ? upper : character
    }

    /// The rectangle of `key`, when it is on the keyboard.
    public func rect(of key: KeyboardKey) -> PixelRect? { placed.first { $0.control == key }?.rect }
}
