/// How lines run on a page (CSS Writing Modes): horizontal lines stacked
/// down the page, or vertical columns stacked from the right (Japanese and
/// Chinese books) or from the left.
public enum WritingMode: String, Sendable, Codable, CaseIterable {
    case horizontalTB = "horizontal-tb"
    case verticalRL = "vertical-rl"
    case verticalLR = "vertical-lr"

    public var isVertical: Bool { self != .horizontalTB }
}

/// The reader's choice of writing mode: the book's own, or one for every page.
public enum WritingModeChoice: String, Sendable, Codable, CaseIterable {
    case auto, horizontal, vertical

    /// The mode a section is set in when the book asks for `asked`.
    public func resolve(_ asked: WritingMode) -> WritingMode {
        switch self {
        case .auto: return asked
        case .horizontal: return .horizontalTB
        case .vertical: return asked == .verticalLR ? .verticalLR : .verticalRL
        }
    }
}

/// How the characters of a vertical line stand (CSS `text-orientation`).
public enum TextOrientation: UInt8, Sendable, Hashable {
    /// Characters of vertical scripts upright, others turned a quarter clockwise (by their Vertical_Orientation).
    case mixed
    case upright
    /// Every character turned a quarter clockwise.
    case sideways
}

/// Characters set side by side in the space of one in a vertical line
/// (CSS `text-combine-upright`, tate-chu-yoko).
public enum TextCombine: Sendable, Hashable {
    /// The reader's default: numbers of one or two ASCII digits.
    case auto
    case none
    /// All of an element's text; `group` tells two elements side by side apart.
    case all(group: UInt8)
    /// Numbers of at most this many ASCII digits.
    case digits(Int)
}

extension Book {
    /// The mode the book asks for: an Aozora Bunko text is vertical, a
    /// structured book's is that of most of the text of its sections.
    public var writingMode: WritingMode {
        guard let sections = document?.sections else { return metadata.usesAozoraNotation ? .verticalRL : .horizontalTB }
        var characters: [WritingMode: Int] = [:]
        for section in sections where section.isLinear && section.fixedPage == nil {
            characters[section.writingMode, default: 0] += section.offsets.count
        }
        return characters.max { $0.value < $1.value || ($0.value == $1.value && $0.key.isVertical) }?.key ?? .horizontalTB
    }
}
