/// CSS Writing Modes: `writing-mode`, `text-orientation` and
/// `text-combine-upright`, with the prefixed names EPUB 3 books use.
extension ComputedStyle {
    public enum WritingMode: String, Sendable, Equatable {
        case horizontalTB = "horizontal-tb", verticalRL = "vertical-rl", verticalLR = "vertical-lr"
    }

    public enum TextOrientation: String, Sendable, Equatable {
        case mixed, upright, sideways
    }

    /// `text-combine-upright`: characters set horizontally in the space of one in a vertical line.
    public enum TextCombine: Sendable, Equatable {
        case none, all
        /// Runs of at most this many ASCII digits (`digits 2`).
        case digits(Int)
    }

    static let writingModeProperties: Set<String> = [
        "writing-mode", "-epub-writing-mode", "-webkit-writing-mode",
        "text-orientation", "-epub-text-orientation", "-webkit-text-orientation",
        "text-combine-upright", "-epub-text-combine", "-epub-text-combine-horizontal", "-webkit-text-combine",
        "-ms-text-combine-horizontal",
    ]

    /// Applies one of `writingModeProperties`; a value it cannot read leaves the style as it was.
    mutating func applyWritingMode(_ name: String, _ value: [CSSComponent]) {
        guard let words = value.keywords, let first = words.first else {
            // `digits 3`: a keyword and a number.
            if name.hasSuffix("combine-upright"), let digits = Self.digitsCount(value) { textCombine = .digits(digits) }
            return
        }
        switch name {
        case "writing-mode", "-epub-writing-mode", "-webkit-writing-mode":
            // The SVG 1.1 names some books still use.
            switch first {
            case "horizontal-tb", "lr", "lr-tb", "rl", "rl-tb": writingMode = .horizontalTB
            case "vertical-rl", "tb", "tb-rl": writingMode = .verticalRL
            case "vertical-lr", "tb-lr": writingMode = .verticalLR
            default: break
            }
        case "text-orientation", "-epub-text-orientation", "-webkit-text-orientation":
            switch first {
            case "mixed", "vertical-right": textOrientation = .mixed
            case "upright": textOrientation = .upright
            case "sideways", "sideways-right", "sideways-left": textOrientation = .sideways
            default: break
            }
        default:
            switch first {
            case "none": textCombine = TextCombine.none
            case "all", "horizontal": textCombine = .all
            case "digits": textCombine = .digits(2)
            default: break
            }
        }
    }

    /// The number of `digits N` (2 to 4, as CSS allows).
    private static func digitsCount(_ value: [CSSComponent]) -> Int? {
        let parts = value.filter { !$0.isWhitespace }
        guard parts.count == 2, parts[0].keyword == "digits", case let .token(.number(number)) = parts[1] else { return nil }
        return (2...4).contains(Int(number)) ? Int(number) : nil
    }
}

extension ComputedStyle {
    /// A vertical element's margins and padding moved to the sides a
    /// horizontal line's would be on (the reader lays a vertical page out
    /// as lines of the page turned a quarter): its top and bottom are where
    /// its lines start and end, its right (vertical-rl) or left
    /// (vertical-lr) the space before it.
    public mutating func turnEdgesIntoLines() {
        guard writingMode != .horizontalTB else { return }
        margin = margin.turned(writingMode)
        padding = padding.turned(writingMode)
    }
}

extension ComputedStyle.Edges {
    func turned(_ mode: ComputedStyle.WritingMode) -> ComputedStyle.Edges {
        var turned = ComputedStyle.Edges()
        turned.left = top
        turned.right = bottom
        turned.top = mode == .verticalLR ? left : right
        turned.bottom = mode == .verticalLR ? right : left
        return turned
    }
}
