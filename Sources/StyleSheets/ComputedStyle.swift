/// The values of the properties the reader uses, computed for one element
/// from its declarations and its parent's style. Lengths are in ems of
/// the body text (the root's font size); `nil` means the book left the
/// property alone, so the reader's own default applies.
public struct ComputedStyle: Sendable, Equatable {
    public enum Display: Sendable, Equatable {
        case inline, block, listItem, none
        /// `inline-block`: set as a block by the reader when the element is one by default.
        case inlineBlock
        case table, tableRow, tableCell
    }

    public enum TextAlign: String, Sendable, Equatable {
        case start, end, left, right, center, justify
    }

    public enum WhiteSpace: Sendable, Equatable {
        case normal, pre, preWrap, preLine, nowrap

        /// Whether line breaks of the source are kept.
        public var keepsLineBreaks: Bool { self == .pre || self == .preWrap || self == .preLine }
        /// Whether runs of spaces are kept.
        public var keepsSpaces: Bool { self == .pre || self == .preWrap }
    }

    public enum TextTransform: Sendable, Equatable {
        case none, uppercase, lowercase, capitalize
        /// `full-width` and EPUB's `-epub-fullwidth`.
        case fullWidth
    }

    public enum Hyphens: Sendable, Equatable { case none, manual, auto }
    public enum Direction: String, Sendable, Equatable { case ltr, rtl }
    public enum VerticalAlign: Sendable, Equatable { case baseline, superscript, `subscript` }
    public enum WordBreak: Sendable, Equatable { case normal, keepAll, breakAll }
    public enum LineBreak: Sendable, Equatable { case auto, loose, normal, strict, anywhere }
    /// `float`; the logical sides follow the element's direction.
    public enum Floating: String, Sendable, Equatable {
        case none, left, right
        case inlineStart = "inline-start", inlineEnd = "inline-end"
    }
    /// `clear`; the logical sides follow the element's direction.
    public enum Clearing: String, Sendable, Equatable {
        case none, left, right, both
        case inlineStart = "inline-start", inlineEnd = "inline-end"
    }

    /// Four box edges in body ems.
    public struct Edges: Sendable, Equatable {
        public var top = 0.0, right = 0.0, bottom = 0.0, left = 0.0
        public init() {}
    }

    // Inherited properties.
    public var fontFamilies: [FontFamilyName] = []
    /// In body ems.
    public var fontSize = 1.0
    public var italic = false
    /// 1 to 1000; 700 is bold.
    public var fontWeight = 400
    public var smallCaps = false
    public var textAlign: TextAlign?
    public var textAlignLast: TextAlign?
    /// In body ems; nil when not given.
    public var textIndent: Double?
    public var whiteSpace = WhiteSpace.normal
    public var listStyleType = "disc"
    public var textTransform = TextTransform.none
    public var hyphens: Hyphens?
    public var direction: Direction?
    public var wordBreak = WordBreak.normal
    public var lineBreak = LineBreak.auto
    /// The `text-emphasis-style` mark, when there is one.
    public var emphasisMark: String?
    /// Vertical writing (`WritingModeProperties`).
    public var writingMode = WritingMode.horizontalTB
    public var textOrientation = TextOrientation.mixed
    /// nil: the reader's default (numbers of up to two digits upright in vertical Japanese).
    public var textCombine: TextCombine?

    // Properties that are not inherited.
    public var display = Display.inline
    public var margin = Edges()
    public var padding = Edges()
    public var verticalAlign = VerticalAlign.baseline
    public var breakBefore = false
    public var breakAfter = false
    /// The width asked for, as written.
    public var width: CSSLength?
    /// `position: absolute` (or `fixed`): the box is placed by `top`,
    /// `left`, `width` and `height` in its page, out of the flow.
    public var isAbsolutelyPositioned = false
    /// The box's offsets and height as written (with `width`).
    public var top: CSSLength?
    public var left: CSSLength?
    public var height: CSSLength?
    public var float = Floating.none
    public var clear = Clearing.none

    public init() {}

    /// The style a child starts from: the inherited properties of this one.
    public func inherited() -> ComputedStyle {
        var child = ComputedStyle()
        child.fontFamilies = fontFamilies
        child.fontSize = fontSize
        child.italic = italic
        child.fontWeight = fontWeight
        child.smallCaps = smallCaps
        child.textAlign = textAlign
        child.textAlignLast = textAlignLast
        child.textIndent = textIndent
        child.whiteSpace = whiteSpace
        child.listStyleType = listStyleType
        child.textTransform = textTransform
        child.hyphens = hyphens
        child.direction = direction
        child.wordBreak = wordBreak
        child.lineBreak = lineBreak
        child.emphasisMark = emphasisMark
        child.writingMode = writingMode
        child.textOrientation = textOrientation
        child.textCombine = textCombine
        return child
    }

    public var isBold: Bool { fontWeight >= 600 }
}
