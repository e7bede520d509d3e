/// A CSS length as written, before it is resolved against a font size.
public enum CSSLength: Sendable, Equatable {
    /// Of the element's own font size (`em`; `ex` and `ch` as half an em).
    case ems(Double)
    /// Of the root's font size (`rem`).
    case rootEms(Double)
    /// CSS pixels (absolute units converted: 1pt = 4/3 px, 1in = 96px).
    case pixels(Double)
    case percent(Double)
    case auto

    /// The pixels a body em is taken to be when a book gives absolute
    /// sizes: the CSS default font size.
    public static let pixelsPerEm = 16.0

    /// Parses one length; a bare 0 is a length, other bare numbers are not.
    public static func parse(_ component: CSSComponent) -> CSSLength? {
        switch component {
        case let .token(.dimension(value, unit)):
            switch unit.lowercased() {
            case "em": return .ems(value)
            case "ex", "ch": return .ems(value / 2)
            case "rem": return .rootEms(value)
            case "px": return .pixels(value)
            case "pt": return .pixels(value * 4 / 3)
            case "pc": return .pixels(value * 16)
            case "in": return .pixels(value * 96)
            case "cm": return .pixels(value * 96 / 2.54)
            case "mm": return .pixels(value * 96 / 25.4)
            case "q": return .pixels(value * 96 / 101.6)
            default: return nil
            }
        case let .token(.percentage(value)): return .percent(value)
        case let .token(.number(value)) where value == 0: return .pixels(0)
        case let other where other.keyword == "auto": return .auto
        default: return nil
        }
    }

    /// In ems of the body text, for an element whose font size is
    /// `fontSize` body ems; percentages of a width are taken of
    /// `percentBase` ems (the measure is not known while styles are computed).
    public func resolved(fontSize: Double, percentBase: Double) -> Double {
        switch self {
        case let .ems(value): return value * fontSize
        case let .rootEms(value): return value
        case let .pixels(value): return value / Self.pixelsPerEm
        case let .percent(value): return value / 100 * percentBase
        case .auto: return 0
        }
    }

    /// In CSS pixels, for an element whose font size is `fontSize` body
    /// ems (a body em taken as `pixelsPerEm`); nil for `auto` and
    /// percentages, whose base is not known here.
    public func cssPixels(fontSize: Double) -> Double? {
        switch self {
        case let .ems(value): return value * fontSize * Self.pixelsPerEm
        case let .rootEms(value): return value * Self.pixelsPerEm
        case let .pixels(value): return value
        case .percent, .auto: return nil
        }
    }
}

/// A family named in `font-family`.
public enum FontFamilyName: Sendable, Equatable, Hashable {
    case named(String)
    case serif, sansSerif, monospace, cursive, fantasy, systemUI

    /// The comma-separated list of a `font-family` value; names written as
    /// several identifiers are joined by single spaces.
    public static func parseList(_ value: [CSSComponent]) -> [FontFamilyName] {
        value.split(at: .comma).compactMap { part in
            let parts = Array(part.trimmed())
            if parts.count == 1, case let .token(.string(name)) = parts[0] {
                return name.isEmpty ? nil : .named(name)
            }
            var words: [String] = []
            for component in parts where !component.isWhitespace {
                guard case let .token(.ident(word)) = component else { return nil }
                words.append(word)
            }
            guard !words.isEmpty else { return nil }
            if words.count == 1 {
                switch words[0].lowercased() {
                case "serif": return .serif
                case "sans-serif": return .sansSerif
                case "monospace": return .monospace
                case "cursive": return .cursive
                case "fantasy": return .fantasy
                case "system-ui": return .systemUI
                default: break
                }
            }
            return .named(words.joined(separator: " "))
        }
    }
}

/// `font-weight` as a number from 1 to 1000.
enum FontWeight {
    static func parse(_ value: [CSSComponent], inherited: Int = 400) -> Int? {
        let parts = Array(value.trimmed())
        guard parts.count == 1 else { return nil }
        switch parts[0] {
        case let .token(.number(number)) where (1...1000).contains(number): return Int(number)
        default:
            switch parts[0].keyword {
            case "normal": return 400
            case "bold": return 700
            case "bolder": return inherited < 350 ? 400 : inherited < 550 ? 700 : 900
            case "lighter": return inherited < 550 ? 100 : inherited < 750 ? 400 : 700
            default: return nil
            }
        }
    }
}

extension Array where Element == CSSComponent {
    /// The value's identifiers, lower-cased, when it is only identifiers.
    var keywords: [String]? {
        var words: [String] = []
        for component in self where !component.isWhitespace {
            guard let word = component.keyword else { return nil }
            words.append(word)
        }
        return words
    }

    /// The value when it is a single identifier.
    var singleKeyword: String? {
        guard let words = keywords, words.count == 1 else { return nil }
        return words[0]
    }
}
